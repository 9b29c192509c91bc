import type { JsonSchema } from '../../runtime/types.js'
import { pointer, type SchemaPath } from '../schema/rewrite.js'
import type { Warn } from './types.js'

/**
 * Returns the node without the keywords a provider does not accept, one warning per keyword.
 * `reasons` gives a specific message for some keywords; the others get a generic one.
 */
export function keepKeywords(
  node: JsonSchema,
  allowed: ReadonlySet<string>,
  at: { readonly base: string; readonly path: SchemaPath; readonly warn: Warn; readonly provider: string },
  reasons: Readonly<Record<string, string>> = {},
): JsonSchema {
  const kept: Record<string, unknown> = {}
  for (const [keyword, value] of Object.entries(node)) {
    if (allowed.has(keyword)) kept[keyword] = value
    else at.warn(`${at.base}${pointer([...at.path, keyword])}`, reasons[keyword] ?? `${keyword} removed: not supported by ${at.provider}`)
  }
  return kept
}

/**
 * Moves a `$ref` that has sibling keywords into a one-branch `anyOf`, for providers that ignore or
 * reject siblings of `$ref`: the siblings (a description, say) stay on the wrapper.
 */
export function isolateRef(node: JsonSchema, path: SchemaPath, base: string, warn: Warn): JsonSchema {
  const { $ref, ...siblings } = node
  if ($ref === undefined || Object.keys(siblings).length === 0) return node
  warn(`${base}${pointer([...path, '$ref'])}`, '$ref had sibling keywords: moved into anyOf so the siblings are kept')
  return { ...siblings, anyOf: [{ $ref }] }
}

/**
 * Rewrites a one-branch `allOf` (how the analyzer puts constraints beside a `$ref`) as the equal
 * one-branch `anyOf`, for providers without `allOf`; a real intersection is left to be dropped.
 */
export function singleAllOfAsAnyOf(node: JsonSchema, path: SchemaPath, base: string, warn: Warn): JsonSchema {
  const { allOf, ...rest } = node
  if (!Array.isArray(allOf) || allOf.length !== 1 || rest.anyOf !== undefined) return node
  warn(`${base}${pointer([...path, 'allOf'])}`, 'one-branch allOf rewritten as the equivalent one-branch anyOf')
  return { ...rest, anyOf: allOf }
}

/** Rewrites `oneOf` as `anyOf` for providers without `oneOf`; values matching several branches slip through. */
export function oneOfAsAnyOf(node: JsonSchema, path: SchemaPath, base: string, warn: Warn): JsonSchema {
  const { oneOf, ...rest } = node
  if (!Array.isArray(oneOf) || rest.anyOf !== undefined) return node
  warn(`${base}${pointer([...path, 'oneOf'])}`, 'oneOf rewritten as anyOf: values matching several branches are no longer rejected')
  return { ...rest, anyOf: oneOf }
}
