import type { Node } from 'typescript/unstable/ast'
import type { Project, Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { kindOfTypeFlags } from '../../schema/flag-kinds.js'
import type { Docs, PropertyView, TypeKind, TypeView } from '../../schema/view.js'
import { NativeDocs } from './docs.js'
import { kindOf } from './kinds.js'
import type { NativeModules } from './load.js'
import { propertyViews, type FetchedProperties } from './properties.js'
import { AwaitedUnionView, NativeTypeView } from './type-view.js'
import { unwrap, writesType, type TypeNodeLike, type WrittenContext } from './written-nodes.js'

export type { FetchedProperties }

/**
 * The default lib's aliases whose declared types are mapped or conditional types, never unions:
 * following a reference to one through written unions needs no lib file fetched.
 */
const libHelpers = new Set(['Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters', 'InstanceType', 'Awaited', 'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize'])

/** `TypeFormatFlags.NoTruncation`: the full type in messages, as the ts-morph backend prints it. */
const NO_TRUNCATION = 1

/** A declaration node with the members `shapeOf` reads. */
type DeclarationLike = Node & { readonly heritageClauses?: readonly unknown[]; readonly members?: readonly (Node & { readonly type?: TypeNodeLike })[] }

/**
 * The checker of one snapshot of the native program, with every answer cached per type, symbol or
 * node (the API's own registry keeps fetched objects too). Requests that can be sent for many
 * objects at once are: the types of a level's properties, the types of a union's written members.
 */
export class NativeChecker {
  readonly written: WrittenContext
  private readonly views = new Map<Type, Map<object | undefined, NativeTypeView>>()
  private readonly argumentsOf = new Map<Type, readonly Type[]>()
  private readonly membersOf = new Map<Type, readonly Type[]>()
  private readonly indexInfosOf = new Map<Type, ReturnType<Project['checker']['getIndexInfosOfType']>>()
  private readonly referencedByName = new Map<string, NativeSymbol | undefined>()
  private readonly signatures = new Map<Type, boolean>()
  private readonly libFiles = new Map<string, boolean>()
  private readonly fetchedProperties = new Map<Type, FetchedProperties>()
  private readonly propertyViewsOf = new Map<Type, PropertyView<Node>[]>()
  private readonly typeAt = new Map<Node, Type | undefined>()
  private readonly referenced = new Map<Node, NativeSymbol | undefined>()
  private readonly docsReader: NativeDocs

  constructor(
    readonly modules: NativeModules,
    readonly project: Project,
  ) {
    this.docsReader = new NativeDocs(modules.ast)
    const checker = this
    this.written = {
      kinds: modules.ast.SyntaxKind,
      referencedSymbol: (reference) => checker.referencedSymbol(reference),
      declarationsOf: (symbol) => symbol.declarations.flatMap((handle) => handle.resolve(project) ?? []),
      isLibHelper: (symbol) => libHelpers.has(symbol.name) && checker.isLibSymbol(symbol),
      propertyOfTypeAt: (node, name) => {
        const [type] = checker.typesAtNodes([node])
        return type && project.checker.getPropertyOfType(type, name)
      },
    }
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
      missing.forEach((node, index) => this.typeAt.set(node, types[index]))
    }
    return nodes.map((node) => this.typeAt.get(node))
  }

  kindOf(type: Type): TypeKind {
    return kindOf(this, type)
  }

  /** The kind of a type that its flags alone decide, e.g. a hole of a template literal type. */
  kindOfFlags(flags: number): TypeKind | undefined {
    return kindOfTypeFlags(flags, this.modules.sync.TypeFlags)
  }

  /** Whether an object type has call or construct signatures, from its declarations where they tell. */
  hasSignatures(type: Type): boolean {
    let has = this.signatures.get(type)
    if (has === undefined) {
      has = this.shapeOf(type).signatures
      if (has === undefined) {
        const { SignatureKind } = this.modules.sync
        const checker = this.project.checker
        has = checker.getSignaturesOfType(type, SignatureKind.Call).length > 0 || checker.getSignaturesOfType(type, SignatureKind.Construct).length > 0
      }
      this.signatures.set(type, has)
    }
    return has
  }

  /**
   * Whether an object type has call or construct signatures and an index signature, when its
   * declarations say so without the checker: a mapped type has no signatures; an interface without
   * base types or a type literal has exactly the members written in it. Undefined where only the
   * checker knows (functions, classes, base types, merged declarations, the default lib).
   */
  private shapeOf(type: Type): { signatures?: boolean; index?: boolean } {
    const { ObjectFlags } = this.modules.sync
    if ((((type as { objectFlags?: number }).objectFlags ?? 0) & ObjectFlags.Mapped) !== 0) return { signatures: false }
    const declarations = this.plainDeclarations(type)
    if (declarations === undefined) return {}
    const { SyntaxKind } = this.modules.ast
    const members = declarations.flatMap((declaration) => declaration.members ?? [])
    return {
      signatures: members.some((member) => member.kind === SyntaxKind.CallSignature || member.kind === SyntaxKind.ConstructSignature),
      index: members.some((member) => member.kind === SyntaxKind.IndexSignature),
    }
  }

  /** The declarations of a type literal or an interface without base types (nothing else merged in), else undefined. */
  private plainDeclarations(type: Type): DeclarationLike[] | undefined {
    const { SymbolFlags } = this.modules.sync
    const { SyntaxKind } = this.modules.ast
    const symbol = this.symbolOf(this.target(type) ?? type)
    const structural = SymbolFlags.TypeLiteral | SymbolFlags.Interface
    if (!symbol || (symbol.flags & structural) === 0 || (symbol.flags & ~structural & SymbolFlags.Value) !== 0 || this.isLibSymbol(symbol)) return undefined
    const declarations = this.written.declarationsOf(symbol) as DeclarationLike[]
    const plain = declarations.length === symbol.declarations.length && declarations.every((declaration) =>
      declaration.kind === SyntaxKind.TypeLiteral || (declaration.kind === SyntaxKind.InterfaceDeclaration && (declaration.heritageClauses?.length ?? 0) === 0),
    )
    return plain ? declarations : undefined
  }

  /** Whether a class or interface may have base types (one that extends nothing written has none). */
  mayHaveBaseTypes(type: Type): boolean {
    return this.plainDeclarations(type) === undefined
  }

  /** The base types of a class or interface. */
  baseTypes(type: Type): readonly Type[] {
    return (type as { getBaseTypes(): readonly Type[] | undefined }).getBaseTypes() ?? []
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

  /**
   * The symbol a type reference's name resolves to, through imports. Asked once per name and module
   * where nothing in between can declare that name (a type parameter, a namespace), else once per
   * reference: `priority: Priority` written in a hundred properties costs one request, not a hundred.
   */
  private referencedSymbol(reference: TypeNodeLike): NativeSymbol | undefined {
    if (this.referenced.has(reference)) return this.referenced.get(reference)
    const name = reference.typeName?.getText()
    const key = name !== undefined && this.resolvesModuleWide(reference, name) ? `${reference.getSourceFile().fileName}\0${name}` : undefined
    if (key !== undefined && this.referencedByName.has(key)) return this.referencedByName.get(key)
    const { SymbolFlags } = this.modules.sync
    const symbol = reference.typeName && this.project.checker.getSymbolAtLocation(reference.typeName)
    const resolved = symbol && symbol.flags & SymbolFlags.Alias ? this.project.checker.getAliasedSymbol(symbol) : symbol
    this.referenced.set(reference, resolved)
    if (key !== undefined) this.referencedByName.set(key, resolved)
    return resolved
  }

  /**
   * A written reference that names the type's own alias or declaration (`priority: Priority`, the
   * checker type aliased `Priority`; `balance?: Money`) resolves to it: known without asking, the
   * walk through written unions starts from it for free.
   */
  seedOwnAlias(written: TypeNodeLike, type: Type): void {
    const reference = unwrap(this.written, written)
    if (reference.kind !== this.modules.ast.SyntaxKind.TypeReference || !reference.typeName || this.referenced.has(reference)) return
    const own = this.ownSymbolOf(type)
    if (own !== undefined && reference.typeName.getText().split('.').at(-1) === own.name) this.referenced.set(reference, own)
    // An enum (`color?: Color`): a name for a union of enum members and no alias of its own is the
    // enum itself, which ends the walk as a symbol that is no alias would.
    else if (own === undefined && this.isEnumUnion(type)) this.referenced.set(reference, undefined)
  }

  /** Whether a type without an alias is a union of enum members (and `undefined`). */
  private isEnumUnion(type: Type): boolean {
    const { TypeFlags } = this.modules.sync
    if ((type.flags & TypeFlags.Union) === 0 || this.aliasSymbolOf(type) !== undefined) return false
    const defined = this.members(type).filter((member) => (member.flags & TypeFlags.Undefined) === 0)
    return defined.length > 0 && defined.every((member) => (member.flags & TypeFlags.EnumLiteral) !== 0)
  }

  /**
   * The symbol a type is known by — its alias, else its (target's) symbol — looking through the
   * `undefined` an optional member adds (`balance?: Money` is `Money | undefined`).
   */
  ownSymbolOf(type: Type): NativeSymbol | undefined {
    const { TypeFlags } = this.modules.sync
    const defined = (type.flags & TypeFlags.Union) !== 0 && !this.aliasSymbolOf(type) ? this.members(type).filter((member) => (member.flags & TypeFlags.Undefined) === 0) : [type]
    const [only] = defined
    if (defined.length !== 1 || only === undefined) return undefined
    return this.aliasSymbolOf(only) ?? this.symbolOf(this.target(only) ?? only)
  }

  /** Whether a name written at `node` means what it means at the top of its module: no enclosing declaration can bind it. */
  private resolvesModuleWide(node: Node, name: string): boolean {
    const { SyntaxKind } = this.modules.ast
    const head = name.split('.')[0]
    const binding = new Set([SyntaxKind.MappedType, SyntaxKind.ConditionalType, SyntaxKind.InferType, SyntaxKind.ModuleDeclaration, SyntaxKind.ModuleBlock])
    for (let current: Node | undefined = node.parent; current !== undefined && current.kind !== SyntaxKind.SourceFile; current = current.parent) {
      if (binding.has(current.kind)) return false
      const parameters = (current as { typeParameters?: readonly (Node & { name: { text: string } })[] }).typeParameters
      if (parameters?.some((parameter) => parameter.name.text === head)) return false
    }
    return true
  }

  /** The symbol of a user-declared interface, alias, enum or class; lib helpers like `Partial` are transparent. */
  namedSymbol(type: Type): NativeSymbol | undefined {
    const { SyntaxKind } = this.modules.ast
    const symbol = this.aliasSymbolOf(type) ?? this.symbolOf(this.target(type) ?? type)
    const declaration = symbol?.declarations[0]
    if (!symbol || !declaration || this.isLibFile(declaration.path)) return undefined
    const named = [SyntaxKind.InterfaceDeclaration, SyntaxKind.TypeAliasDeclaration, SyntaxKind.EnumDeclaration, SyntaxKind.ClassDeclaration]
    return named.includes(declaration.kind) ? symbol : undefined
  }

  /** A symbol's JSDoc, with the declaration it is written on and its name. */
  docsOf(symbol: NativeSymbol): Docs<Node> {
    const declarations = this.written.declarationsOf(symbol)
    const docs = this.docsReader.of(declarations, symbol.valueDeclaration?.resolve(this.project))
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
   * The property symbols of each type (one request per type: the API has no batch for it) and the
   * types of all of them in one request, kept for `properties`.
   */
  fetchProperties(owners: readonly Type[]): FetchedProperties[] {
    const checker = this.project.checker
    // Symbol-keyed members (`[Symbol.iterator]`) have escaped names starting `__@` and no JSON key.
    const symbolLists = owners.map((owner) => checker.getPropertiesOfType(owner).filter((symbol) => !symbol.escapedName.startsWith('__@')))
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

  /** Value type of the string index signature, else of the number one. */
  indexType(type: Type): Type | undefined {
    const { TypeFlags } = this.modules.sync
    if ((type.flags & TypeFlags.Object) !== 0 && this.shapeOf(type).index === false) return undefined
    const infos = this.indexInfos(type)
    return (infos.find((info) => info.keyType.flags & TypeFlags.String) ?? infos.find((info) => info.keyType.flags & TypeFlags.Number))?.valueType
  }

  private indexInfos(type: Type): ReturnType<Project['checker']['getIndexInfosOfType']> {
    let infos = this.indexInfosOf.get(type)
    if (infos === undefined) {
      infos = this.project.checker.getIndexInfosOfType(type)
      this.indexInfosOf.set(type, infos)
    }
    return infos
  }

  /** Value type of the number index signature (an interface extending `Array<T>` has `T`). */
  numberIndexType(type: Type): Type | undefined {
    const { TypeFlags } = this.modules.sync
    if ((type.flags & TypeFlags.Object) !== 0 && this.shapeOf(type).index === false) return undefined
    return this.indexInfos(type).find((info) => info.keyType.flags & TypeFlags.Number)?.valueType
  }

  /** The value type node of the first index signature declared on this interface or type literal. */
  indexSignatureNode(type: Type): TypeNodeLike | undefined {
    const { SyntaxKind } = this.modules.ast
    const symbol = this.symbolOf(this.target(type) ?? type)
    for (const declaration of (symbol ? this.written.declarationsOf(symbol) : []) as DeclarationLike[]) {
      if (declaration.kind !== SyntaxKind.InterfaceDeclaration && declaration.kind !== SyntaxKind.TypeLiteral) continue
      const signature = declaration.members?.find((member) => member.kind === SyntaxKind.IndexSignature)
      if (signature) return signature.type
    }
    return undefined
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
