import type { Node } from 'typescript/unstable/ast'
import type { Project, Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { kindOfTypeFlags } from '../../schema/flag-kinds.js'
import type { TypeKind } from '../../schema/view.js'
import type { NativeModules } from './load.js'
import { writesType, type TypeNodeLike, type WrittenContext } from './written-nodes.js'

/** `TypeFormatFlags.NoTruncation`: the full type in messages, as the ts-morph backend prints it. */
const NO_TRUNCATION = 1

/**
 * The request layer of the native checker: the questions sent to the checker process about
 * types, symbols and nodes, batched where the API allows, every answer kept per object. The
 * readers and views above it (references, shapes, kinds, type views) ask through it; it knows none of them.
 */
export class CheckerRequests {
  private readonly argumentsOf = new Map<Type, readonly Type[]>()
  private readonly membersOf = new Map<Type, readonly Type[]>()
  private readonly libFiles = new Map<string, boolean>()
  private readonly typeAt = new Map<Node, Type | undefined>()
  private readonly literalNodes = new Map<Type, Node>()

  constructor(
    readonly modules: NativeModules,
    readonly project: Project,
  ) {}

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
}

/** The request layer with the written-node context its readers share (see `WrittenReferences`). */
export interface WrittenRequests extends CheckerRequests {
  readonly written: WrittenContext
}
