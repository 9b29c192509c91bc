import type { Node } from 'typescript/unstable/ast'
import type { Project, Type } from 'typescript/unstable/sync'
import type { WrittenRequests } from './requests.js'
import type { TypeNodeLike } from './written-nodes.js'

/** A declaration node with the members `shapeOf` reads. */
type DeclarationLike = Node & {
  readonly heritageClauses?: readonly unknown[]
  readonly typeParameters?: readonly unknown[]
  readonly members?: readonly (Node & { readonly type?: TypeNodeLike; readonly name?: Node & { readonly text?: string } })[]
}

/** What declarations say of an object type: whether it has call or construct signatures, an index signature (undefined: ask). */
interface Shape {
  readonly signatures?: boolean
  readonly index?: boolean
}

/**
 * What an object type's declarations say of its shape — call and construct signatures, index
 * signatures, base types — read from the syntax trees where they tell (an interface that extends
 * nothing, a type literal), asked of the checker where they do not, each answer kept per type.
 */
export class DeclaredShapes {
  private readonly signatures = new Map<Type, boolean>()
  private readonly shapes = new Map<Type, Shape>()
  private readonly indexInfosOf = new Map<Type, ReturnType<Project['checker']['getIndexInfosOfType']>>()

  constructor(private readonly checker: WrittenRequests) {}

  /** Whether an object type has call or construct signatures, from its declarations where they tell. */
  hasSignatures(type: Type): boolean {
    let has = this.signatures.get(type)
    if (has === undefined) {
      has = this.shapeOf(type).signatures
      if (has === undefined) {
        const { SignatureKind } = this.checker.modules.sync
        const checker = this.checker.project.checker
        has = checker.getSignaturesOfType(type, SignatureKind.Call).length > 0 || checker.getSignaturesOfType(type, SignatureKind.Construct).length > 0
      }
      this.signatures.set(type, has)
    }
    return has
  }

  /**
   * Whether an object type has call or construct signatures and an index signature, when its
   * declarations say so without the checker: a mapped type has no signatures, nor has an object
   * literal, whose index signatures come only from computed names and spreads; an interface without
   * base types or a type literal has exactly the members written in it. Undefined where only the
   * checker knows (functions, classes, base types, merged declarations, the default lib).
   */
  private shapeOf(type: Type): Shape {
    let shape = this.shapes.get(type)
    if (shape === undefined) this.shapes.set(type, (shape = this.declaredShape(type)))
    return shape
  }

  private declaredShape(type: Type): Shape {
    const { ObjectFlags } = this.checker.modules.sync
    if ((((type as { objectFlags?: number }).objectFlags ?? 0) & ObjectFlags.Mapped) !== 0) return { signatures: false }
    // The type of an object literal (`return { id, ok: true }`, widened or not) has no call or construct signatures.
    if (this.isObjectLiteral(type)) return { signatures: false, ...(this.namedMembersOnly(type) && { index: false }) }
    const declarations = this.plainDeclarations(type)
    if (declarations === undefined) return {}
    const { SyntaxKind } = this.checker.modules.ast
    const members = declarations.flatMap((declaration) => declaration.members ?? [])
    return {
      signatures: members.some((member) => member.kind === SyntaxKind.CallSignature || member.kind === SyntaxKind.ConstructSignature),
      index: members.some((member) => member.kind === SyntaxKind.IndexSignature),
    }
  }

  private isObjectLiteral(type: Type): boolean {
    if (this.checker.typeLiteralNode(type) !== undefined) return false
    const symbol = this.checker.symbolOf(type)
    return symbol !== undefined && symbol.flags === this.checker.modules.sync.SymbolFlags.ObjectLiteral
  }

  /**
   * Whether an object literal's members all have names written out (`a: 1`, `b`, `m() {}`, `get c()`):
   * only a computed name of a non-literal type or a spread gives its type an index signature.
   */
  private namedMembersOnly(type: Type): boolean {
    const symbol = this.checker.symbolOf(type)
    if (symbol === undefined || symbol.declarations.length !== 1) return false
    const { SyntaxKind } = this.checker.modules.ast
    const literal = this.checker.declarationOf(symbol) as (Node & { readonly properties?: readonly (Node & { readonly name?: Node })[] }) | undefined
    if (literal?.kind !== SyntaxKind.ObjectLiteralExpression || literal.properties === undefined) return false
    const named = new Set<number>([SyntaxKind.PropertyAssignment, SyntaxKind.ShorthandPropertyAssignment, SyntaxKind.MethodDeclaration, SyntaxKind.GetAccessor, SyntaxKind.SetAccessor])
    return literal.properties.every((member) => named.has(member.kind) && member.name !== undefined && member.name.kind !== SyntaxKind.ComputedPropertyName)
  }

  /** The declarations of a type literal or an interface without base types (nothing else merged in), else undefined. */
  private plainDeclarations(type: Type): DeclarationLike[] | undefined {
    const { SymbolFlags } = this.checker.modules.sync
    const { SyntaxKind } = this.checker.modules.ast
    const literal = this.checker.typeLiteralNode(type) as DeclarationLike | undefined
    if (literal !== undefined) return this.checker.isLibFile(literal.getSourceFile().fileName) ? undefined : [literal]
    const symbol = this.checker.symbolOf(this.checker.target(type) ?? type)
    const structural = SymbolFlags.TypeLiteral | SymbolFlags.Interface
    if (!symbol || (symbol.flags & structural) === 0 || (symbol.flags & ~structural & SymbolFlags.Value) !== 0 || this.checker.isLibSymbol(symbol)) return undefined
    const declarations = this.checker.written.declarationsOf(symbol) as DeclarationLike[]
    const plain = declarations.length === symbol.declarations.length && declarations.every((declaration) =>
      declaration.kind === SyntaxKind.TypeLiteral || (declaration.kind === SyntaxKind.InterfaceDeclaration && (declaration.heritageClauses?.length ?? 0) === 0),
    )
    return plain ? declarations : undefined
  }

  /**
   * The name nodes of an object type's properties, when they are exactly the members written in its
   * one declaration: a type literal or an interface without base types or type parameters, neither
   * instantiated nor mapped (whose property symbols are copies, not the declaration's own), every
   * member named by an identifier, a string or a number. Undefined where only the checker knows.
   */
  memberNames(type: Type): { readonly nodes: Node[]; readonly texts: string[] } | undefined {
    const { ObjectFlags, TypeFlags } = this.checker.modules.sync
    const objectFlags = (type as { objectFlags?: number }).objectFlags ?? 0
    const copies = ObjectFlags.Class | ObjectFlags.Reference | ObjectFlags.Tuple | ObjectFlags.Mapped | ObjectFlags.Instantiated | ObjectFlags.ObjectLiteral | ObjectFlags.ReverseMapped | ObjectFlags.JsxAttributes
    if ((type.flags & TypeFlags.Object) === 0 || (objectFlags & copies) !== 0 || (objectFlags & (ObjectFlags.Interface | ObjectFlags.Anonymous)) === 0) return undefined
    const declarations = this.plainDeclarations(type)
    const [declaration] = declarations ?? []
    if (declarations?.length !== 1 || declaration === undefined || (declaration.typeParameters?.length ?? 0) > 0) return undefined
    const k = this.checker.modules.ast.SyntaxKind
    const names = new Map<string, Node>()
    for (const member of declaration.members ?? []) {
      if (member.kind === k.CallSignature || member.kind === k.ConstructSignature || member.kind === k.IndexSignature) continue
      const name = member.name
      const named = name !== undefined && (name.kind === k.Identifier || name.kind === k.StringLiteral || name.kind === k.NumericLiteral)
      const property = member.kind === k.PropertySignature || member.kind === k.MethodSignature || member.kind === k.GetAccessor || member.kind === k.SetAccessor
      // The AST decodes `text` on every read: once here.
      const text = named && property ? name.text : undefined
      if (name === undefined || text === undefined) return undefined
      // Overloads and accessor pairs are one property, listed where first written.
      if (!names.has(text)) names.set(text, name)
    }
    return { nodes: [...names.values()], texts: [...names.keys()] }
  }

  /** Whether a class or interface may have base types (one that extends nothing written has none). */
  mayHaveBaseTypes(type: Type): boolean {
    return this.plainDeclarations(type) === undefined
  }

  /** The base types of a class or interface. */
  baseTypes(type: Type): readonly Type[] {
    return (type as { getBaseTypes(): readonly Type[] | undefined }).getBaseTypes() ?? []
  }

  /** Value type of the string index signature, else of the number one. */
  indexType(type: Type): Type | undefined {
    const { TypeFlags } = this.checker.modules.sync
    if ((type.flags & TypeFlags.Object) !== 0 && this.shapeOf(type).index === false) return undefined
    const infos = this.indexInfos(type)
    return (infos.find((info) => info.keyType.flags & TypeFlags.String) ?? infos.find((info) => info.keyType.flags & TypeFlags.Number))?.valueType
  }

  private indexInfos(type: Type): ReturnType<Project['checker']['getIndexInfosOfType']> {
    let infos = this.indexInfosOf.get(type)
    if (infos === undefined) {
      infos = this.checker.project.checker.getIndexInfosOfType(type)
      this.indexInfosOf.set(type, infos)
    }
    return infos
  }

  /** The key and value types of the index signatures keyed by a template literal type. */
  patternIndexes(type: Type): { key: Type; value: Type }[] {
    const { TypeFlags } = this.checker.modules.sync
    if ((type.flags & (TypeFlags.Object | TypeFlags.Intersection)) === 0) return []
    if ((type.flags & TypeFlags.Object) !== 0 && this.shapeOf(type).index === false) return []
    return this.indexInfos(type)
      .filter((info) => (info.keyType.flags & TypeFlags.TemplateLiteral) !== 0)
      .map((info) => ({ key: info.keyType, value: info.valueType }))
  }

  /** Value type of the number index signature (an interface extending `Array<T>` has `T`). */
  numberIndexType(type: Type): Type | undefined {
    const { TypeFlags } = this.checker.modules.sync
    if ((type.flags & TypeFlags.Object) !== 0 && this.shapeOf(type).index === false) return undefined
    return this.indexInfos(type).find((info) => info.keyType.flags & TypeFlags.Number)?.valueType
  }

  /** The value type node of the first index signature declared on this interface or type literal. */
  indexSignatureNode(type: Type): TypeNodeLike | undefined {
    const { SyntaxKind } = this.checker.modules.ast
    const literal = this.checker.typeLiteralNode(type)
    const symbol = literal === undefined ? this.checker.symbolOf(this.checker.target(type) ?? type) : undefined
    const declarations = literal !== undefined ? [literal] : symbol ? this.checker.written.declarationsOf(symbol) : []
    for (const declaration of declarations as DeclarationLike[]) {
      if (declaration.kind !== SyntaxKind.InterfaceDeclaration && declaration.kind !== SyntaxKind.TypeLiteral) continue
      const signature = declaration.members?.find((member) => member.kind === SyntaxKind.IndexSignature)
      if (signature) return signature.type
    }
    return undefined
  }
}
