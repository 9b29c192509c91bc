/**
 * Start-up of an MCP server to its first `tools/list` answer, against a bare Node reading the
 * same catalog. Spawns the child with exit-usage.mjs preloaded and reports the child's own CPU
 * (not this probe's) and the wall time from spawn to the answer.
 * Usage: node bench/probes/mcp-first-list.mjs serve <outDir> | parse <outDir>
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cliPath } from '../lib/toolcat.mjs'

const [mode, outDir = ''] = process.argv.slice(2)
const usageHook = fileURLToPath(new URL('./exit-usage.mjs', import.meta.url))
const parse = `const t = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(join(outDir, 'catalog.json'))}, 'utf8')).tools; process.stdout.write(String(t.length) + '\\n')`
const args = mode === 'serve' ? ['--import', usageHook, cliPath, 'serve', '--mcp', outDir] : ['--import', usageHook, '-e', parse]
const started = process.hrtime.bigint()
const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] })
let stdout = ''
let stderr = ''
let answeredMs
child.stderr.on('data', (chunk) => (stderr += chunk))
child.stdout.on('data', (chunk) => {
  stdout += chunk
  if (answeredMs === undefined && stdout.includes('\n')) {
    answeredMs = Number(process.hrtime.bigint() - started) / 1e6
    child.stdin.end()
  }
})
// No handshake on 2026-07-28: the first request is the listing.
const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
if (mode === 'serve') child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } })}\n`)
child.on('exit', (code) => {
  const report = /BENCH-CHILD (\{.*\})/.exec(stderr)
  if (report === null || answeredMs === undefined || (mode === 'serve' && !stdout.includes('"tools"'))) {
    console.error(`${mode} failed (exit ${code}): ${stderr.slice(0, 300)}`)
    process.exit(1)
  }
  console.log(`BENCH ${JSON.stringify({ cpu: JSON.parse(report[1]).cpu, firstAnswerMs: answeredMs })}`)
})
