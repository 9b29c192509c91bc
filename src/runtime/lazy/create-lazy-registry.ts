import { createToolManager } from '../tool-manager.js'
import { toolToDefinition } from '../to-definition.js'
import type { JsonSchema, ToolCall, ToolContext, ToolDefinition, ToolHandler, ToolInterface } from '../types.js'
import { lazyDefinition } from './lazy-definitions.js'
import { createLazyTool } from './lazy-tool.js'
import type { LazyRegistry, LazyRegistryOptions, LazyToolEntry, LazyToolIndexEntry, ToolTypeMap, TypedToolResult } from './types.js'

/**
 * Creates a runtime tool registry (`createToolManager`) holding one lazy tool per entry:
 * `definitions()` imports nothing and parses no index schema, and each tool's module is imported
 * on its first call. Every other behaviour — confirmation, streaming, cancellation, isolation,
 * events, batches — is the runtime registry's own. Generated `registry.js` modules call this with
 * the catalog's entries.
 */
export function createLazyRegistry<T extends ToolTypeMap = ToolTypeMap>(
  entries: readonly (LazyToolEntry | LazyToolIndexEntry)[],
  options: LazyRegistryOptions<T> = {},
): LazyRegistry<T> {
  const { handlers: supplied, compile, nullAsAbsent, ...managerOptions } = options
  const registry = createToolManager(managerOptions)
  const handlers: Readonly<Record<string, ToolHandler<any, unknown> | undefined>> = supplied ?? {}
  // Tools added later by the host are not lazy and are projected as usual.
  const schemas = new WeakMap<ToolInterface, () => JsonSchema>()
  registry.add(
    entries.map((entry) => {
      const name = entry.definition.name
      // Own keys only: a tool named `toString` must not pick up Object.prototype's.
      const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined
      const { tool, parameters } = createLazyTool(entry, { handler, compile, nullAsAbsent: nullAsAbsent === true })
      schemas.set(tool, parameters)
      return tool
    }),
  )
  const definitions = (): readonly ToolDefinition[] =>
    registry.tools().map((tool) => {
      const parameters = schemas.get(tool)
      return parameters === undefined ? toolToDefinition(tool) : lazyDefinition(tool, parameters)
    })
  let calls = 0
  const call = (name: string, args: object, context?: ToolContext): Promise<TypedToolResult<unknown>> => {
    const request: ToolCall = { id: `call-${++calls}`, name, arguments: args as ToolCall['arguments'] }
    return registry.execute(request, context)
  }
  return Object.assign(registry, { call, definitions }) as LazyRegistry<T>
}
