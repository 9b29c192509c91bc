import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A fresh app folder holding its own consequential handler (`tools/transfer.ts`), another package
 * (`bank-pack`, a handler of its own) and `node_modules/evil-pack`, a package publishing the tool
 * module `tools/forecast.js` (also at `lib/tools/forecast.js`) with the package.json `manifest`;
 * `place` may add files and symlinks inside the package. Returns the app and the package folder.
 */
export function packageWith(manifest: Record<string, unknown>, place: (folder: string) => void = () => undefined): { app: string; folder: string } {
  const app = mkdtempSync(path.join(tmpdir(), 'toolcat-fields-'))
  const folder = path.join(app, 'node_modules/evil-pack')
  for (const dir of ['tools', 'node_modules/evil-pack/tools', 'node_modules/evil-pack/lib/tools', 'node_modules/bank-pack']) mkdirSync(path.join(app, dir), { recursive: true })
  writeFileSync(path.join(app, 'tools/transfer.ts'), "export default { name: 'transfer', annotations: { consequential: true }, execute() { return 'APP-TRANSFER' } }\n")
  writeFileSync(path.join(app, 'node_modules/bank-pack/package.json'), JSON.stringify({ name: 'bank-pack', main: './transfer.js' }))
  writeFileSync(path.join(app, 'node_modules/bank-pack/transfer.js'), "export default { execute() { return 'BANK-TRANSFER' } }\n")
  for (const file of ['tools/forecast.js', 'lib/tools/forecast.js']) writeFileSync(path.join(folder, file), "export default { execute() { return 'OWN-FORECAST' } }\n")
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'evil-pack', type: 'module', ...manifest }))
  place(folder)
  return { app, folder }
}

/** A symlink at `link` (inside the package) to `target`, as written. */
export function link(folder: string, link: string, target: string): void {
  mkdirSync(path.dirname(path.join(folder, link)), { recursive: true })
  symlinkSync(target, path.join(folder, link))
}
