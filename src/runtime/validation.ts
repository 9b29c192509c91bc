import type { ErrorObject } from 'ajv'
import { refusalMessage } from './fault-text.js'
import { faultsOf } from './faults.js'
import { isPlainRecord } from './is-tool-call.js'
import { copyJson } from './normalise/copy.js'
import { Normaliser } from './normalise/normaliser.js'
import type { PatternEngine } from './normalise/pattern-engine.js'
import { planValidation, type ValidationPlan } from './normalise/validation-plan.js'
import { ToolError } from './tool-error.js'
import { misspeltKeyFaults, undeclaredKeyFaults, type UndeclaredKeys } from './normalise/undeclared.js'
import { isPass } from './verdict.js'
import type { JsonSchema, ToolFault } from './types.js'

/** A compiled argument validator: the shape shared by an ajv `ValidateFunction` and ajv standalone code. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: readonly ErrorObject[] | null }

/**
 * Checks arguments and returns the normalised copy the handler receives, or throws
 * `ToolError('ARGUMENTS')`. With `undeclared: 'refuse'`, a key no schema declares is a fault
 * rather than dropped.
 */
export type ArgumentParser = (args: Readonly<Record<string, unknown>>, undeclared?: UndeclaredKeys) => Record<string, unknown>

/** The parsers of validators `compileSchema` made, which know their schema. */
const parsers = new WeakMap<object, ArgumentParser>()

/**
 * Parses arguments with `validate`: checks a normalised copy of `args` (honestly coerced values,
 * undeclared keys dropped, defaults filled, each union by the branch it matched) and returns that
 * copy; the caller's object is never touched. Refused arguments throw `ToolError('ARGUMENTS')`
 * with every fault in `context.faults` and the first one as the message, each fault reporting
 * the value the caller sent. A validator not made by `compileSchema` checks a plain copy.
 */
export function parseArguments(validate: CompiledValidator, args: Readonly<Record<string, unknown>>, undeclared: UndeclaredKeys = 'drop'): Record<string, unknown> {
  return (parsers.get(validate) ?? plainParser(validate))(args, undeclared)
}

/**
 * The parser of a parameter schema whose validators were compiled elsewhere (precompiled at build
 * time): `validate` checks the plan's schema, `branches` the subschemas at its `branchPointers`.
 * `patterns` is the engine the validators match `pattern`s with (a precompiled validator module
 * exports it as `regExp` when the schema has `patternProperties`). A validator made by
 * `compileSchema` brings its own parser.
 */
export function argumentParser(parameters: JsonSchema, validate: CompiledValidator, branches: readonly CompiledValidator[] = [], patterns?: PatternEngine): ArgumentParser {
  return parsers.get(validate) ?? normalisingParser(new Normaliser(parameters, planValidation(parameters), branches, patterns), validate)
}

/**
 * The validator `compileSchema` returns for `parameters`: it answers whether arguments parse (it
 * checks their normalised copy with `check`, the compiled plan schema, whose errors it then holds),
 * and `parseArguments` knows its parser.
 */
export function acceptingValidator(
  parameters: JsonSchema,
  plan: ValidationPlan,
  check: CompiledValidator,
  branches: readonly CompiledValidator[],
  patterns?: PatternEngine,
): CompiledValidator {
  const normaliser = new Normaliser(parameters, plan, branches, patterns)
  const validate: CompiledValidator = (data) => {
    const { copy, unionErrors } = normaliser.decide(data)
    const valid = isPass(check(copy))
    const errors = [...(check.errors ?? []), ...unionErrors]
    validate.errors = errors.length === 0 ? null : errors
    return valid && unionErrors.length === 0
  }
  parsers.set(validate, normalisingParser(normaliser, check))
  return validate
}

function normalisingParser(normaliser: Normaliser, validate: CompiledValidator): ArgumentParser {
  return (args, undeclared = 'drop') => {
    const { copy, unionErrors } = normaliser.decide(args)
    const valid = isPass(validate(copy)) && unionErrors.length === 0
    const declaredAt = (path: readonly (string | number)[]): readonly string[] | undefined => normaliser.declaredKeysAt(copy, path)
    const strays = undeclared === 'refuse' ? undeclaredKeyFaults(args, copy, declaredAt) : []
    if (valid && strays.length === 0) {
      if (!isPlainRecord(copy)) throw new ToolError('ARGUMENTS', 'Arguments did not parse')
      return copy
    }
    const faults = valid ? [] : faultsOf(validate.errors ?? [], args, copy, normaliser, unionErrors)
    // On every tool, a key that misspells a required one is named first: it is why the call fails.
    const listed = new Set(strays.map((fault) => JSON.stringify(fault.path)))
    const misspelt = misspeltKeyFaults(faults, args, declaredAt).filter((fault) => !listed.has(JSON.stringify(fault.path)))
    refuse([...strays, ...misspelt, ...faults])
  }
}

function plainParser(validate: CompiledValidator): ArgumentParser {
  return (args) => {
    const copy = copyJson(args)
    if (!isPass(validate(copy))) refuse(faultsOf(validate.errors ?? [], args, copy))
    if (!isPlainRecord(copy)) throw new ToolError('ARGUMENTS', 'Arguments did not parse')
    return copy
  }
}

function refuse(faults: readonly ToolFault[]): never {
  const message = faults[0] === undefined ? 'Arguments did not parse' : refusalMessage(faults)
  throw new ToolError('ARGUMENTS', message, { faults })
}
