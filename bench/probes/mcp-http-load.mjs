/**
 * A bounded load on an MCP Streamable HTTP endpoint: `connections` keep-alive connections, each
 * sending 2026-07-28 `tools/call` requests back to back for `seconds`; reports calls per second
 * and latency percentiles (ms) as the `BENCH {json}` line, with this client's own CPU.
 * Usage: node bench/probes/mcp-http-load.mjs <url> <tool> <argsJson> <connections> <seconds>
 */
import { Agent, request } from 'node:http'

const [url = '', tool = '', argsJson = '{}', connectionsText = '8', secondsText = '5'] = process.argv.slice(2)
const connections = Number(connectionsText)
const agent = new Agent({ keepAlive: true, maxSockets: connections })
const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: JSON.parse(argsJson), _meta: meta } })
const target = new URL(url)
const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': tool }

function call() {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => (res.statusCode === 200 && text.includes('"resultType":"complete"') && !text.includes('"isError"') ? resolve() : reject(new Error(`${res.statusCode} ${text.slice(0, 200)}`))))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const latencies = []
let errors = 0
let firstError
const deadline = performance.now() + Number(secondsText) * 1000
const started = performance.now()
await Promise.all(Array.from({ length: connections }, async () => {
  while (performance.now() < deadline) {
    const sent = performance.now()
    try {
      await call()
      latencies.push(performance.now() - sent)
    } catch (error) {
      errors++
      firstError ??= String(error)
    }
  }
}))
const elapsed = (performance.now() - started) / 1000
agent.destroy()
latencies.sort((a, b) => a - b)
const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100
if (errors > 0) console.error(`${errors} failed calls, first: ${firstError}`)
const usage = process.resourceUsage()
console.log(`BENCH ${JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6, calls: latencies.length, errors, seconds: elapsed, callsPerSecond: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), max: at(1) })}`)
process.exitCode = errors > 0 ? 1 : 0
