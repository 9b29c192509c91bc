import { nullsToAbsent } from '../../interop/null-as-absent.js'
import { CallFailure, throwIfAborted, untilAborted } from '../abort.js'
import type { JsonSchema, ToolContext, ToolHandler, ToolInterface } from '../types.js'
import { parseArguments, type CompiledValidator } from '../validation.js'
import { lazySchema } from './lazy-schema.js'
import { sharedImport } from './shared-import.js'
import type { LazyRegistryOptions, LazyToolEntry, LazyToolIndexEntry, LazyToolModule } from './types.js'

/** Where a lazy tool's handler and runtime validator come from, beyond its own module. */
export interface LazyToolSources {
  /** A host-supplied handler, preferred over the module's. */
  readonly handler?: ToolHandler<any, unknown> | undefined
  readonly compile?: LazyRegistryOptions['compile']
  /** Read a `null` for an optional, non-nullable property as absent (OpenAI strict mode). */
  readonly nullAsAbsent?: boolean
}

/** A lazy tool and the reader of its parameter schema, which does not parse an index entry's JSON. */
export interface LazyTool {
  readonly tool: ToolInterface
  readonly parameters: () => JsonSchema
}

/**
 * A `ToolInterface` whose module is imported on its first `execute`. The runtime registry has
 * already checked the signal and any confirmation by then, so a refused call imports nothing.
 * The handler is entered only after the import settles, the signal is still live and the
 * arguments passed validation.
 */
export function createLazyTool(entry: LazyToolEntry | LazyToolIndexEntry, sources: LazyToolSources): LazyTool {
  const { definition } = entry
  const parameters = lazySchema(entry)
  const load = sharedImport(entry.load)
  let compiled: CompiledValidator | undefined

  const validatorOf = (module: LazyToolModule): CompiledValidator | undefined => {
    if (module.validate !== undefined || sources.compile === undefined) return module.validate
    compiled ??= sources.compile(parameters())
    return compiled
  }

  const tool: ToolInterface = {
    name: definition.name,
    ...(definition.title !== undefined && { title: definition.title }),
    ...(definition.description !== undefined && { description: definition.description }),
    ...(definition.summary !== undefined && { summary: definition.summary }),
    get parameters() {
      return parameters()
    },
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    async execute(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<unknown> {
      if (definition.declarationOnly === true && sources.handler === undefined) throw noHandler(definition.name)
      const module = await untilAborted(load(), context.signal)
      throwIfAborted(context.signal)
      const handler = sources.handler ?? module.handler
      if (handler === undefined) throw noHandler(definition.name)
      const validate = validatorOf(module)
      const input = sources.nullAsAbsent === true ? nullsToAbsent(parameters(), args) : args
      return handler(validate === undefined ? input : parseArguments(validate, input), context)
    },
  }
  return { tool, parameters }
}

function noHandler(name: string): CallFailure {
  return new CallFailure(`tool has no handler: ${name}`)
}
