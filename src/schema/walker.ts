import { codes } from '../analyze/codes.js'
import { Ref, type Entry, type Ir } from './ir.js'
import type { UnitContext } from './context.js'
import { annotationsOf } from './annotations.js'
import { unitFor } from './units/index.js'
import type { TypeView } from './view.js'

/** Converts a type to its cached entry, converting each checker type at most once. */
export type Walker<N> = (type: TypeView<N>) => Entry<N>

/** A walker with its own cache; weak keys let a rebuilt program's types be collected. */
export function createWalker<N>(): Walker<N> {
  const cache = new WeakMap<object, Entry<N>>()

  const walk: Walker<N> = (type) => {
    const cached = cache.get(type.id)
    if (cached) return cached
    const entry: Entry<N> = { schema: {}, done: false, problems: [], named: type.named() }
    cache.set(type.id, entry)
    const context = contextFor(entry, walk)
    const schema = unitFor(type.kind)(type, context)
    entry.schema = entry.named ? withOwnDocs(schema, type, context) : schema
    entry.done = true
    return entry
  }
  return walk
}

function contextFor<N>(entry: Entry<N>, walk: Walker<N>): UnitContext<N> {
  return {
    child: (type, segment, node) => new Ref(walk(type), segment === undefined ? [] : [segment], node),
    concrete: (ir) => {
      let current: Ir<N> = ir
      while (current instanceof Ref && !current.annotations && current.target.done) current = current.target.schema
      return current instanceof Ref ? undefined : current
    },
    problem: ({ segment, node, ...rest }) => {
      entry.problems.push({ ...rest, path: segment === undefined ? [] : [segment], node })
    },
  }
}

/** A named type's own JSDoc (e.g. `@format email` on `type Email = string`) applies wherever it is used. */
function withOwnDocs<N>(schema: Ir<N>, type: TypeView<N>, context: UnitContext<N>): Ir<N> {
  const keywords = annotationsOf(type.docs(), (message) => context.problem({ code: codes.unsupportedType, message }))
  if (Object.keys(keywords).length === 0) return schema
  return schema instanceof Ref ? schema.annotate(keywords) : { ...keywords, ...schema }
}
