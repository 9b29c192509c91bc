/**
 * Cold start of a bundled Worker-style MCP handler: import the one-file bundle and answer one
 * 2026-07-28 `tools/list` and one `tools/call` through its `fetch`, as a Worker's first request would.
 * Usage: node bench/probes/mcp-worker-cold.mjs <bundle.js> <tool> <argsJson>
 */
import { pathToFileURL } from 'node:url'
import { reportUsage } from './report-usage.mjs'

const [bundle = '', tool = '', argsJson = '{}'] = process.argv.slice(2)
const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
const worker = (await import(pathToFileURL(bundle).href)).default
const post = async (method, params, name) => {
  const headers = { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) }
  const response = await worker.fetch(new Request('https://worker.example/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }) }))
  return response.json()
}
const list = await post('tools/list', {})
const call = await post('tools/call', { name: tool, arguments: JSON.parse(argsJson) }, tool)
if (!Array.isArray(list.result?.tools) || call.result?.isError || call.error) {
  console.error(`worker answered ${JSON.stringify(call).slice(0, 300)}`)
  process.exit(1)
}
reportUsage({ tools: list.result.tools.length })
