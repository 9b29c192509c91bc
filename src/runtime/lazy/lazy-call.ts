import { nullsToAbsent } from '../../interop/null-as-absent.js'
import { CallFailure, throwIfAborted, untilAborted } from '../abort.js'
import type { JsonSchema, ToolContext, ToolHandler } from '../types.js'
import { parseArguments, type CompiledValidator } from '../validation.js'
import { sharedImport } from './shared-import.js'
import type { LazyRegistryOptions, LazyToolEntry, LazyToolIndexEntry, LazyToolModule } from './types.js'

/** What every lazy tool of one registry shares: how validators are compiled and nulls read. */
export interface LazyCallPolicy {
  readonly compile?: LazyRegistryOptions['compile']
  /** Read a `null` for an optional, non-nullable property as absent (OpenAI strict mode). */
  readonly nullAsAbsent: boolean
}

/** Runs one call of a lazy tool: imports its module (once), validates, enters the handler. */
export type LazyCall = (args: Readonly<Record<string, unknown>>, context: ToolContext) => Promise<unknown>

/**
 * Builds a lazy tool's call path; made on the tool's first call, so a registry of thousands of
 * tools pays for no import wrapper or validator slot until a tool runs. The runtime registry has
 * already checked the signal and any confirmation, so a refused call imports nothing. The handler
 * is entered only after the import settles, the signal is still live and the arguments passed
 * validation.
 */
export function lazyCall(
  entry: LazyToolEntry | LazyToolIndexEntry,
  parameters: () => JsonSchema,
  supplied: ToolHandler<any, unknown> | undefined,
  policy: LazyCallPolicy,
): LazyCall {
  const { definition } = entry
  const load = sharedImport(entry.load)
  let compiled: CompiledValidator | undefined
  const validatorOf = (module: LazyToolModule): CompiledValidator | undefined => {
    if (module.validate !== undefined || policy.compile === undefined) return module.validate
    compiled ??= policy.compile(parameters())
    return compiled
  }
  return async (args, context) => {
    if (definition.declarationOnly === true && supplied === undefined) throw noHandler(definition.name)
    const module = await untilAborted(load(), context.signal)
    throwIfAborted(context.signal)
    const handler = supplied ?? module.handler
    if (handler === undefined) throw noHandler(definition.name)
    const validate = validatorOf(module)
    const input = policy.nullAsAbsent ? nullsToAbsent(parameters(), args) : args
    return handler(validate === undefined ? input : parseArguments(validate, input), context)
  }
}

function noHandler(name: string): CallFailure {
  return new CallFailure(`tool has no handler: ${name}`)
}
