/** Keywords that never change whether a value is valid. */
const annotations = new Set(['description', 'title', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'default', 'examples'])

type Primitive = string | number | boolean | null

function isPrimitive(value: unknown): value is Primitive {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/** ajv's own tests for the JSON types, as it generates them without `strictNumbers` (NaN is a number, ±Infinity an integer). */
const typeTests: Readonly<Record<string, (value: Primitive) => boolean>> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => typeof value === 'number' && !(value % 1) && !Number.isNaN(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
}

/**
 * Whether a primitive value is valid against a schema made only of a JSON `type`, an `enum` or
 * `const` of primitives and annotations (`{ "type": "boolean" }`, a literal union's
 * `{ "type": "number", "enum": [0, 1, 2] }`) — the answer ajv gives, without loading ajv.
 * Undefined for any other schema or value: ajv decides those.
 */
export function simpleFit(schema: object, value: unknown): boolean | undefined {
  if (!isPrimitive(value)) return undefined
  let fits = true
  for (const [keyword, expected] of Object.entries(schema)) {
    if (annotations.has(keyword)) continue
    if (keyword === 'type') {
      const test = typeof expected === 'string' ? typeTests[expected] : undefined
      if (test === undefined) return undefined
      fits &&= test(value)
    } else if (keyword === 'enum') {
      if (!Array.isArray(expected) || !expected.every(isPrimitive)) return undefined
      fits &&= expected.includes(value)
    } else if (keyword === 'const') {
      if (!isPrimitive(expected)) return undefined
      fits &&= expected === value
    } else {
      return undefined
    }
  }
  return fits
}
