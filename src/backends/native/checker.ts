import type { Node } from 'typescript/unstable/ast'
import type { Project, Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { kindOfTypeFlags } from '../../schema/flag-kinds.js'
import type { Docs, PropertyView, TypeKind, TypeView } from '../../schema/view.js'
import { NativeDocs } from './docs.js'
import { kindOf } from './kinds.js'
import { LocalSymbols } from './local-symbols.js'
import type { NativeModules } from './load.js'
import { propertyViews, type FetchedProperties } from './properties.js'
import { AwaitedUnionView, NativeTypeView } from './type-view.js'
import { WrittenReferences } from './references.js'
import { DeclaredShapes } from './shapes.js'
import { writesType, type TypeNodeLike, type WrittenContext } from './written-nodes.js'

export type { FetchedProperties }

/** `TypeFormatFlags.NoTruncation`: the full type in messages, as the ts-morph backend prints it. */
const NO_TRUNCATION = 1

/**
 * The checker of one snapshot of the native program, with every answer cached per type, symbol or
 * node (the API's own registry keeps fetched objects too). Requests that can be sent for many
 * objects at once are: the types of a level's properties, the types of a union's written members.
 */
export class NativeChecker {
  readonly written: WrittenContext
  readonly references: WrittenReferences
  readonly shapes: DeclaredShapes
  readonly localSymbols: LocalSymbols
  private readonly views = new Map<Type, Map<object | undefined, NativeTypeView>>()
  private readonly argumentsOf = new Map<Type, readonly Type[]>()
  private readonly membersOf = new Map<Type, readonly Type[]>()
  private readonly libFiles = new Map<string, boolean>()
  private readonly fetchedProperties = new Map<Type, FetchedProperties>()
  private readonly propertyViewsOf = new Map<Type, PropertyView<Node>[]>()
  private readonly typeAt = new Map<Node, Type | undefined>()
  private readonly literalNodes = new Map<Type, Node>()
  private readonly docsReader: NativeDocs

  constructor(
    readonly modules: NativeModules,
    readonly project: Project,
  ) {
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

  /** Whether a written node's type is `type`, or `type` less the `undefined` an optional member adds. */
  writes(written: Type, type: Type): boolean {
    const { TypeFlags } = this.modules.sync
    const unionMembers = (t: Type) => ((t.flags & TypeFlags.Union) !== 0 ? this.members(t) : [])
    return writesType(written, type, unionMembers, (member) => (member.flags & TypeFlags.Undefined) !== 0)
  }

  /** The types the checker gives these nodes (a type node's denoted type), in one request for those not asked before. */
  typesAtNodes(nodes: readonly Node[]): (Type | undefined)[] {
    const missing = [...new Set(nodes.filter((node) => !this.typeAt.has(node)))]
    if (missing.length > 0) {
      const types = this.project.checker.getTypeAtLocation(missing)
      missing.forEach((node, index) => {
        const type = types[index]
        this.typeAt.set(node, type)
        if (type !== undefined) this.noteTypeLiteral(node, type)
      })
    }
    return nodes.map((node) => this.typeAt.get(node))
  }

  /**
   * The type literal node (`{ field: string }`) a type was read at: the one declaration of its symbol,
   * known without asking for the symbol (one request a type). An empty literal is left out: its
   * type is the checker's shared empty type literal, whose symbol has no declaration.
   */
  typeLiteralNode(type: Type): Node | undefined {
    return this.literalNodes.get(type)
  }

  private noteTypeLiteral(node: Node, type: Type): void {
    const { ObjectFlags, TypeFlags } = this.modules.sync
    if (node.kind !== this.modules.ast.SyntaxKind.TypeLiteral || ((node as { members?: readonly unknown[] }).members?.length ?? 0) === 0) return
    const objectFlags = (type as { objectFlags?: number }).objectFlags ?? 0
    const anonymous = (type.flags & TypeFlags.Object) !== 0 && (objectFlags & ObjectFlags.Anonymous) !== 0
    if (anonymous && (objectFlags & (ObjectFlags.Instantiated | ObjectFlags.Mapped | ObjectFlags.Reference)) === 0 && !this.literalNodes.has(type)) this.literalNodes.set(type, node)
  }

  kindOf(type: Type): TypeKind {
    return kindOf(this, type)
  }

  /** The kind of a type that its flags alone decide, e.g. a hole of a template literal type. */
  kindOfFlags(flags: number): TypeKind | undefined {
    return kindOfTypeFlags(flags, this.modules.sync.TypeFlags)
  }

  text(type: Type): string {
    return this.project.checker.typeToString(type, undefined, NO_TRUNCATION)
  }

  /** Members of a union or intersection, holes of a template literal type (the API asks again on every call: kept here). */
  members(type: Type): readonly Type[] {
    let found = this.membersOf.get(type)
    if (found === undefined) {
      found = (type as { getTypes?(): readonly Type[] | undefined }).getTypes?.() ?? []
      this.membersOf.set(type, found)
    }
    return found
  }

  /** The generic target of a type reference (`Array` of `Array<string>`, the tuple target of a tuple). */
  target(type: Type): (Type & { readonly elementFlags?: readonly number[]; readonly objectFlags?: number }) | undefined {
    const raw = type as unknown as { target?: number; getTarget(): Type }
    return raw.target ? raw.getTarget() : undefined
  }

  typeArguments(type: Type): readonly Type[] {
    let found = this.argumentsOf.get(type)
    if (found === undefined) {
      const { ObjectFlags, TypeFlags } = this.modules.sync
      const isReference = (type.flags & TypeFlags.Object) !== 0 && ((type as { objectFlags?: number }).objectFlags ?? 0) & ObjectFlags.Reference
      found = isReference ? this.project.checker.getTypeArguments(type as Parameters<Project['checker']['getTypeArguments']>[0]) : []
      this.argumentsOf.set(type, found)
    }
    return found
  }

  symbolOf(type: Type): NativeSymbol | undefined {
    return (type as { symbol?: number }).symbol ? type.getSymbol() : undefined
  }

  aliasSymbolOf(type: Type): NativeSymbol | undefined {
    return (type as { aliasSymbol?: number }).aliasSymbol ? type.getAliasSymbol() : undefined
  }

  /** The type node of the declaration of the type's own alias (`type Mode = 'a' | 'b'`), where its union is written. */
  aliasTypeNode(type: Type): TypeNodeLike | undefined {
    const alias = this.aliasSymbolOf(type)
    const declaration = alias && this.written.declarationsOf(alias).find((node) => node.kind === this.modules.ast.SyntaxKind.TypeAliasDeclaration)
    return (declaration as TypeNodeLike | undefined)?.type
  }

  /** Whether a symbol is declared in one of TypeScript's own lib files (`lib.*.d.ts`). */
  isLibSymbol(symbol: NativeSymbol): boolean {
    return symbol.declarations.some((declaration) => this.isLibFile(declaration.path))
  }

  /** Whether a file (a `Path` of a node handle, or a file name of the program) is one of TypeScript's default libs. */
  isLibFile(file: string): boolean {
    let lib = this.libFiles.get(file)
    // TypeScript's default libs are all named lib[.*].d.ts: other files need no request.
    if (lib === undefined && !/(?:^|\/)lib(?:\.[\w.-]+)?\.d\.ts$/.test(file)) lib = false
    if (lib === undefined) {
      const { program } = this.project
      const metadata = program.getSourceFileMetadataByPath(file as Parameters<Project['program']['getSourceFileMetadataByPath']>[0]) ?? program.getSourceFileMetadata(file)
      lib = metadata?.isDefaultLibrary ?? false
      this.libFiles.set(file, lib)
    }
    return lib
  }

  /** The first declaration of a symbol as a syntax node (its module fetched once per snapshot). */
  declarationOf(symbol: NativeSymbol): Node | undefined {
    return symbol.declarations[0]?.resolve(this.project)
  }

  /** The symbol of a user-declared interface, alias, enum or class; lib helpers like `Partial` are transparent. */
  namedSymbol(type: Type): NativeSymbol | undefined {
    const { SyntaxKind } = this.modules.ast
    // A type literal's own symbol declares no name: only an alias could.
    if (this.literalNodes.has(type) && !(type as { aliasSymbol?: number }).aliasSymbol) return undefined
    const symbol = this.aliasSymbolOf(type) ?? this.symbolOf(this.target(type) ?? type)
    const declaration = symbol?.declarations[0]
    if (!symbol || !declaration || this.isLibFile(declaration.path)) return undefined
    const named = [SyntaxKind.InterfaceDeclaration, SyntaxKind.TypeAliasDeclaration, SyntaxKind.EnumDeclaration, SyntaxKind.ClassDeclaration]
    return named.includes(declaration.kind) ? symbol : undefined
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
