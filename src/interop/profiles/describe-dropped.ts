import type { JsonSchema } from '../../runtime/types.js'

/** Keywords that say nothing a model needs: dropped without a word in the description. */
const silent = new Set(['$comment', '$schema', '$id', 'readOnly', 'writeOnly'])

const plural = (count: unknown, noun: string): string => `${String(count)} ${noun}${count === 1 ? '' : 's'}`
const json = (value: unknown): string => JSON.stringify(value)

/** Readable phrases for the keywords toolcat's schemas carry; others are spelled `keyword: <JSON>`. */
const phrases: Readonly<Record<string, (value: unknown) => string>> = {
  pattern: (value) => `must match the regular expression ${String(value)}`,
  minLength: (value) => `at least ${plural(value, 'character')}`,
  maxLength: (value) => `at most ${plural(value, 'character')}`,
  minimum: (value) => `at least ${String(value)}`,
  maximum: (value) => `at most ${String(value)}`,
  exclusiveMinimum: (value) => `greater than ${String(value)}`,
  exclusiveMaximum: (value) => `less than ${String(value)}`,
  multipleOf: (value) => `a multiple of ${String(value)}`,
  minItems: (value) => `at least ${plural(value, 'item')}`,
  maxItems: (value) => `at most ${plural(value, 'item')}`,
  uniqueItems: () => 'no duplicate items',
  minProperties: (value) => `at least ${plural(value, 'key')}`,
  maxProperties: (value) => `at most ${plural(value, 'key')}`,
  format: (value) => `format: ${String(value)}`,
  default: (value) => `default: ${json(value)}`,
  examples: (value) => `for example ${Array.isArray(value) ? value.map(json).join(', ') : json(value)}`,
  example: (value) => `for example ${json(value)}`,
  deprecated: () => 'deprecated',
  const: (value) => `must be ${json(value)}`,
  enum: (value) => `one of ${Array.isArray(value) ? value.map(json).join(', ') : json(value)}`,
  contentEncoding: (value) => `encoded as ${String(value)}`,
  contentMediaType: (value) => `media type ${String(value)}`,
}

/**
 * The phrase a dropped keyword leaves in the description (`at least 2 characters`,
 * `must match the regular expression ^ORD-[0-9]{6}$`), or undefined for keywords a model does not
 * need (`$comment`, `readOnly`, …).
 */
export function droppedPhrase(keyword: string, value: unknown): string | undefined {
  if (silent.has(keyword)) return undefined
  const phrase = phrases[keyword]
  if (keyword === 'deprecated' && value !== true) return undefined
  return phrase === undefined ? `${keyword}: ${json(value)}` : phrase(value)
}

/**
 * Appends phrases to a schema's description, after a blank line as Anthropic's SDK does for the
 * constraints its strict mode drops, so a model reads what the schema no longer says. A phrase the
 * description already ends with is not repeated (a node rewritten twice).
 */
export function withDescription(node: JsonSchema, phrases: readonly string[]): JsonSchema {
  if (phrases.length === 0) return node
  const text = phrases.join('; ')
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
  const existing = typeof node.description === 'string' ? node.description : ''
  if (existing.endsWith(sentence)) return node
  return { ...node, description: existing === '' ? sentence : `${existing}\n\n${sentence}` }
}
