import type { Options } from 'ajv'

/**
 * The one set of ajv options used everywhere a parameter schema is compiled, at runtime or into
 * standalone code at build time, so both paths accept and normalise arguments identically:
 * coercible values are accepted, undeclared keys of closed objects are dropped, defaults filled.
 */
export const ajvOptions = {
  allErrors: true,
  coerceTypes: true,
  removeAdditional: true,
  useDefaults: true,
  strict: false,
  unicodeRegExp: true,
} as const satisfies Options
