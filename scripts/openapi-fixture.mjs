// Regenerates fixtures/openapi-shop/types/shop.d.ts with the real openapi-typescript (through npx, in a
// temporary folder: its peer dependency on TypeScript 5 would clash with this project's TypeScript), or
// with --check only compares. Needs the npm registry, so it is not part of `npm test`.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const version = '7.13.0'
const fixture = fileURLToPath(new URL('../fixtures/openapi-shop/', import.meta.url))
const committed = path.join(fixture, 'types/shop.d.ts')
const scratch = mkdtempSync(path.join(tmpdir(), 'openapi-fixture-'))
try {
  const generated = path.join(scratch, 'shop.d.ts')
  execFileSync('npx', ['-y', `openapi-typescript@${version}`, path.join(fixture, 'shop.openapi.json'), '--default-non-nullable', 'false', '-o', generated], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const fresh = readFileSync(generated, 'utf8')
  if (process.argv.includes('--check')) {
    const same = fresh === readFileSync(committed, 'utf8')
    console.log(same ? 'types/shop.d.ts is what openapi-typescript writes' : 'types/shop.d.ts differs from what openapi-typescript writes')
    process.exitCode = same ? 0 : 1
  } else {
    writeFileSync(committed, fresh)
    console.log(`wrote ${path.relative(process.cwd(), committed)}`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
