import type { Node } from 'typescript/unstable/ast'
import type { Project, Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import type { Docs, PropertyView, TypeKind, TypeView } from '../../schema/view.js'
import { NativeDocs } from './docs.js'
import { kindOf } from './kinds.js'
import { LocalSymbols } from './local-symbols.js'
import type { NativeModules } from './load.js'
import { propertyViews, type FetchedProperties } from './properties.js'
import { AwaitedUnionView, NativeTypeView, type ViewReader } from './type-view.js'
import { WrittenReferences } from './references.js'
import { DeclaredShapes } from './shapes.js'
import { CheckerRequests } from './requests.js'
import type { TypeNodeLike, WrittenContext } from './written-nodes.js'

export type { FetchedProperties }

/**
 * The checker of one snapshot of the native program, the top of the native backend: it composes the
 * request layer it extends (`CheckerRequests`) with the readers (references, shapes, local symbols,
 * docs) and the type views, every answer cached per type, symbol or node (the API's own registry
 * keeps fetched objects too). Requests that can be sent for many objects at once are: the types of
 * a level's properties, the types of a union's written members.
 */
export class NativeChecker extends CheckerRequests implements ViewReader {
  readonly written: WrittenContext
  readonly references: WrittenReferences
  readonly shapes: DeclaredShapes
  readonly localSymbols: LocalSymbols
  private readonly views = new Map<Type, Map<object | undefined, NativeTypeView>>()
  private readonly fetchedProperties = new Map<Type, FetchedProperties>()
  private readonly propertyViewsOf = new Map<Type, PropertyView<Node>[]>()
  private readonly docsReader: NativeDocs

  constructor(modules: NativeModules, project: Project) {
    super(modules, project)
    this.docsReader = new NativeDocs(modules.ast)
    this.references = new WrittenReferences(this)
    this.written = this.references.context
    this.shapes = new DeclaredShapes(this)
    this.localSymbols = new LocalSymbols(this)
  }

  /** The view of a type read from `written` (or from nowhere); equal types and nodes give the same view. */
  view(type: Type, written?: TypeNodeLike): NativeTypeView {
    let byNode = this.views.get(type)
    if (byNode === undefined) this.views.set(type, (byNode = new Map()))
    let view = byNode.get(written)
    if (view === undefined) {
      view = new NativeTypeView(type, written, this)
      byNode.set(written, view)
    }
    return view
  }

  /** A view remembering its written node, when that node writes exactly this type (or it less an optional member's `undefined`). */
  viewWritten(type: Type, written: TypeNodeLike | undefined): NativeTypeView {
    const [writtenType] = written ? this.typesAtNodes([written]) : []
    return this.view(type, written && writtenType && this.writes(writtenType, type) ? written : undefined)
  }

  kindOf(type: Type): TypeKind {
    return kindOf(this, type)
  }

  /** The type node of the declaration of the type's own alias (`type Mode = 'a' | 'b'`), where its union is written. */
  aliasTypeNode(type: Type): TypeNodeLike | undefined {
    const alias = this.aliasSymbolOf(type)
    const declaration = alias && this.written.declarationsOf(alias).find((node) => node.kind === this.modules.ast.SyntaxKind.TypeAliasDeclaration)
    return (declaration as TypeNodeLike | undefined)?.type
  }

  /** A symbol's JSDoc, with the declaration it is written on and its name. */
  docsOf(symbol: NativeSymbol): Docs<Node> {
    const declarations = this.written.declarationsOf(symbol)
    // A mapped type's member (`Omit<…>`, `Partial<…>`) keeps the declarations it was mapped from, but no value declaration.
    const docs = this.docsReader.of(declarations, symbol.valueDeclaration?.resolve(this.project) ?? declarations[0])
    const node = declarations[0]
    return { ...docs, ...(node && { node }), name: symbol.name }
  }

  /** Properties in declaration order (a mapped type's in source order), with what the units read of each. */
  properties(type: Type): PropertyView<Node>[] {
    let views = this.propertyViewsOf.get(type)
    if (views === undefined) {
      views = propertyViews(this, type, this.fetchedProperties.get(type) ?? this.fetchProperties([type])[0] ?? { symbols: [], types: [] })
      this.propertyViewsOf.set(type, views)
    }
    return views
  }

  /**
   * The property symbols of each type and the types of all of them in one request, kept for
   * `properties`. The symbols of types whose properties are the members written in their
   * declaration (`memberNames`) are asked in one request at those names; of the others, one request
   * per type (the API has no batch for it).
   */
  fetchProperties(owners: readonly Type[]): FetchedProperties[] {
    const checker = this.project.checker
    const declared = owners.map((owner) => this.shapes.memberNames(owner))
    const names = declared.flatMap((found) => found?.nodes ?? [])
    const named = names.length === 0 ? [] : checker.getSymbolAtLocation(names)
    let at = 0
    const symbolLists = owners.map((owner, index) => {
      const found = declared[index]
      const symbols = found && named.slice(at, (at += found.nodes.length))
      // Each answer must be the property its name declares; else the checker lists them.
      if (found && symbols?.every((symbol, position) => symbol !== undefined && symbol.name === found.texts[position])) return symbols as NativeSymbol[]
      // Symbol-keyed members (`[Symbol.iterator]`) have escaped names starting `__@` and no JSON key.
      return checker.getPropertiesOfType(owner).filter((symbol) => !symbol.escapedName.startsWith('__@'))
    })
    const all = symbolLists.flat()
    const types = all.length === 0 ? [] : checker.getTypeOfSymbol(all)
    let offset = 0
    return owners.map((owner, index) => {
      const symbols = symbolLists[index] ?? []
      const fetched = { symbols, types: types.slice(offset, (offset += symbols.length)) }
      this.fetchedProperties.set(owner, fetched)
      return fetched
    })
  }

  /** What `await` gives: a library Promise unwrapped, each member of a union awaited. */
  awaited(view: NativeTypeView): TypeView<Node> {
    if (view.kind === 'union') {
      const members = view.members()
      const awaited = members.flatMap((member) => {
        const result = member.awaited()
        return result.kind === 'union' && result !== member ? result.members() : [result]
      })
      return awaited.length === members.length && awaited.every((member, index) => member === members[index]) ? view : new AwaitedUnionView(awaited)
    }
    const promised = view.promised()
    return promised ? promised.awaited() : view
  }
}
