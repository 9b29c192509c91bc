import type { JsonSchema } from '../../runtime/types.js'
import { derefSchema, isSchemaObject, propertiesOf, requiredOf, typesOf } from '../schema/json-schema.js'
import { pointer, type SchemaPath } from '../schema/rewrite.js'
import { droppedPhrase, withDescription } from './describe-dropped.js'
import type { Warn } from './types.js'

/** Where a rewrite happens: the entry's base pointer, the node's path, and the report. */
export interface RewriteSite {
  readonly base: string
  readonly path: SchemaPath
  readonly warn: Warn
}

/** How one provider treats keywords outside the set it accepts. */
export interface KeywordPolicy extends RewriteSite {
  readonly provider: string
  /** A specific reason for some keywords (else `not supported by <provider>`). */
  readonly reasons?: Readonly<Record<string, string>>
  /** Keywords whose removal changes what a model may send in a way no description can carry. */
  readonly lossy?: ReadonlySet<string>
}

/**
 * Returns the node without the keywords a provider does not accept. Each dropped constraint is
 * written into the node's description in a readable form (so the model still reads it) and
 * reported as `described`; keywords listed as lossy are reported as `lossy`.
 */
export function keepKeywords(node: JsonSchema, allowed: ReadonlySet<string>, policy: KeywordPolicy): JsonSchema {
  const kept: Record<string, unknown> = {}
  const described: string[] = []
  for (const [keyword, value] of Object.entries(node)) {
    if (allowed.has(keyword)) {
      kept[keyword] = value
      continue
    }
    const at = `${policy.base}${pointer([...policy.path, keyword])}`
    const reason = policy.reasons?.[keyword] ?? `not supported by ${policy.provider}`
    if (policy.lossy?.has(keyword)) {
      policy.warn(at, `${keyword} removed: ${reason}`, 'lossy')
      continue
    }
    const phrase = droppedPhrase(keyword, value)
    if (phrase === undefined) {
      policy.warn(at, `${keyword} removed: ${reason}`, 'cosmetic')
      continue
    }
    described.push(phrase)
    policy.warn(at, `${keyword} removed (${reason}); the description says "${phrase}"`, 'described')
  }
  return withDescription(kept, described)
}

/** Drops a `format` outside the provider's list, writing it into the description. */
export function keepFormats(node: JsonSchema, formats: ReadonlySet<string>, site: RewriteSite, provider: string): JsonSchema {
  if (typeof node.format !== 'string' || formats.has(node.format)) return node
  const phrase = droppedPhrase('format', node.format)!
  const at = `${site.base}${pointer([...site.path, 'format'])}`
  site.warn(at, `format "${node.format}" removed (${provider} supports only ${[...formats].join(', ')}); the description says "${phrase}"`, 'described')
  const { format: _dropped, ...rest } = node
  return withDescription(rest, [phrase])
}

/**
 * Moves a `$ref` that has sibling keywords into a one-branch `anyOf`, for providers that ignore or
 * reject siblings of `$ref`: the siblings (a description, say) stay on the wrapper.
 */
export function isolateRef(node: JsonSchema, site: RewriteSite): JsonSchema {
  const { $ref, ...siblings } = node
  if ($ref === undefined || Object.keys(siblings).length === 0) return node
  site.warn(`${site.base}${pointer([...site.path, '$ref'])}`, '$ref had sibling keywords: moved into anyOf so the siblings are kept', 'cosmetic')
  return { ...siblings, anyOf: [{ $ref }] }
}

/**
 * Rewrites a one-branch `allOf` (how the analyzer puts constraints beside a `$ref`) as the equal
 * one-branch `anyOf`, for providers without `allOf`; a real intersection is left to the caller.
 */
export function singleAllOfAsAnyOf(node: JsonSchema, site: RewriteSite): JsonSchema {
  const { allOf, ...rest } = node
  if (!Array.isArray(allOf) || allOf.length !== 1 || rest.anyOf !== undefined) return node
  site.warn(`${site.base}${pointer([...site.path, 'allOf'])}`, 'one-branch allOf rewritten as the equivalent one-branch anyOf', 'cosmetic')
  return { ...rest, anyOf: allOf }
}

/**
 * Rewrites `oneOf` as `anyOf` for providers without `oneOf`. When no value can match two branches
 * (different types, different literals, different discriminator values) the two are the same
 * schema; otherwise the "exactly one" rule goes into the description.
 */
export function oneOfAsAnyOf(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema {
  const { oneOf, ...rest } = node
  if (!Array.isArray(oneOf) || rest.anyOf !== undefined) return node
  const at = `${site.base}${pointer([...site.path, 'oneOf'])}`
  const branches = oneOf.filter(isSchemaObject).map((branch) => derefSchema(root, branch))
  if (pairwiseDisjoint(branches)) {
    site.warn(at, 'oneOf rewritten as anyOf: its branches are disjoint, so the two mean the same', 'cosmetic')
    return { ...rest, anyOf: oneOf }
  }
  site.warn(at, 'oneOf rewritten as anyOf; the description says "must match exactly one of the alternatives"', 'described')
  return withDescription({ ...rest, anyOf: oneOf }, ['must match exactly one of the alternatives'])
}

/** Whether no JSON value can match two of the branches (judged from types, literals and discriminators). */
export function pairwiseDisjoint(branches: readonly JsonSchema[]): boolean {
  for (let i = 0; i < branches.length; i++) {
    for (let j = i + 1; j < branches.length; j++) if (!disjoint(branches[i]!, branches[j]!)) return false
  }
  return true
}

function disjoint(a: JsonSchema, b: JsonSchema): boolean {
  const typesA = acceptedTypes(a)
  const typesB = acceptedTypes(b)
  if (typesA && typesB && ![...typesA].some((type) => typesB.has(type))) return true
  const literalsA = literalsOf(a)
  const literalsB = literalsOf(b)
  if (literalsA && literalsB) return !literalsA.some((value) => literalsB.includes(value))
  return discriminated(a, b)
}

/** JSON types a schema can accept, from `type`, `const` or `enum`; undefined when unknown. */
function acceptedTypes(schema: JsonSchema): Set<string> | undefined {
  const literals = literalsOf(schema)
  if (literals) return new Set(literals.map((value) => jsonTypeOf(JSON.parse(value))))
  const types = typesOf(schema)
  if (!types) return undefined
  // An integer is a number: the two overlap.
  return new Set(types.flatMap((type) => (type === 'integer' ? ['number'] : [type])))
}

/** The literal values (as JSON text) a `const` or `enum` allows. */
function literalsOf(schema: JsonSchema): string[] | undefined {
  if ('const' in schema) return [JSON.stringify(schema.const)]
  return Array.isArray(schema.enum) ? schema.enum.map((value) => JSON.stringify(value)) : undefined
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'string'
}

/** Two object schemas that both require a property whose literal values never meet. */
function discriminated(a: JsonSchema, b: JsonSchema): boolean {
  const requiredB = new Set(requiredOf(b))
  const propertiesB = propertiesOf(b)
  return Object.entries(propertiesOf(a)).some(([name, schema]) => {
    const other = propertiesB[name]
    if (!requiredOf(a).includes(name) || !requiredB.has(name) || other === undefined) return false
    const left = literalsOf(schema)
    const right = literalsOf(other)
    return left !== undefined && right !== undefined && !left.some((value) => right.includes(value))
  })
}
