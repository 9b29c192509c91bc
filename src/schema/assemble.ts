import type { JsonSchema } from '../runtime/types.js'
import { validationKeywords } from './annotations.js'
import { planDefinitions } from './definitions.js'
import { Ref, type Entry, type LocalProblem } from './ir.js'
import { compare } from './order.js'

/** One tool's self-contained schema, and the problems of every type it uses with full paths. */
export interface Assembled<N> {
  readonly schema: JsonSchema
  readonly problems: LocalProblem<N>[]
}

/**
 * Builds a fresh schema from cached entries: the root inline, other types inline or as
 * `#/$defs/Name` with only the definitions this schema references. A type inlined at several
 * places reports its problems at each; a definition reports them once, at its first use.
 */
export function assemble<N>(root: Entry<N>): Assembled<N> {
  const names = planDefinitions(root)
  const problems: LocalProblem<N>[] = []
  const reported = new Set<Entry<N>>()
  const queued = new Set<Entry<N>>()
  const pending: [Entry<N>, readonly string[], N | undefined][] = []

  const report = (entry: Entry<N>, path: readonly string[], node: N | undefined): void => {
    if (names.has(entry) && reported.has(entry)) return
    reported.add(entry)
    for (const problem of entry.problems) {
      problems.push(problem.anchored ? problem : { ...problem, path: [...path, ...problem.path], node: problem.node ?? node })
    }
  }
  const inline = (entry: Entry<N>, path: readonly string[], node: N | undefined): JsonSchema => {
    report(entry, path, node)
    return expand(entry.schema, path, node) as JsonSchema
  }
  // The root is inlined even when its type is only another name for a definition (`X | undefined`).
  const inlineRoot = (entry: Entry<N>): JsonSchema => {
    if (!(entry.schema instanceof Ref)) return inline(entry, [], undefined)
    report(entry, [], undefined)
    return layer(inlineRoot(entry.schema.target), entry.schema.annotations)
  }
  const expand = (ir: unknown, path: readonly string[], node: N | undefined): unknown => {
    // Keyword values are untyped, but one walker only ever stores references of its own node type.
    if (ir instanceof Ref) return expandRef(ir as Ref<N>, path, node)
    if (Array.isArray(ir)) return ir.map((item) => expand(item, path, node))
    if (typeof ir !== 'object' || ir === null) return ir
    return Object.fromEntries(Object.entries(ir).map(([key, value]) => [key, expand(value, path, node)]))
  }
  const expandRef = (ref: Ref<N>, path: readonly string[], node: N | undefined): JsonSchema => {
    const at = [...path, ...ref.path]
    const where = ref.node ?? node
    const name = names.get(ref.target)
    if (name === undefined) return layer(inline(ref.target, at, where), ref.annotations)
    if (!queued.has(ref.target)) {
      queued.add(ref.target)
      pending.push([ref.target, at, where])
    }
    return layer({ $ref: `#/$defs/${name}` }, ref.annotations)
  }

  const schema = inlineRoot(root)
  const definitions: [string, JsonSchema][] = []
  // Expanding a definition can queue more; the loop reaches those too.
  for (const [entry, path, node] of pending) definitions.push([names.get(entry) ?? '', inline(entry, path, node)])
  if (definitions.length === 0) return { schema, problems }
  return { schema: { ...schema, $defs: Object.fromEntries(definitions.sort(([a], [b]) => compare(a, b))) }, problems }
}

/**
 * Use-site keywords over a schema. Next to a `$ref`, draft-07 ignores siblings, so constraints
 * wrap it in `allOf` while plain metadata (description, default…) may stay beside it.
 */
function layer(schema: JsonSchema, keywords: JsonSchema | undefined): JsonSchema {
  if (!keywords) return schema
  const constrains = '$ref' in schema && Object.keys(keywords).some((key) => validationKeywords.has(key))
  return constrains ? { allOf: [schema], ...keywords } : { ...schema, ...keywords }
}
