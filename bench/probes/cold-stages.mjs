/**
 * The lazy registry's cold start by stage, in CPU milliseconds (`process.resourceUsage()` between
 * stages): import `toolcat/lazy` (resolved from the registry's folder), import `registry.js`,
 * `createRegistry()`, `definitions()`, and the first call with every module it loads. Prints one
 * `STAGES {json}` line; run it alternately against two builds to compare them (bench/FINDINGS.md).
 * Usage: node bench/probes/cold-stages.mjs <registry.js> <toolName> <argsJson>
 */
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const cpu = () => {
  const usage = process.resourceUsage()
  return (usage.userCPUTime + usage.systemCPUTime) / 1000
}
const boot = cpu()
const [registryArg = '', name = '', argsJson = '{}'] = process.argv.slice(2)
const registryPath = resolve(registryArg)
await import(pathToFileURL(createRequire(registryPath).resolve('toolcat/lazy')).href)
const lazy = cpu()
const { createRegistry } = await import(pathToFileURL(registryPath).href)
const imported = cpu()
const registry = createRegistry()
const created = cpu()
registry.definitions()
const listed = cpu()
const result = await registry.execute({ id: 'stages-1', name, arguments: JSON.parse(argsJson) })
const called = cpu()
if (!result.success) {
  console.error(`first call to ${name} failed: ${result.error}`)
  process.exit(1)
}
const stages = { boot, lazy: lazy - boot, registry: imported - lazy, create: created - imported, definitions: listed - created, call: called - listed, total: called }
console.log(`STAGES ${JSON.stringify(stages)}`)
