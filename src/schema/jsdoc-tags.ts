/** The JSDoc tags toolcat reads as schema keywords, and the tags it leaves alone. */

/** Tags whose value is a number, each the keyword of the same name. */
export const numericTags = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties',
] as const

/** Every tag that becomes (part of) a schema keyword. */
export const schemaTags: readonly string[] = [
  ...numericTags, 'pattern', 'format', 'title', 'description', 'uniqueItems', 'default', 'example', 'examples',
  'deprecated', 'readOnly', 'writeOnly', 'integer', 'asType', 'type',
]

/**
 * Standard JSDoc and TSDoc block and modifier tags, and tags generators and documentation tools
 * commonly write: never a schema tag, never a typo of one.
 */
const standardTags = new Set([
  'abstract', 'access', 'alias', 'alpha', 'argument', 'arg', 'async', 'augments', 'author', 'beta', 'borrows',
  'callback', 'category', 'class', 'classdesc', 'const', 'constant', 'constructor', 'constructs', 'copyright',
  'decorator', 'defaultValue', 'emits', 'enum', 'event', 'eventProperty', 'exception', 'experimental', 'exports',
  'extends', 'external', 'file', 'fileoverview', 'fires', 'function', 'func', 'generator', 'global', 'group',
  'hidden', 'host', 'ignore', 'implements', 'import', 'inheritDoc', 'inheritdoc', 'inner', 'instance', 'interface',
  'internal', 'kind', 'label', 'lends', 'license', 'link', 'linkcode', 'linkplain', 'listens', 'member',
  'memberof', 'method', 'mixes', 'mixin', 'module', 'name', 'namespace', 'nullable', 'override', 'overload',
  'package', 'packageDocumentation', 'param', 'private', 'privateRemarks', 'prop', 'property', 'protected',
  'public', 'readonly', 'remarks', 'requires', 'return', 'returns', 'satisfies', 'sealed', 'see', 'since',
  'static', 'summary', 'template', 'this', 'throws', 'todo', 'tutorial', 'typedef', 'typeParam', 'var',
  'variation', 'version', 'virtual', 'yield', 'yields',
])

/** Whether a tag is a schema tag, or a standard or commonly written one (see `standardTags`): a tag meant as a tag. */
export function isKnownTag(name: string): boolean {
  return schemaTags.includes(name) || standardTags.has(name)
}

/** Shortened forms people write for a schema tag, with the tag they mean. */
const shortForms: Readonly<Record<string, string>> = {
  min: 'minimum', max: 'maximum', minlen: 'minLength', maxlen: 'maxLength', unique: 'uniqueItems', desc: 'description',
}

/**
 * The schema tag an unknown tag most likely misspells or shortens (`maximun`, `minLenght`, `min`),
 * or undefined for a standard or unrelated tag, which passes silently.
 */
export function suggestTag(name: string): string | undefined {
  if (schemaTags.includes(name) || standardTags.has(name)) return undefined
  const lower = name.toLowerCase()
  const short = shortForms[lower]
  if (short !== undefined) return short
  let best: { tag: string; distance: number } | undefined
  for (const tag of schemaTags) {
    if (tag.toLowerCase() === lower) return tag
    const distance = editDistance(lower, tag.toLowerCase())
    if (distance <= (tag.length <= 5 ? 1 : 2) && (best === undefined || distance < best.distance)) best = { tag, distance }
  }
  return best?.tag
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours each cost one. The edit-distance packages at hand count a swap as two edits, and a
 * swap is the most common typo (`minLenght`).
 */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      const row = rows[i]
      if (row) row[j] = best
    }
  }
  return at(a.length, b.length)
}
