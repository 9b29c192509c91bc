import type { JsonSchema, ToolHandler, ToolInterface } from '../types.js'
import { lazyPreparation, type LazyCallPolicy, type LazyPreparation } from './lazy-call.js'
import { readSchema } from './lazy-schema.js'
import type { LazyToolEntry, LazyToolIndexEntry, SchemaText } from './types.js'

/**
 * A `ToolInterface` over one registry entry whose schema is parsed on its first read and whose
 * module is imported on its first call. Start-up cost matters here, once per catalog tool:
 * the tool holds one context and three closures, and its call path is built on its first call.
 */
export function createLazyTool(
  entry: LazyToolEntry | LazyToolIndexEntry,
  join: (text: SchemaText) => string,
  handler: ToolHandler<any, unknown> | undefined,
  policy: LazyCallPolicy,
): ToolInterface {
  const { definition } = entry
  let parameters: JsonSchema | undefined
  let preparation: LazyPreparation | undefined
  const tool: ToolInterface & { readonly parameters: JsonSchema; prepare: NonNullable<ToolInterface['prepare']> } = {
    name: definition.name,
    ...(definition.title !== undefined && { title: definition.title }),
    ...(definition.description !== undefined && { description: definition.description }),
    ...(definition.summary !== undefined && { summary: definition.summary }),
    get parameters() {
      return (parameters ??= readSchema(entry, join))
    },
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    ...(definition.stream === true && { stream: true as const }),
    prepare(args, context) {
      return (preparation ??= lazyPreparation(entry, () => tool.parameters, handler, policy))(args, context)
    },
    async execute(args, context) {
      return (await tool.prepare(args, context)).run(context)
    },
  }
  return tool
}
