import { codes } from '../../codes.js'
import type { Unit } from '../context.js'

const hints: Record<string, string> = {
  Date: 'use `string` with `@format date-time`',
  Map: 'use `Record<string, V>`',
  ReadonlyMap: 'use `Record<string, V>`',
  WeakMap: 'use `Record<string, V>`',
  Set: 'use an array with `@uniqueItems`',
  ReadonlySet: 'use an array with `@uniqueItems`',
  WeakSet: 'use an array with `@uniqueItems`',
  Promise: 'take the resolved value instead; a Promise cannot travel as JSON',
  RegExp: 'use `string` (the pattern), compiled by the handler',
  URL: 'use `string` with `@format uri`',
  Buffer: 'send bytes as a base64 `string`',
  ArrayBuffer: 'send bytes as a base64 `string`',
  ...Object.fromEntries(
    ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']
      .map((name) => [name, 'use `number[]`, or a base64 `string` for bytes']),
  ),
  bigint: 'use `number`, or `string` with `@pattern ^-?\\d+$`',
  symbol: 'use a string literal union',
  function: 'pass data, not code: remove the member or name the action with a string literal',
}
const defaultHint = 'describe the JSON shape with an interface or a type alias'

/**
 * T5: a type with no JSON form (Date, Map, Set, RegExp, URL, typed arrays, Buffer, Promise, bigint,
 * symbol, functions). Reported with a hint; `{}` stands in so the rest of the type is still checked.
 */
export const nonJsonUnit: Unit = (type, context) => {
  const name = type.kind === 'builtin' ? (type.symbolName() ?? type.text) : type.kind
  context.problem({ code: codes.nonJsonType, message: `${name} is not a JSON type`, hint: hints[name] ?? defaultHint })
  return {}
}
