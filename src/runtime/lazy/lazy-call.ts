import { nullsToAbsent } from '../null-as-absent.js'
import { CallFailure, throwIfAborted, untilAborted } from '../abort.js'
import type { JsonSchema, PreparedCall, ToolContext, ToolHandler } from '../types.js'
import { argumentParser, type ArgumentParser, type CompiledValidator } from '../validation.js'
import { undeclaredKeysOf, type UndeclaredKeys } from '../normalise/undeclared.js'
import { sharedImport } from './shared-import.js'
import type { LazyRegistryOptions, LazyToolEntry, LazyToolIndexEntry, LazyToolModule } from './types.js'

/** What every lazy tool of one registry shares: how validators are compiled and nulls read. */
export interface LazyCallPolicy {
  readonly compile?: LazyRegistryOptions['compile']
  /** Read a `null` for an optional, non-nullable property as absent (OpenAI strict mode). */
  readonly nullAsAbsent: boolean
  /** Drop or refuse undeclared keys for every tool; by default consequential tools refuse them. */
  readonly undeclaredKeys?: UndeclaredKeys
}

/** Prepares one call of a lazy tool: imports its module (once) and validates the arguments. */
export type LazyPreparation = (args: Readonly<Record<string, unknown>>, context: ToolContext) => Promise<PreparedCall>

/**
 * Builds a lazy tool's call preparation; made on the tool's first call, so a registry of thousands
 * of tools pays for no import wrapper or validator slot until a tool runs. The registry has already
 * checked the envelope (tool, signal, limits) and asks for confirmation only after this resolves:
 * the arguments are validated first, so an invalid call never reaches the confirm hook. Validation
 * needs the validator, which a precompiled tool carries in its module, so the module is imported
 * before confirmation; T10 keeps a tool module's top level free of side effects, so importing it
 * runs none of the tool's work, and a refused confirmation only leaves the import cached for the
 * next call. The handler is entered only after the import settles, the signal is still live and
 * the arguments passed validation.
 */
export function lazyPreparation(
  entry: LazyToolEntry | LazyToolIndexEntry,
  parameters: () => JsonSchema,
  supplied: ToolHandler<any, unknown> | undefined,
  policy: LazyCallPolicy,
): LazyPreparation {
  const { definition } = entry
  const undeclared = undeclaredKeysOf(definition.annotations, policy.undeclaredKeys)
  const load = sharedImport(entry.load)
  let parser: ArgumentParser | null | undefined
  const parserOf = (module: LazyToolModule): ArgumentParser | null => {
    if (parser !== undefined) return parser
    const validate = module.validate ?? policy.compile?.(parameters())
    parser = validate === undefined ? null : argumentParser(parameters(), validate, module.validate === undefined ? [] : (module.branches ?? []), module.regExp)
    return parser
  }
  return async (args, context) => {
    if (definition.declarationOnly === true && supplied === undefined) throw noHandler(definition.name)
    const module = await untilAborted(load(), context.signal)
    throwIfAborted(context.signal)
    const handler = supplied ?? module.handler
    if (handler === undefined) throw noHandler(definition.name)
    const parse = parserOf(module)
    const input = policy.nullAsAbsent ? nullsToAbsent(parameters(), args) : args
    const parsed = parse === null ? input : parse(input, undeclared)
    return { arguments: parsed, run: (runContext) => handler(parsed, runContext) }
  }
}

function noHandler(name: string): CallFailure {
  return new CallFailure(`tool has no handler: ${name}`)
}
