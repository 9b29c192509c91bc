/** The specifier of the module that gives generated validators ajv's run-time helpers. */
export const VALIDATOR_RUNTIME = 'toolcat/validator-runtime'

/** One helper ajv's standalone code requires, and where `toolcat/validator-runtime` has it. */
interface ValidatorHelper {
  /** What ajv's code requires: `require("<module>").<member>`. */
  readonly module: string
  readonly member: string
  /** The export of `toolcat/validator-runtime` holding the same value. */
  readonly exported: string
  /** The module under `src/runtime/validator-runtime/` (and `dist/runtime/validator-runtime/`) defining it. */
  readonly file: string
}

const helpers: readonly ValidatorHelper[] = [
  { module: 'ajv/dist/runtime/equal', member: 'default', exported: 'equal', file: 'equal' },
  { module: 'ajv/dist/runtime/ucs2length', member: 'default', exported: 'ucs2length', file: 'ucs2length' },
  { module: 'ajv/dist/runtime/uri', member: 'default', exported: 'uri', file: 'uri' },
  { module: 'ajv/dist/runtime/validation_error', member: 'default', exported: 'ValidationError', file: 'validation-error' },
  { module: 'ajv-formats/dist/formats', member: 'fullFormats', exported: 'fullFormats', file: 'formats' },
  { module: 'ajv-formats/dist/formats', member: 'fastFormats', exported: 'fastFormats', file: 'formats' },
  // The pattern engine (ajv's `code.regExp`), whose `code` names this module itself.
  { module: 'toolcat/validator-runtime', member: 'linearRegExp', exported: 'linearRegExp', file: 'linear-reg-exp' },
]

/** Every helper `toolcat/validator-runtime` provides, for the runtime's bundling and the test that keeps the table true. */
export function validatorHelpers(): readonly ValidatorHelper[] {
  return helpers
}

/**
 * The `toolcat/validator-runtime` export standing for `require("<module>").<member>`. A require
 * the table does not know (a newer ajv emitting a new helper) is a build failure here, not code
 * that imports a package the app may not have.
 */
export function validatorRuntimeExport(module: string, member: string): string {
  const bare = module.replace(/\.js$/, '')
  const helper = helpers.find((candidate) => candidate.module === bare && candidate.member === member)
  if (helper === undefined) {
    throw new Error(`toolcat: ajv's standalone code requires ${JSON.stringify(module)}.${member}, which toolcat/validator-runtime does not provide`)
  }
  return helper.exported
}

/** The module of `toolcat/validator-runtime` defining an export, for imports that skip its index. */
export function validatorRuntimeFile(exported: string): string {
  const helper = helpers.find((candidate) => candidate.exported === exported)
  if (helper === undefined) throw new Error(`toolcat/validator-runtime has no export ${JSON.stringify(exported)}`)
  return helper.file
}
