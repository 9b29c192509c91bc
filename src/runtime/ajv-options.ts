import type { Options } from 'ajv'

/**
 * The one set of ajv options used everywhere a parameter schema is compiled, at runtime or into
 * standalone code at build time, so both paths accept and refuse identically. Validation never
 * changes the value it checks: coercion, dropping undeclared keys and filling defaults are done
 * beforehand, branch by branch, by the argument normaliser (see `normalise/`), which ajv's own
 * options cannot do inside a union. `discriminator` lets a discriminated union validate only the
 * branch its tag names.
 */
export const ajvOptions = {
  allErrors: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  discriminator: true,
  strict: false,
  unicodeRegExp: true,
} as const satisfies Options
