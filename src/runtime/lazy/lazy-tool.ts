import type { JsonSchema, ToolHandler, ToolInterface } from '../types.js'
import type { LazyCallPolicy, LazyPreparation } from './lazy-call.js'
import { readSchema } from './lazy-schema.js'
import { sharedImport } from '../shared-import.js'
import type { LazyToolEntry, LazyToolIndexEntry, LazyToolModule, SchemaText } from './types.js'

/** The call path of every lazy tool, imported on the first call of any (a failed import is retried). */
const callModule = sharedImport(() => import('./lazy-call.js'))

/**
 * A `ToolInterface` over one registry entry whose schema is parsed on its first read and whose
 * module is imported on its first call. Start-up cost matters here, once per catalog tool:
 * the tool holds one context and three closures, and its call path is built on its first call,
 * from a module imported then: listing a registry loads no argument normaliser or validation code.
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
  let loader: (() => Promise<LazyToolModule>) | undefined
  let early: Promise<LazyToolModule> | undefined
  const tool: ToolInterface & { readonly parameters: JsonSchema; prepare: NonNullable<ToolInterface['prepare']> } = {
    // One shape for every tool, an absent member an undefined one: spreading optional members
    // into the literal costs the engine a slow object clone per tool, thousands at start-up.
    name: definition.name,
    title: definition.title,
    description: definition.description,
    summary: definition.summary,
    get parameters() {
      return (parameters ??= readSchema(entry, join))
    },
    annotations: definition.annotations,
    stream: definition.stream === true ? true : undefined,
    async prepare(args, context) {
      if (preparation === undefined) {
        const load = (loader ??= sharedImport(entry.load))
        // The tool's module starts loading now, alongside the call path's code, not after it; the
        // first call awaits that very load, so a failure fails it rather than loading twice.
        if (definition.declarationOnly !== true || handler !== undefined) (early ??= load()).catch(ignore)
        const call = await callModule()
        const started = (): Promise<LazyToolModule> => {
          const pending = early ?? load()
          early = undefined
          return pending
        }
        preparation ??= call.lazyPreparation(entry, started, () => tool.parameters, handler, policy)
      }
      return preparation(args, context)
    },
    async execute(args, context) {
      return (await tool.prepare(args, context)).run(context)
    },
  }
  return tool
}

/** A failure of the early start of a load is reported by the call that awaits the load, not here. */
function ignore(): void {}
