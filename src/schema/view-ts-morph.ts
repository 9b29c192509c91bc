import { Node, ts, type Symbol as MorphSymbol, type Type, type TypeNode } from 'ts-morph'
import { kindOf, kindOfFlags, type LibTest } from './ts-morph-kind.js'
import { inlineJsDoc } from './inline-jsdoc.js'
import { midLineTags } from './mid-line-tags.js'
import { enumInitializerValue, readsThroughValue } from './written-rules.js'
import { literalOrderedMembers, optionalMemberType, sourceOrderedMembers } from './property-order.js'
import { morphPosition, spreadLiteral } from './ts-morph-literal.js'
import type { Docs, MemberKind, NamedInfo, PatternIndexView, PropertyView, TupleElementView, TypeKind, TypeView, WrittenDerivation, WrittenKeys, WrittenMapping } from './view.js'
import { declaredTypeNode, literalMemberTypeNode, namedDeclarations, writes, writtenDerivation, writtenElement, writtenFirstArgument, writtenMapping, writtenTupleElements, writtenTypeArgument, writtenTupleLabels, writtenUnion } from './written-nodes.js'

const namedDeclarationKinds = new Set([
  ts.SyntaxKind.InterfaceDeclaration, ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration, ts.SyntaxKind.ClassDeclaration,
])
const asyncIterables = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator'])

/** A view of a ts-morph type, optionally remembering the type node it was written as. */
export type TsMorphView = (type: Type, written?: TypeNode) => TypeView<Node>

/** The type node written at `at`: `at` itself, or the type node of a parameter or property declaration. */
export function writtenAt(at: Node): TypeNode | undefined {
  if (Node.isTypeNode(at)) return at
  return Node.isParameterDeclaration(at) || Node.isPropertySignature(at) ? at.getTypeNode() : undefined
}

/** Views over the ts-morph types of `at`'s project. */
export function tsMorphViews(at: Node): TsMorphView {
  const project = at.getProject()
  const checker = project.getTypeChecker().compilerObject
  const program = project.getProgram().compilerObject
  const isDefaultLib: LibTest = (declaration) => program.isSourceFileDefaultLibrary(declaration.getSourceFile().compilerNode)
  const view: TsMorphView = (type, written) => new TsMorphTypeView(type, written, { view, checker, at, isDefaultLib })
  return view
}

/** What every view of one call shares. */
interface Backend {
  readonly view: TsMorphView
  readonly checker: ts.TypeChecker
  /** Where property types are asked for when a property has no declaration. */
  readonly at: Node
  readonly isDefaultLib: LibTest
}

class TsMorphTypeView implements TypeView<Node> {
  readonly id: object
  readonly origin: object | undefined
  readonly kind: TypeKind

  private readonly view: TsMorphView

  constructor(
    private readonly type: Type,
    private readonly written: TypeNode | undefined,
    private readonly backend: Backend,
  ) {
    this.id = type.compilerType
    this.origin = written?.compilerNode
    this.kind = kindOf(type, backend.isDefaultLib)
    this.view = backend.view
  }

  get text(): string {
    // Without an enclosing node and with explicit flags the checker prints names, never import paths.
    return this.type.getText(undefined, ts.TypeFormatFlags.NoTruncation)
  }

  literal(): string | number | boolean | undefined {
    if (this.type.isBooleanLiteral()) return this.type.getText() === 'true'
    const value = this.type.getLiteralValue()
    if (typeof value === 'string' || typeof value === 'number') return value
    // An enum member the checker computes no value for (`Lit = true as any`): what its initialiser writes.
    const member = this.type.getSymbol()?.getDeclarations()[0]
    const initializer = member && Node.isEnumMember(member) ? member.getInitializer()?.getText() : undefined
    return initializer === undefined ? undefined : enumInitializerValue(initializer)
  }

  members(): TypeView<Node>[] {
    const members = this.type.isIntersection() ? this.type.getIntersectionTypes() : this.type.getUnionTypes()
    return members.map((member) => this.view(member))
  }

  element(): TypeView<Node> | undefined {
    const element = this.type.getTypeArguments()[0] ?? this.type.getNumberIndexType()
    return element && this.viewWritten(element, this.written && writtenElement(this.written))
  }

  tupleElements(): TupleElementView<Node>[] {
    // ts-morph exposes tuple element types but not their flags; those live on the tuple target.
    const target = this.type.getTargetType()?.compilerType as ts.TupleType | undefined
    const flags = target?.elementFlags ?? []
    const written = this.written && writtenTupleElements(this.written)
    const labels = this.written && writtenTupleLabels(this.written)
    return this.type.getTypeArguments().slice(0, flags.length).map((element, index) => ({
      type: this.viewWritten(element, written?.[index]),
      optional: Boolean((flags[index] ?? 0) & ts.ElementFlags.Optional),
      rest: Boolean((flags[index] ?? 0) & ts.ElementFlags.Variable),
      ...(labels?.[index] !== undefined && { label: labels[index] }),
    }))
  }

  properties(): PropertyView<Node>[] {
    const properties = this.declaredProperties()
    if ((this.type.getObjectFlags() & ts.ObjectFlags.Mapped) !== 0) return sourceOrderedMembers(properties, ({ node }) => morphPosition(node))
    const literal = spreadLiteral(this.type, this.view)
    return literal ? literalOrderedMembers(properties, literal, ({ node }) => morphPosition(node)) : properties
  }

  private declaredProperties(): PropertyView<Node>[] {
    // The members of a `Record<K, V>` have no declaration: each is written as `V`.
    const recordValue = this.recordValueNode()
    return this.type.getProperties()
      // Symbol-keyed members (`[Symbol.iterator]`) have escaped names starting `__@` and no JSON key.
      .filter((property) => !property.getEscapedName().startsWith('__@'))
      .map((property) => {
        const node = property.getDeclarations()[0]
        const type = property.getTypeAtLocation(node ?? this.backend.at)
        const initializerNode = node && (Node.isPropertyDeclaration(node) || Node.isParameterDeclaration(node)) ? node.getInitializer() : undefined
        const initializer = initializerNode?.getText()
        return {
          name: property.getName(),
          optional: property.isOptional(),
          type: this.propertyType(type, [this.writtenArgument(node), declaredTypeNode(node), recordValue, readsThroughValue(kindOf(type, this.backend.isDefaultLib)) ? literalMemberTypeNode(node) : undefined], property.isOptional()),
          docs: this.docsOf(property),
          node,
          member: memberKind(property),
          visibility: visibility(property, node),
          ...(initializer !== undefined && { initializer, initializerValue: () => this.view(initializerNode?.getType() as Type).literal() }),
        }
      })
  }

  indexType(): TypeView<Node> | undefined {
    const index = this.type.getStringIndexType() ?? this.type.getNumberIndexType()
    if (!index) return undefined
    return this.viewWritten(index, this.indexSignatureNode() ?? this.recordValueNode())
  }

  patternIndexes(): PatternIndexView<Node>[] {
    if (!this.type.isObject() && !this.type.isIntersection()) return []
    // ts-morph wraps no index info: its types are wrapped as every other of the project's.
    const wrap = (type: ts.Type) => (this.type as unknown as { _context: { compilerFactory: { getType(type: ts.Type): Type } } })._context.compilerFactory.getType(type)
    return this.backend.checker
      .getIndexInfosOfType(this.type.compilerType)
      .filter((info) => (info.keyType.flags & ts.TypeFlags.TemplateLiteral) !== 0)
      .map((info) => ({ key: this.view(wrap(info.keyType)), value: this.view(wrap(info.type)) }))
  }

  /** For a member declared as a type parameter of its interface or class, the argument this view's written node gives it (see `writtenTypeArgument`). */
  private writtenArgument(member: Node | undefined): TypeNode | undefined {
    const declared = declaredTypeNode(member)
    const argument = member && declared && this.written && writtenTypeArgument(declared, member, this.written)
    // Only a documented argument changes the schema; any other keeps the instantiation one shared entry.
    return argument && this.view(argument.getType(), argument).writtenDocs().length > 0 ? argument : undefined
  }

  readsArguments(): boolean {
    if (this.written === undefined) return false
    // A generic alias of a mapped type (`PerKey<ReplicaCount>`) writes its members as the argument its value names.
    const value = this.recordValueNode()
    if (value !== undefined && this.view(value.getType(), value).writtenDocs().length > 0) return true
    return this.type.getProperties().some((property) => this.writtenArgument(property.getDeclarations()[0]) !== undefined)
  }

  /** The `V` of the `Record<K, V>` or mapped type this view is written as (see `writtenMapping`). */
  private recordValueNode(): TypeNode | undefined {
    return this.mapping()?.value
  }

  writtenKeys(): WrittenKeys<Node> | undefined {
    const { keys, keysOf, rename } = this.mapping() ?? {}
    return keys && { keys: this.view(keys.getType(), keys), ...(keysOf && { of: this.view(keysOf.getType(), keysOf) }), ...(rename && { rename }) }
  }

  /** The mapped type this view is written as: from its written node, else from its own user alias's declaration. */
  private mapping(): WrittenMapping<TypeNode> | undefined {
    const isLib = (symbol: MorphSymbol) => symbol.getDeclarations().some(this.backend.isDefaultLib)
    const alias = this.type.getAliasSymbol()
    const own = alias && !isLib(alias) ? alias.getDeclarations().find(Node.isTypeAliasDeclaration)?.getTypeNode() : undefined
    const start = this.written ?? own
    return start && writtenMapping(start, isLib)
  }

  writtenMembers(): TypeView<Node>[] | undefined {
    // A written node that names no union (`Alias extends X ? never : Alias`) leaves the order to the alias's own declaration.
    const own = this.type.getAliasSymbol()?.getDeclarations().find(Node.isTypeAliasDeclaration)?.getTypeNode()
    const members = (this.written && writtenUnion(this.written)) ?? (own && writtenUnion(own))
    return members?.map((member) => this.view(member.getType(), member))
  }

  writtenDerivation(): WrittenDerivation<Node> | undefined {
    const start = this.written ?? this.type.getAliasSymbol()?.getDeclarations().find(Node.isTypeAliasDeclaration)?.getTypeNode()
    const derivation = start && writtenDerivation(start)
    return derivation && { operator: derivation.operator, of: this.view(derivation.of.getType(), derivation.of) }
  }

  writtenDocs(): Docs<Node>[] {
    if (!this.written) return []
    const isLib = (symbol: MorphSymbol) => symbol.getDeclarations().some(this.backend.isDefaultLib)
    return namedDeclarations(this.written, this.type.getAliasSymbol(), isLib)
      .map((symbol) => this.docsOf(symbol))
      .filter((docs) => docs.description !== undefined || docs.tags.length > 0)
  }

  templateParts(): { texts: string[]; holes: TypeKind[] } {
    const template = this.type.compilerType as ts.TemplateLiteralType
    return { texts: [...template.texts], holes: template.types.map((hole) => kindOfFlags(hole.flags) ?? 'string') }
  }

  symbolName(): string | undefined {
    return (this.type.getTargetType() ?? this.type).getSymbol()?.getName()
  }

  named(): NamedInfo | undefined {
    const symbol = this.namedSymbol()
    const declaration = symbol?.getDeclarations()[0]
    if (!symbol || !declaration) return undefined
    const generic = ((declaration.compilerNode as { typeParameters?: readonly unknown[] }).typeParameters?.length ?? 0) > 0
    return { name: symbol.getName(), file: declaration.getSourceFile().getFilePath(), position: declaration.getStart(), ...(generic && { generic }) }
  }

  declared(): Pick<NamedInfo, 'file' | 'position'> | undefined {
    const symbol = this.type.getAliasSymbol() ?? (this.type.getTargetType() ?? this.type).getSymbol()
    const declaration = symbol?.getDeclarations()[0]
    // Library types (Array, Record…) live outside the project, where paths differ between machines.
    if (!declaration || this.backend.isDefaultLib(declaration)) return undefined
    return { file: declaration.getSourceFile().getFilePath(), position: declaration.getStart() }
  }

  docs(): Docs<Node> {
    const symbol = this.namedSymbol()
    return symbol ? this.docsOf(symbol) : { tags: [] }
  }

  awaited(): TypeView<Node> {
    // Not a promise: this very view, whose written node keeps the order a mapped type's keys or a union's members are written in.
    const awaited = this.type.getAwaitedType()
    if (awaited === undefined || awaited.compilerType === this.type.compilerType) return this
    return this.viewWritten(awaited, this.written && writtenFirstArgument(this.written))
  }

  asyncElement(): TypeView<Node> | undefined {
    const target = this.type.getTargetType() ?? this.type
    const symbol = target.getSymbol()
    const fromLib = symbol?.getDeclarations().some(this.backend.isDefaultLib)
    const chunk = this.type.getTypeArguments()[0]
    return fromLib && asyncIterables.has(symbol?.getName() ?? '') && chunk ? this.viewWritten(chunk, this.written && writtenFirstArgument(this.written)) : undefined
  }

  /** The value type node of the first index signature declared on this interface or type literal. */
  private indexSignatureNode(): TypeNode | undefined {
    for (const declaration of (this.type.getTargetType() ?? this.type).getSymbol()?.getDeclarations() ?? []) {
      const members = Node.isInterfaceDeclaration(declaration) || Node.isTypeLiteral(declaration) ? declaration.getMembers() : []
      const signature = members.find(Node.isIndexSignatureDeclaration)
      if (signature) return signature.getReturnTypeNode()
    }
    return undefined
  }

  /**
   * A property's type, read from the first of its candidate nodes that writes it (a mapped type's
   * members keep the declarations they were mapped from, whose type nodes may say something else,
   * and are then written as the mapped type's value);
   * of an optional member the type the node denotes, so `b?: Mode[]` and `value?: Json` keep the
   * union order, element nodes and alias name the node gives (see `optionalMemberType`).
   */
  private propertyType(type: Type, candidates: readonly (TypeNode | undefined)[], optional: boolean): TypeView<Node> {
    const written = candidates.find((candidate) => candidate !== undefined && writes(candidate, type))
    if (!written) return this.view(type)
    return this.view(optionalMemberType(type, written.getType(), optional), written)
  }

  /** A view remembering its written node, when that node writes exactly this type. */
  private viewWritten(type: Type, written: TypeNode | undefined): TypeView<Node> {
    return this.view(type, written && writes(written, type) ? written : undefined)
  }

  /** The symbol of a user-declared interface, alias, enum or class; lib helpers like `Partial` are transparent. */
  private namedSymbol(): MorphSymbol | undefined {
    const symbol = this.type.getAliasSymbol() ?? (this.type.getTargetType() ?? this.type).getSymbol()
    const declaration = symbol?.getDeclarations()[0]
    if (!declaration || this.backend.isDefaultLib(declaration)) return undefined
    return namedDeclarationKinds.has(declaration.getKind()) ? symbol : undefined
  }

  private docsOf(symbol: MorphSymbol): Docs<Node> {
    const node = symbol.getDeclarations()[0]
    const where = { ...(node && { node }), name: symbol.getName() }
    const description = ts.displayPartsToString(symbol.compilerSymbol.getDocumentationComment(this.backend.checker)).trim()
    const tags = symbol.getJsDocTags().map((tag) => ({ name: tag.getName(), text: ts.displayPartsToString(tag.getText()) }))
    const midLine = symbol.getDeclarations().flatMap((declaration) => {
      const text = declaration.getSourceFile().getFullText()
      return ts.getJSDocCommentsAndTags(declaration.compilerNode).filter(ts.isJSDoc).flatMap((block) => midLineTags(text.slice(block.pos, block.end)))
    })
    if (midLine.length > 0) Object.assign(where, { midLine })
    if (description) return { description, tags, ...where }
    // A mapped type's member (`Omit<…>`, `Partial<…>`) keeps the declarations it was mapped from, but no value declaration.
    const declaration = symbol.compilerSymbol.valueDeclaration ?? symbol.compilerSymbol.declarations?.[0]
    const inline = tags.length === 0 && declaration !== undefined ? inlineJsDoc(declaration) : undefined
    return { ...(inline ?? { tags }), ...where }
  }
}

function memberKind(property: MorphSymbol): MemberKind {
  if (property.hasFlags(ts.SymbolFlags.Method)) return 'method'
  if (property.hasFlags(ts.SymbolFlags.GetAccessor) || property.hasFlags(ts.SymbolFlags.SetAccessor)) return 'accessor'
  return 'data'
}

function visibility(property: MorphSymbol, node: Node | undefined): PropertyView<Node>['visibility'] {
  if (property.getName().startsWith('#')) return 'private'
  const flags = node ? ts.getCombinedModifierFlags(node.compilerNode as ts.Declaration) : 0
  if (flags & ts.ModifierFlags.Private) return 'private'
  if (flags & ts.ModifierFlags.Protected) return 'protected'
  return 'public'
}
