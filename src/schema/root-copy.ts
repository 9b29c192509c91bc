import type { JsonSchema } from '../runtime/types.js'
import { Ref, type Entry, type Ir } from './ir.js'

/** A tool's root as one plain schema, for the rewrites only a root takes. */
export interface FlatRoot<N> {
  /** The plain schema the root stands for, its references' use-site keywords layered on. */
  readonly schema: JsonSchema
  /** The problems of every entry on the way, which the copy must report in their place. */
  readonly problems: Entry<N>['problems']
  /** The entry whose own schema the copy starts from. */
  readonly target: Entry<N>
}

/**
 * The plain schema a root entry stands for, following its references (`Params` → its object), or
 * undefined when it ends at a reference still being converted. A copy made from it must be made
 * after the entries' values were checked, since checking settles keywords in place.
 */
export function flatRoot<N>(root: Entry<N>): FlatRoot<N> | undefined {
  const problems = [...root.problems]
  const layers: JsonSchema[] = []
  let target = root
  let current: Ir<N> = root.schema
  while (current instanceof Ref) {
    if (!current.target.done) return undefined
    if (current.annotations) layers.unshift(current.annotations)
    problems.push(...current.target.problems)
    target = current.target
    current = current.target.schema
  }
  return { schema: Object.assign({}, current, ...layers) as JsonSchema, problems, target }
}

/**
 * The root without the description a generic wrapper's JSDoc gives it (`/** Any listing that pages
 * with a cursor. *\/ type Paginated<T> = …` describes every instantiation, not this tool's
 * arguments): the wrapper keeps it wherever it is a definition or a property's type. A description
 * written at the use (the JSDoc of an alias naming the instantiation) stays.
 */
export function withoutWrapperDocs<N>(root: Entry<N>): Entry<N> {
  const flat = flatRoot(root)
  if (flat === undefined || !flat.target.named?.generic || flat.target.schema instanceof Ref) return root
  const own = flat.target.schema['description']
  if (own === undefined || flat.schema['description'] !== own) return root
  const { description: _wrapper, ...schema } = flat.schema
  return { schema, done: true, problems: flat.problems, named: undefined, checks: [] }
}
