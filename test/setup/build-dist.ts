import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Compiles `dist/` (and bundles its runtime and writes its build id, as `npm run build` does) once per test run, so CLI and package tests exercise what users install.
 * Type errors do not stop the run here (tsc still emits); `test/typecheck.test.ts` reports them.
 * Set TOOLCAT_SKIP_BUILD=1 to reuse an existing dist/ while iterating on source-only tests.
 */
export default function setup(): void {
  if (process.env.TOOLCAT_SKIP_BUILD === '1') return
  const root = fileURLToPath(new URL('../..', import.meta.url))
  spawnSync(process.execPath, ['node_modules/typescript6/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'ignore' })
  spawnSync(process.execPath, ['scripts/bundle-runtime.mjs'], { cwd: root, stdio: 'inherit' })
  spawnSync(process.execPath, ['scripts/build-id.mjs'], { cwd: root, stdio: 'inherit' })
}
