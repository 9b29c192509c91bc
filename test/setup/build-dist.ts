import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** Compiles `dist/` once per test run, so CLI and package tests exercise what users install. */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
}
