import type { Node } from 'typescript/unstable/ast'
import type { Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import type { CheckerRequests } from './requests.js'
import { unwrap, type TypeNodeLike, type WrittenContext } from './written-nodes.js'

/**
 * The default lib's aliases whose declared types are mapped or conditional types, never unions:
 * following a reference to one through written unions needs no lib file fetched.
 */
const libHelpers = new Set(['Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters', 'InstanceType', 'Awaited', 'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize'])

/**
 * What the written-node readers ask of the checker (`WrittenContext`): which symbol a type
 * reference names, a symbol's declarations, a property of the type a node denotes — each answer
 * kept, and names that need no asking answered locally.
 */
export class WrittenReferences {
  readonly context: WrittenContext
  private readonly referenced = new Map<Node, NativeSymbol | undefined>()
  private readonly referencedByName = new Map<string, NativeSymbol | undefined>()

  constructor(private readonly checker: CheckerRequests) {
    const { project } = checker
    this.context = {
      kinds: checker.modules.ast.SyntaxKind,
      referencedSymbol: (reference) => this.referencedSymbol(reference),
      declarationsOf: (symbol) => symbol.declarations.flatMap((handle) => handle.resolve(project) ?? []),
      isLibHelper: (symbol) => libHelpers.has(symbol.name) && checker.isLibSymbol(symbol),
      propertyOfTypeAt: (node, name) => {
        const [type] = checker.typesAtNodes([node])
        return type && project.checker.getPropertyOfType(type, name)
      },
      symbolAt: (node) => project.checker.getSymbolAtLocation(node),
      shorthandValueSymbol: (node) => project.checker.getShorthandAssignmentValueSymbol(node),
    }
  }

  /**
   * The symbol a type reference's name resolves to, through imports. Asked once per name and module
   * where nothing in between can declare that name (a type parameter, a namespace), else once per
   * reference: `priority: Priority` written in a hundred properties costs one request, not a hundred.
   */
  referencedSymbol(reference: TypeNodeLike): NativeSymbol | undefined {
    if (this.referenced.has(reference)) return this.referenced.get(reference)
    const name = reference.typeName?.getText()
    const key = name !== undefined && this.resolvesModuleWide(reference, name) ? `${reference.getSourceFile().fileName}\0${name}` : undefined
    if (key !== undefined && this.referencedByName.has(key)) return this.referencedByName.get(key)
    const { SymbolFlags } = this.checker.modules.sync
    const symbol = reference.typeName && this.checker.project.checker.getSymbolAtLocation(reference.typeName)
    const resolved = symbol && symbol.flags & SymbolFlags.Alias ? this.checker.project.checker.getAliasedSymbol(symbol) : symbol
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
    const reference = unwrap(this.context, written)
    if (reference.kind !== this.checker.modules.ast.SyntaxKind.TypeReference || !reference.typeName || this.referenced.has(reference)) return
    const own = this.ownSymbolOf(type)
    if (own !== undefined && reference.typeName.getText().split('.').at(-1) === own.name) this.referenced.set(reference, own)
    // An enum (`color?: Color`): a name for a union of enum members and no alias of its own is the
    // enum itself, which ends the walk as a symbol that is no alias would.
    else if (own === undefined && this.isEnumUnion(type)) this.referenced.set(reference, undefined)
  }

  /** Whether a type without an alias is a union of enum members (and `undefined`). */
  private isEnumUnion(type: Type): boolean {
    const { TypeFlags } = this.checker.modules.sync
    if ((type.flags & TypeFlags.Union) === 0 || this.checker.aliasSymbolOf(type) !== undefined) return false
    const defined = this.checker.members(type).filter((member) => (member.flags & TypeFlags.Undefined) === 0)
    return defined.length > 0 && defined.every((member) => (member.flags & TypeFlags.EnumLiteral) !== 0)
  }

  /**
   * The symbol a type is known by — its alias, else its (target's) symbol — looking through the
   * `undefined` an optional member adds (`balance?: Money` is `Money | undefined`).
   */
  ownSymbolOf(type: Type): NativeSymbol | undefined {
    const { TypeFlags } = this.checker.modules.sync
    const defined = (type.flags & TypeFlags.Union) !== 0 && !this.checker.aliasSymbolOf(type) ? this.checker.members(type).filter((member) => (member.flags & TypeFlags.Undefined) === 0) : [type]
    const [only] = defined
    if (defined.length !== 1 || only === undefined) return undefined
    return this.checker.aliasSymbolOf(only) ?? this.checker.symbolOf(this.checker.target(only) ?? only)
  }

  /** Whether a name written at `node` means what it means at the top of its module: no enclosing declaration can bind it. */
  private resolvesModuleWide(node: Node, name: string): boolean {
    const { SyntaxKind } = this.checker.modules.ast
    const head = name.split('.')[0]
    const binding = new Set([SyntaxKind.MappedType, SyntaxKind.ConditionalType, SyntaxKind.InferType, SyntaxKind.ModuleDeclaration, SyntaxKind.ModuleBlock])
    for (let current: Node | undefined = node.parent; current !== undefined && current.kind !== SyntaxKind.SourceFile; current = current.parent) {
      if (binding.has(current.kind)) return false
      const parameters = (current as { typeParameters?: readonly (Node & { name: { text: string } })[] }).typeParameters
      if (parameters?.some((parameter) => parameter.name.text === head)) return false
    }
    return true
  }
}
