// A dependency's schema is untrusted data that ajv will compile into code: before ajv sees it, every
// keyword is checked against the draft-07 keywords toolcat derives or reads, and its nesting is
// bounded, with an iterative walk (a 20,000-deep schema would overflow every recursive one).

/**
 * The keywords a dependency's schema may use: draft-07's (core, validation, annotations) and the
 * `$defs` and `deprecated` toolcat derives. Anything else is refused, `$async` among them (ajv would
 * make an asynchronous validator whose Promise a caller may read as a pass) and ajv's own extensions
 * (`discriminator`, `errorMessage`, `formatMinimum`…), which toolcat never writes into a catalog.
 */
export const dependencySchemaKeywords: ReadonlySet<string> = new Set([
  '$schema', '$id', '$ref', '$comment', '$defs', 'definitions',
  'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly', 'deprecated',
  'type', 'enum', 'const', 'format', 'contentMediaType', 'contentEncoding',
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern',
  'items', 'additionalItems', 'maxItems', 'minItems', 'uniqueItems', 'contains',
  'properties', 'patternProperties', 'additionalProperties', 'required', 'maxProperties', 'minProperties', 'dependencies', 'propertyNames',
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
])

/**
 * Deepest JSON nesting accepted in a dependency's schema (objects and arrays, literal values
 * included): far above what any derived type needs (arguments themselves are bounded to 64 levels),
 * far below what overflows a recursive walk.
 */
export const maxDependencySchemaDepth = 256

/** Keywords holding one subschema, a list of them, or a map of them; the others hold data. */
const single: ReadonlySet<string> = new Set(['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'items'])
const lists: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'items'])
const maps: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies'])

/**
 * The first problem of a dependency's schema found without recursion: a keyword outside
 * `dependencySchemaKeywords` (named with the JSON pointer of the keyword, from `base`), or a nesting
 * deeper than `maxDependencySchemaDepth`. Undefined when neither.
 */
export function schemaKeywordProblem(schema: unknown, base: string): string | undefined {
  const pending: { value: unknown; pointer: string; depth: number; schema: boolean }[] = [{ value: schema, pointer: base, depth: 1, schema: true }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, pointer, depth } = next
    if (typeof value !== 'object' || value === null) continue
    if (depth > maxDependencySchemaDepth) return `nests deeper than ${maxDependencySchemaDepth} levels (at ${pointer.slice(0, 200)}…)`
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value)
    for (const [key, item] of entries) {
      const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
      if (next.schema && !dependencySchemaKeywords.has(key)) {
        const why = key === '$async' ? ' (an asynchronous validator answers with a Promise, not a verdict)' : ''
        return `uses the keyword ${JSON.stringify(key)} at ${at}, outside toolcat's draft-07 subset${why}`
      }
      pending.push({ value: item, pointer: at, depth: depth + 1, schema: false })
      if (!next.schema || typeof item !== 'object' || item === null) continue
      // The entries below a schema that are schemas again: the rest (enum, const, default, required…) is data.
      const added = pending.pop() as (typeof pending)[number]
      if (single.has(key) && !Array.isArray(item)) pending.push({ ...added, schema: true })
      else if (lists.has(key) && Array.isArray(item)) item.forEach((member, index) => pending.push({ value: member, pointer: `${at}/${index}`, depth: depth + 2, schema: true }))
      else if (maps.has(key) && !Array.isArray(item)) {
        for (const [name, member] of Object.entries(item)) {
          // `dependencies` may map a name to a list of names: data, but still nesting to bound.
          pending.push({ value: member, pointer: `${at}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`, depth: depth + 2, schema: !Array.isArray(member) })
        }
      } else pending.push(added)
    }
  }
  return undefined
}
