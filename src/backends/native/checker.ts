import type { Node } from 'typescript/unstable/ast'
import type { Project, Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { kindOfTypeFlags } from '../../schema/flag-kinds.js'
import { sourceOrderedMembers } from '../../schema/property-order.js'
import type { Docs, PropertyView, TypeKind, TypeView } from '../../schema/view.js'
import { NativeDocs } from './docs.js'
import type { NativeModules } from './load.js'
import { AwaitedUnionView, NativeTypeView } from './type-view.js'

/** The property symbols of an object type and their types, index for index. */
export interface FetchedProperties {
  readonly symbols: readonly NativeSymbol[]
  readonly types: readonly (Type | undefined)[]
}

/** `TypeFormatFlags.NoTruncation`: the full type in messages, as the ts-morph backend prints it. */
const NO_TRUNCATION = 1

/**
 * The checker of one snapshot of the native program, with every answer cached per type or symbol
 * (the API's own registry keeps the fetched objects, so asking again costs nothing). Requests that
 * can be sent for many objects at once are (`getTypeOfSymbol` of every property of a type).
 */
export class NativeChecker {
  private readonly views = new Map<Type, NativeTypeView>()
  private readonly argumentsOf = new Map<Type, readonly Type[]>()
  private readonly signatures = new Map<Type, boolean>()
  private readonly libFiles = new Map<string, boolean>()
  private readonly fetchedProperties = new Map<Type, FetchedProperties>()
  private readonly docsReader: NativeDocs

  constructor(
    readonly modules: NativeModules,
    private readonly project: Project,
  ) {
    this.docsReader = new NativeDocs(modules.ast)
  }

  /** The view of a type; equal types give the same view. */
  view(type: Type): NativeTypeView {
    let view = this.views.get(type)
    if (view === undefined) {
      view = new NativeTypeView(type, this)
      this.views.set(type, view)
    }
    return view
  }

  /** Classifies a type by its flags; the order matters (booleans and enums are unions). */
  kindOf(type: Type): TypeKind {
    const F = this.modules.sync.TypeFlags
    const flags = type.flags
    const flagKind = this.kindOfFlags(flags)
    if (flagKind) return flagKind
    if (flags & F.Union) return flags & F.EnumLiteral ? 'enum' : 'union'
    if (flags & F.Intersection) return 'intersection'
    if (flags & F.TemplateLiteral) return 'templateLiteral'
    if (flags & F.Object) return this.objectKind(type)
    return 'unresolved'
  }

  /** The kind of a type that its flags alone decide, e.g. a hole of a template literal type. */
  kindOfFlags(flags: number): TypeKind | undefined {
    return kindOfTypeFlags(flags, this.modules.sync.TypeFlags)
  }

  private objectKind(type: Type): TypeKind {
    const { ObjectFlags, SymbolFlags } = this.modules.sync
    const symbol = this.symbolOf(type)
    const name = symbol?.name
    if ((name === 'Array' || name === 'ReadonlyArray') && this.typeArguments(type).length === 1) return 'array'
    if (this.target(type) !== undefined && ((this.target(type)?.objectFlags ?? 0) & ObjectFlags.Tuple) !== 0) return 'tuple'
    if (this.hasSignatures(type)) return 'function'
    const declared = this.symbolOf(this.target(type) ?? type)
    if (!declared) return 'object'
    if (declared.flags & (SymbolFlags.Interface | SymbolFlags.Class) && this.isLibSymbol(declared)) return 'builtin'
    return declared.flags & SymbolFlags.Class ? 'class' : 'object'
  }

  private hasSignatures(type: Type): boolean {
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
    const { ObjectFlags, SymbolFlags } = this.modules.sync
    const { SyntaxKind } = this.modules.ast
    if ((((type as { objectFlags?: number }).objectFlags ?? 0) & ObjectFlags.Mapped) !== 0) return { signatures: false }
    const symbol = this.symbolOf(this.target(type) ?? type)
    const structural = SymbolFlags.TypeLiteral | SymbolFlags.Interface
    if (!symbol || (symbol.flags & structural) === 0 || (symbol.flags & ~structural & SymbolFlags.Value) !== 0 || this.isLibSymbol(symbol)) return {}
    let signatures = false
    let index = false
    for (const handle of symbol.declarations) {
      const declaration = handle.resolve(this.project) as { kind: number; heritageClauses?: unknown[]; members?: readonly { kind: number }[] } | undefined
      const isLiteral = declaration?.kind === SyntaxKind.TypeLiteral
      const isPlainInterface = declaration?.kind === SyntaxKind.InterfaceDeclaration && (declaration.heritageClauses?.length ?? 0) === 0
      if (!declaration || (!isLiteral && !isPlainInterface)) return {}
      for (const member of declaration.members ?? []) {
        if (member.kind === SyntaxKind.CallSignature || member.kind === SyntaxKind.ConstructSignature) signatures = true
        else if (member.kind === SyntaxKind.IndexSignature) index = true
      }
    }
    return { signatures, index }
  }

  text(type: Type): string {
    return this.project.checker.typeToString(type, undefined, NO_TRUNCATION)
  }

  /** Members of a union or intersection, holes of a template literal type. */
  members(type: Type): readonly Type[] {
    return (type as { getTypes?(): readonly Type[] | undefined }).getTypes?.() ?? []
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
    const symbol = this.aliasSymbolOf(type) ?? this.symbolOf(this.target(type) ?? type)
    const declaration = symbol?.declarations[0]
    if (!symbol || !declaration || this.isLibFile(declaration.path)) return undefined
    const named = [SyntaxKind.InterfaceDeclaration, SyntaxKind.TypeAliasDeclaration, SyntaxKind.EnumDeclaration, SyntaxKind.ClassDeclaration]
    return named.includes(declaration.kind) ? symbol : undefined
  }

  docsOf(symbol: NativeSymbol): Docs {
    const declarations = symbol.declarations.flatMap((handle) => handle.resolve(this.project) ?? [])
    return this.docsReader.of(declarations, symbol.valueDeclaration?.resolve(this.project))
  }

  /** Properties in declaration order, with their types (fetched with other types' by `fetchProperties` when prefetched). */
  properties(type: Type): PropertyView<Node>[] {
    const { symbols, types } = this.fetchedProperties.get(type) ?? this.fetchProperties([type])[0] ?? { symbols: [], types: [] }
    const { SymbolFlags } = this.modules.sync
    const properties = symbols.map((symbol, index): PropertyView<Node> => {
      const propertyType = types[index]
      if (propertyType === undefined) throw new Error(`toolcat: the native checker has no type for property ${symbol.name}`)
      let docs: Docs | undefined
      const checkerView = this
      return {
        name: symbol.name,
        optional: (symbol.flags & SymbolFlags.Optional) !== 0,
        type: this.view(propertyType),
        get docs() {
          return (docs ??= checkerView.docsOf(symbol))
        },
        get node() {
          return checkerView.declarationOf(symbol)
        },
      }
    })
    return this.inSourceOrder(type, properties)
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

  /** See `sourceOrderedMembers`. */
  private inSourceOrder(type: Type, properties: PropertyView<Node>[]): PropertyView<Node>[] {
    const { ObjectFlags } = this.modules.sync
    if ((((type as { objectFlags?: number }).objectFlags ?? 0) & ObjectFlags.Mapped) === 0) return properties
    return sourceOrderedMembers(properties, ({ node }) => node && { file: node.getSourceFile().fileName, position: node.getStart() })
  }

  /** Value type of the string index signature, else of the number one. */
  indexType(type: Type): Type | undefined {
    const { TypeFlags } = this.modules.sync
    if ((type.flags & TypeFlags.Object) !== 0 && this.shapeOf(type).index === false) return undefined
    const infos = this.project.checker.getIndexInfosOfType(type)
    return (infos.find((info) => info.keyType.flags & TypeFlags.String) ?? infos.find((info) => info.keyType.flags & TypeFlags.Number))?.valueType
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
