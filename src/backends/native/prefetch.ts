import type { Type } from 'typescript/unstable/sync'
import type { TypeView } from '../../schema/view.js'
import type { NativeChecker } from './checker.js'
import type { NativeTypeView } from './type-view.js'
import { declaredTypeNode, type TypeNodeLike } from './written-nodes.js'

/**
 * Walks, level by level, what the schema units will read of these types, fetching the properties
 * of every object type of a level together: one request per object type for its property symbols
 * (the API has no batch for that), and one for the types of all of them. The walk that follows
 * finds them fetched; what it reads besides (index signatures, docs, names) stays lazy.
 */
export function prefetchProperties(checker: NativeChecker, roots: readonly TypeView<unknown>[]): void {
  const seen = new Set<object>()
  let frontier = roots as readonly TypeView<unknown>[]
  while (frontier.length > 0) {
    prefetchWritten(checker, frontier as readonly NativeTypeView[])
    const owners: NativeTypeView[] = []
    const next: TypeView<unknown>[] = []
    for (const view of frontier) {
      if (seen.has(view.id)) continue
      seen.add(view.id)
      if (view.kind === 'object') owners.push(view as NativeTypeView)
      else if (view.kind === 'union' || view.kind === 'intersection') next.push(...view.members())
      else if (view.kind === 'array') next.push(...[view.element()].filter((element) => element !== undefined))
      else if (view.kind === 'tuple') next.push(...view.tupleElements().map((element) => element.type))
    }
    const fetched = checker.fetchProperties(owners.map((owner) => owner.id as Type))
    // The types of every declared type node of the level's properties, in one request too.
    const declared = fetched.flatMap(({ symbols }) => symbols.map((symbol) => declaredTypeNode(checker.written, checker.declarationOf(symbol))))
    checker.typesAtNodes(declared.filter((node): node is TypeNodeLike => node !== undefined))
    checker.localSymbols.seed(declared)
    for (const owner of owners) for (const property of checker.properties(owner.id as Type)) next.push(property.type)
    frontier = next
  }
}

/**
 * The types of the written nodes the walk will read for a level's views — the element nodes of
 * written arrays and tuples, the member nodes of written unions — in one request. A union written
 * through an alias other than the type's own is left to the walk (its name must be resolved first).
 */
function prefetchWritten(checker: NativeChecker, views: readonly NativeTypeView[]): void {
  const nodes: TypeNodeLike[] = []
  for (const view of views) {
    if (view.origin === undefined) continue
    if (view.kind === 'array' || view.kind === 'tuple') nodes.push(...view.writtenElementNodes().filter((node) => node !== undefined))
    else if (view.kind === 'union' || view.kind === 'enum') nodes.push(...(view.writtenMemberNodes() ?? []))
  }
  checker.typesAtNodes(nodes)
}
