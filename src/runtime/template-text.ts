import type { JsonSchema } from './types.js'

/**
 * How a schema derived from a template literal type keeps the type's text beside the regular
 * expression that checks it: `$comment` (an annotation every validator and provider profile
 * ignores) reads `template literal type \`${number}px\``, so a fault can say the template.
 */
const PREFIX = 'template literal type '

/** The `$comment` that records a template literal type's text (`${number}px`). */
export function templateComment(template: string): string {
  return `${PREFIX}\`${template}\``
}

/** The template a schema node's `$comment` records, if it records one. */
export function templateOfNode(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined
  const comment = (node as { $comment?: unknown }).$comment
  if (typeof comment !== 'string' || !comment.startsWith(`${PREFIX}\``) || !comment.endsWith('`')) return undefined
  return comment.slice(PREFIX.length + 1, -1)
}

/**
 * The template literal type that `pattern` checks somewhere in `schema` (the one a `pattern`
 * fault's regular expression came from), or undefined where the pattern was written by hand.
 * Searched only when a pattern fault is reported; each node is visited once.
 */
export function templateOfPattern(schema: JsonSchema, pattern: unknown, seen = new Set<unknown>()): string | undefined {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return undefined
  seen.add(schema)
  const template = schema.pattern === pattern ? templateOfNode(schema) : undefined
  if (template !== undefined) return template
  for (const value of Object.values(schema)) {
    const found = templateOfPattern(value as JsonSchema, pattern, seen)
    if (found !== undefined) return found
  }
  return undefined
}
