import type { Options } from 'ajv'
import { linearRegExp } from './validator-runtime/linear-reg-exp.js'

/**
 * The one set of ajv options used everywhere a parameter schema is compiled, at runtime or into
 * standalone code at build time, so both paths accept and refuse identically. Validation never
 * changes the value it checks: coercion, dropping undeclared keys and filling defaults are done
 * beforehand, branch by branch, by the argument normaliser (see `normalise/`), which ajv's own
 * options cannot do inside a union. `discriminator` lets a discriminated union validate only the
 * branch its tag names. `strictNumbers` refuses `NaN` and `±Infinity` wherever a number or integer
 * is expected (JSON text such as `1e309` parses to `Infinity`), which no tool means to accept.
 * `messages: false`: errors carry no ajv `message` (faults are worded by toolcat from keyword and
 * params, never from ajv's phrasing), which keeps the message code out of every generated validator.
 */
export const ajvOptions = {
  allErrors: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  discriminator: true,
  strict: false,
  unicodeRegExp: true,
  strictNumbers: true,
  messages: false,
  code: { regExp: linearRegExp },
} as const satisfies Options
