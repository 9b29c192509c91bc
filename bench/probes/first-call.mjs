/**
 * Cold start to a usable registry: import the generated registry, list `definitions()`, make one
 * call. With an eager module, that module (which imports every tool's handler) is imported first.
 * Usage: node bench/probes/first-call.mjs <registry.js> <toolName> <argsJson> [eagerModule]
 */
import { pathToFileURL } from 'node:url'
import { reportUsage } from './report-usage.mjs'

const [registryPath = '', name = '', argsJson = '{}', eagerPath] = process.argv.slice(2)
if (eagerPath) await import(pathToFileURL(eagerPath).href)
const { createRegistry } = await import(pathToFileURL(registryPath).href)
const registry = createRegistry()
const definitions = registry.definitions()
const result = await registry.execute({ id: 'bench-1', name, arguments: JSON.parse(argsJson) })
if (!result.success) {
  console.error(`first call to ${name} failed: ${result.error}`)
  process.exit(1)
}
reportUsage({ tools: definitions.length })
