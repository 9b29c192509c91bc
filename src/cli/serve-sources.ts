import path from 'node:path'
import { serveHandlersDir } from '../interop/mcp/host-handlers.js'
import { loadServedRegistry } from '../interop/mcp/served-registry.js'
import type { LazyRegistryOptions } from '../runtime/lazy/types.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import { UserError, type CommandInput } from './command.js'
import { runnable, type ServedTools } from './serve-build.js'
import { hostHandlersFor } from './serve-handlers.js'

/**
 * Development mode: analyses the tools folder (TypeScript, the checker), writes its registry into
 * the project's cache folder and imports it. Loaded only when `serve` is pointed at sources.
 */
export async function serveSources(input: CommandInput, registryOptions: LazyRegistryOptions, handlersModule: string | undefined, log: (line: string) => void): Promise<ServedTools | number> {
  const run = await runAnalysis(input)
  reportAnalysis(run, input)
  if (run.failed) return 1
  const handlers = handlersModule === undefined ? {} : await hostHandlersFor(run.catalog, handlersModule, path.join(run.root, serveHandlersDir), log)
  const registry = await loadServedRegistry(run.catalog, run.root, { ...registryOptions, handlers }).catch((error: unknown) => {
    throw new UserError(`cannot load the tools' registry: ${error instanceof Error ? error.message : String(error)}`)
  })
  return runnable(run.catalog, registry, new Set(Object.keys(handlers)))
}
