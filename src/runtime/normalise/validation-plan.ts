import type { JsonSchema } from '../types.js'
import { isObjectNode, pointerSegment, resolveRef, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS, followRefs, typesOf, type SchemaNode } from './schema-nodes.js'
import { layOutUnion, type UnionLayout } from './union-layout.js'

/** A union of the parameter schema, with the validators of its trial branches (two or more). */
export interface PlannedUnion {
  readonly layout: UnionLayout
  /** Index into the plan's branch validators of each `layout.trial` branch; absent for fewer than two. */
  readonly validators?: readonly number[]
  /**
   * The plan's schema holds these trial branches under `BRANCHES_KEYWORD`, which no validator
   * reads: the normaliser alone decides which branch takes the value (see `Normaliser`).
   */
  readonly decided?: true
}

/**
 * Where the plan's schema keeps the trial branches of an `anyOf` or `oneOf` the normaliser decides:
 * a keyword no validator reads, so the branch validators compile from pointers into it while neither
 * the parameter validator nor a branch validator ever tries a union's branches. ajv tries every
 * branch of a nested `anyOf` or `oneOf`, collecting every error, at every level again: exponential in
 * the depth of a recursive union. The normaliser tries each (value, branch) once.
 */
export const BRANCHES_KEYWORD = 'toolcatBranches'

/**
 * What a parameter schema compiles to. `schema` is what ajv validates: the parameter schema with
 * each union whose objects select their branch rewritten so that ajv checks that branch alone (a
 * `discriminator` over the object branches, an `if` on the value's type in front of the others).
 * Its validators never change the value. `unions` lays out every union of the parameter schema,
 * keyed by its node, for the normaliser; `branchPointers` locates, in `schema`, the subschema of
 * each trial branch validator. Pointers are numbered in sorted order, so build time and run time
 * number them alike whatever the key order of the schema they read.
 */
export interface ValidationPlan {
  readonly schema: JsonSchema
  readonly unions: ReadonlyMap<JsonSchema, PlannedUnion>
  readonly branchPointers: readonly string[]
}

/** Plans the validation of a parameter schema (see `ValidationPlan`); the schema is not changed. */
export function planValidation(parameters: JsonSchema): ValidationPlan {
  const trials: { node: JsonSchema; layout: UnionLayout; pointers: string[]; decided: boolean }[] = []
  const visiting = new Set<object>()
  const unwalked = reachedUnwalked(parameters)
  // A union of two or more trial branches the normaliser reaches is decided by it, `anyOf` and `oneOf`
  // alike (the normaliser also checks that exactly one branch of a `oneOf` takes the value); one with
  // a hand-written `discriminator` stays with ajv, whose discriminator reads its `oneOf`.
  const decides = (node: JsonSchema, layout: UnionLayout): boolean => layout.trial.length >= 2 && node.discriminator === undefined && !unwalked.has(node)

  const rewrite = (node: SchemaNode, pointer: string): SchemaNode => {
    if (!isObjectNode(node)) return node
    if (visiting.has(node)) throw new Error(`the schema contains itself at ${pointer || '/'}`)
    visiting.add(node)
    const layout = layOutUnion(parameters, node)
    const out: Record<string, unknown> = {}
    const decided = layout !== undefined && decides(node, layout)
    for (const [keyword, value] of Object.entries(node)) {
      if (layout?.objects !== undefined && keyword === layout.keyword) continue
      const placed = decided && keyword === layout.keyword ? BRANCHES_KEYWORD : keyword
      out[placed] = rewriteKeyword(keyword, value, `${pointer}/${pointerSegment(placed)}`)
    }
    if (layout !== undefined) {
      const keyword = decided ? BRANCHES_KEYWORD : layout.keyword
      const pointers = layout.objects === undefined ? layout.trial.map((_branch, index) => `${pointer}/${keyword}/${index}`) : rewriteTyped(out, layout, pointer, decided)
      trials.push({ node, layout, pointers, decided })
    }
    visiting.delete(node)
    return out
  }

  const rewriteKeyword = (keyword: string, value: unknown, pointer: string): unknown => {
    const isSchema = typeof value === 'boolean' || isObjectNode(value)
    if (SINGLE_SCHEMA_KEYWORDS.has(keyword) || (keyword === 'items' && isSchema)) return isSchema ? rewrite(value, pointer) : value
    if ((SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      return value.map((item: unknown, index) => (typeof item === 'boolean' || isObjectNode(item) ? rewrite(item, `${pointer}/${index}`) : item))
    }
    if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObjectNode(value)) {
      const map: Record<string, unknown> = {}
      for (const [name, item] of Object.entries(value)) {
        const rewritten = typeof item === 'boolean' || isObjectNode(item) ? rewrite(item, `${pointer}/${pointerSegment(name)}`) : item
        Object.defineProperty(map, name, { value: rewritten, enumerable: true, writable: true, configurable: true })
      }
      return map
    }
    return value
  }

  /**
   * Adds the union to `out` as one more `allOf` part: the object branches (under ajv's
   * discriminator when there are several), behind `if: { type: object }` when other branches
   * remain; those then sit under `else`. Returns the pointers of the trial branches.
   */
  const rewriteTyped = (out: Record<string, unknown>, layout: UnionLayout, pointer: string, decided: boolean): string[] => {
    const parts = Array.isArray(out.allOf) ? (out.allOf as unknown[]) : []
    const partPointer = `${pointer}/allOf/${parts.length}`
    const rest = layout.trial
    const objectPointer = rest.length === 0 ? partPointer : `${partPointer}/then`
    const objects = layout.objects as NonNullable<UnionLayout['objects']>
    const objectPart =
      'only' in objects
        ? rewrite(objects.only, objectPointer)
        : { type: 'object', discriminator: { propertyName: objects.tag }, oneOf: objects.branches.map((branch, index) => rewrite(branch, `${objectPointer}/oneOf/${index}`)) }
    let pointers: string[] = []
    let part: unknown = objectPart
    if (rest.length === 1) part = { if: { type: 'object' }, then: objectPart, else: rewrite(rest[0] as SchemaNode, `${partPointer}/else`) }
    if (rest.length > 1) {
      const keyword = decided ? BRANCHES_KEYWORD : layout.keyword
      pointers = rest.map((_branch, index) => `${partPointer}/else/${keyword}/${index}`)
      part = { if: { type: 'object' }, then: objectPart, else: { [keyword]: rest.map((branch, index) => rewrite(branch, pointers[index] as string)) } }
    }
    out.allOf = [...parts, part]
    // One type fault naming every type the union takes reads better than the fault of the last branch.
    if (rest.length > 0 && out.type === undefined) out.type = [...new Set(['object', ...rest.flatMap((branch) => typesOf(followRefs(parameters, branch) as JsonSchema) ?? [])])]
    return pointers
  }

  const schema = rewrite(parameters, '') as JsonSchema
  // A single branch needs no trial, so it gets no validator.
  const numbered = trials.flatMap(({ pointers }) => (pointers.length < 2 ? [] : pointers)).sort()
  const index = new Map(numbered.map((pointer, position) => [pointer, position]))
  const unions = new Map<JsonSchema, PlannedUnion>()
  for (const { node, layout, pointers, decided } of trials) {
    const validators = pointers.map((pointer) => index.get(pointer) as number)
    unions.set(node, pointers.length < 2 ? { layout } : decided ? { layout, validators, decided } : { layout, validators })
  }
  return { schema, unions, branchPointers: numbered }
}

/** Keywords whose subschemas the normaliser never walks a value along (a union there stays with the validator). */
const UNWALKED_KEYWORDS: ReadonlySet<string> = new Set(['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'dependencies'])

/**
 * The schema nodes a validator may apply where the normaliser does not walk the value: everything
 * under an unwalked keyword and, through local references, everything those reach.
 */
function reachedUnwalked(parameters: JsonSchema): Set<object> {
  const reached = new Set<object>()
  const seen = new Set<object>()
  const pending: { node: unknown; unwalked: boolean }[] = [{ node: parameters, unwalked: false }]
  const refs: JsonSchema[] = []
  while (pending.length > 0) {
    const { node, unwalked } = pending.pop() as { node: unknown; unwalked: boolean }
    if (!isObjectNode(node)) continue
    if (unwalked) {
      if (reached.has(node)) continue
      reached.add(node)
      if (typeof node.$ref === 'string') refs.push(node)
    } else if (seen.has(node)) continue
    else seen.add(node)
    for (const [keyword, value] of Object.entries(node)) {
      const below = unwalked || UNWALKED_KEYWORDS.has(keyword)
      for (const child of subschemasOf(keyword, value)) pending.push({ node: child, unwalked: below })
    }
    // A reference from an unwalked place makes its target unwalked too.
    while (pending.length === 0 && refs.length > 0) {
      const target = resolveRef(parameters, (refs.pop() as JsonSchema).$ref as string)
      if (isObjectNode(target) && !reached.has(target)) pending.push({ node: target, unwalked: true })
    }
  }
  return reached
}

/** The subschemas a keyword's value holds. */
function subschemasOf(keyword: string, value: unknown): unknown[] {
  if (SINGLE_SCHEMA_KEYWORDS.has(keyword) || (keyword === 'items' && !Array.isArray(value))) return [value]
  if (SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === 'items') return Array.isArray(value) ? value : []
  if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObjectNode(value)) return Object.values(value)
  return []
}
