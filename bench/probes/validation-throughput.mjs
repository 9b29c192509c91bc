/**
 * Calls per second through a generated registry's `execute` (argument validation included), after
 * one untimed call that imports the handler and, for runtime validators, compiles the schema.
 * Usage: node bench/probes/validation-throughput.mjs <registry.js> <toolName> <argsJson> <calls>
 */
import { pathToFileURL } from 'node:url'
import { reportUsage } from './report-usage.mjs'

const [registryPath = '', name = '', argsJson = '{}', calls = '1000'] = process.argv.slice(2)
const { createRegistry } = await import(pathToFileURL(registryPath).href)
const registry = createRegistry()
const args = JSON.parse(argsJson)
const call = async (id) => {
  const result = await registry.execute({ id: String(id), name, arguments: args })
  if (!result.success) throw new Error(`call to ${name} failed: ${result.error}`)
}
await call(0)
const started = performance.now()
for (let i = 1; i <= Number(calls); i++) await call(i)
const seconds = (performance.now() - started) / 1000
reportUsage({ callsPerSecond: Math.round(Number(calls) / seconds) })
