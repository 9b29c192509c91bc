import { annotationsOf, isEmpty, type Annotation, type AnnotationProblem } from './annotations.js'
import type { UnitContext } from './context.js'
import { Ref, type Entry, type Ir } from './ir.js'
import { fittingKeywords, withoutValues } from './keywords.js'
import { unitFor } from './units/index.js'
import type { TypeView } from './view.js'

/** Converts a type to its cached entry, converting each checker type at most once. */
export type Walker<N> = ((type: TypeView<N>) => Entry<N>) & {
  /** What a unit converting `entry` is given: for schemas built outside the cache (a tool's root). */
  readonly contextFor: (entry: Entry<N>) => UnitContext<N>
}

/**
 * A walker with its own cache; weak keys let a rebuilt program's types be collected. Named types
 * are one entry each; an anonymous type or a generic instantiation read from a written node is one
 * entry per node, because what is written there (union order, element nodes, type arguments)
 * shapes its schema.
 */
export function createWalker<N>(): Walker<N> {
  const byType = new WeakMap<object, Entry<N>>()
  const byNode = new WeakMap<object, WeakMap<object, Entry<N>>>()

  const walk = (type: TypeView<N>): Entry<N> => {
    const named = type.named()
    // A generic instantiation's members are read as the arguments written at its reference
    // (`Box<Alias>`'s `v` carries the alias's JSDoc), so `Box<A>` and `Box<B>` of documented aliases
    // of one type differ: such a named type is one entry per written node too.
    const perNode = type.origin !== undefined && (named === undefined || (named.generic === true && (type.kind === 'object' || type.kind === 'class') && type.readsArguments()))
    const cache = perNode ? cacheFor(byNode, type.origin as object) : byType
    const cached = cache.get(type.id)
    if (cached) return cached
    const entry: Entry<N> = { schema: {}, done: false, problems: [], named, checks: [] }
    cache.set(type.id, entry)
    const context = contextFor(entry, walk)
    const schema = unitFor(type.kind)(type, context)
    entry.schema = schema
    entry.done = true
    if (named) withOwnDocs(entry, type)
    return entry
  }
  const walker: Walker<N> = Object.assign(walk, { contextFor: (entry: Entry<N>) => contextFor(entry, walk) })
  return walker
}

function cacheFor<N>(byNode: WeakMap<object, WeakMap<object, Entry<N>>>, origin: object): WeakMap<object, Entry<N>> {
  let cache = byNode.get(origin)
  if (!cache) byNode.set(origin, (cache = new WeakMap()))
  return cache
}

function contextFor<N>(entry: Entry<N>, walk: (type: TypeView<N>) => Entry<N>): UnitContext<N> {
  const concrete = (ir: Ir<N>) => {
    let current: Ir<N> = ir
    while (current instanceof Ref && !current.annotations && current.target.done) current = current.target.schema
    return current instanceof Ref ? undefined : current
  }
  const problem: UnitContext<N>['problem'] = ({ segment, node, severity = 'error', ...rest }) => {
    entry.problems.push({ ...rest, severity, path: segment === undefined ? [] : [segment], node })
  }
  const context: UnitContext<N> = {
    child: (type, segment, node) => {
      const ref = new Ref(walk(type), segment === undefined ? [] : [segment], node)
      // JSDoc of aliases the checker type lost (`type Email = string`), the farthest first so the nearest wins.
      return [...type.writtenDocs()].reverse().reduce((annotated, docs) => context.annotate(annotated, annotationsOf(docs, segment ?? type.text)), ref)
    },
    concrete,
    problem,
    annotate: (child, annotation) => {
      if (isEmpty(annotation)) return child
      const report = anchoredReporter(entry, annotation)
      for (const found of annotation.problems) report(found)
      const keywords = fittingKeywords(annotation, child, concreteTarget(child), report)
      if (Object.keys(keywords).length === 0) return child
      const annotated = child.annotate(keywords)
      queueChecks(entry, annotated, annotation)
      return annotated
    },
  }
  return context
}

/** Reports problems with a JSDoc block at the declaration it is written on, named in the message. */
function anchoredReporter<N>(entry: Entry<N>, annotation: Annotation<N>): (problem: AnnotationProblem) => void {
  return ({ message, ...rest }) => entry.problems.push({ ...rest, message: `${annotation.label}: ${message}`, anchored: true, path: [annotation.label], node: annotation.node })
}

/** The finished schema a reference stands for, its own use-site keywords over its target's. */
function concreteTarget<N>(ref: Ref<N>): Record<string, unknown> | undefined {
  let current: Ir<N> = ref
  const layers: Record<string, unknown>[] = []
  while (current instanceof Ref && current.target.done) {
    if (current.annotations) layers.unshift({ ...current.annotations })
    current = current.target.schema
  }
  if (current instanceof Ref) return undefined
  return Object.assign({}, current, ...layers)
}

/** Registers the default and example values an annotation put into `annotated` for checking. */
function queueChecks<N>(entry: Entry<N>, annotated: Ref<N>, annotation: Annotation<N>): void {
  const holder = annotated.annotations as Record<string, unknown> | undefined
  if (!holder || annotation.values.length === 0) return
  entry.checks.push({ holder, values: annotation.values, against: withoutValues(annotated), label: annotation.label, node: annotation.node })
}

/** A named type's own JSDoc (e.g. `@format email` on `type Email = string`) applies wherever it is used. */
function withOwnDocs<N>(entry: Entry<N>, type: TypeView<N>): void {
  const annotation = annotationsOf(type.docs(), entry.named?.name ?? type.text)
  if (isEmpty(annotation)) return
  const report = anchoredReporter(entry, annotation)
  for (const found of annotation.problems) report(found)
  const self = new Ref(entry, [], undefined)
  const keywords = fittingKeywords(annotation, entry.schema, concreteTarget(self), report)
  if (Object.keys(keywords).length === 0) return
  if (entry.schema instanceof Ref) {
    entry.schema = entry.schema.annotate(keywords)
    queueChecks(entry, entry.schema, annotation)
    return
  }
  const holder: Record<string, unknown> = { ...keywords, ...entry.schema }
  // The type's own `type` keyword gives way to `@integer`'s.
  if (keywords['type'] !== undefined) holder['type'] = keywords['type']
  entry.schema = holder
  if (annotation.values.length > 0) {
    const { default: _d, examples: _e, ...rest } = holder
    entry.checks.push({ holder, values: annotation.values, against: rest, label: annotation.label, node: annotation.node })
  }
}
