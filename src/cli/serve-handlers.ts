import { loadHostHandlers, type HostHandlers } from '../interop/mcp/host-handlers.js'
import type { Catalog } from '../runtime/catalog.js'
import type { ToolHandler } from '../runtime/types.js'
import { UserError } from './command.js'

/** Compiles `--handlers` (esbuild) and returns a handler per declaration-only tool it exports; other exports are reported. */
export async function hostHandlersFor(catalog: Catalog, module: string, outDir: string, log: (line: string) => void): Promise<Record<string, ToolHandler<any, unknown>>> {
  let host: HostHandlers
  try {
    host = await loadHostHandlers(module, process.cwd(), outDir)
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors
    const first = errors?.[0]
    const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : ''
    throw new UserError(`cannot compile --handlers ${module}: ${where}${first?.text ?? (error instanceof Error ? error.message : String(error))}`)
  }
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
  const handled: string[] = []
  for (const name of host.names) {
    const tool = byName.get(name)
    if (tool === undefined) log(`warning: ${host.module} exports ${JSON.stringify(name)}, which names no tool: ignored`)
    else if (tool.declarationOnly !== true) log(`warning: ${host.module} exports ${JSON.stringify(name)}, but that tool has its own execute: ignored`)
    else handled.push(name)
  }
  return host.handlersFor(handled)
}
