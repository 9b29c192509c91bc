import type { Node } from 'typescript/unstable/ast'
import type { Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { optionalMemberType } from '../../schema/property-order.js'
import type { Docs, NamedInfo, PatternIndexView, PropertyView, TupleElementView, TypeKind, TypeView, WrittenDerivation, WrittenKeys, WrittenMapping } from '../../schema/view.js'
import { enumInitializerValue } from '../../schema/written-rules.js'
import type { WrittenReferences } from './references.js'
import type { WrittenRequests } from './requests.js'
import type { DeclaredShapes } from './shapes.js'
import { declaredTypeNode, namedDeclarations, unwrap, writtenDerivation, writtenElement, writtenFirstArgument, writtenMapping, writtenTupleElements, writtenTupleLabels, writtenTypeArgument, writtenUnion, type TypeNodeLike } from './written-nodes.js'

const asyncIterables = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator'])
const promises = new Set(['Promise', 'PromiseLike'])

/**
 * What the type views ask of the checker above them: the request layer, the readers, and the views
 * of other types. `NativeChecker` implements it; the views know it only by this interface.
 */
export interface ViewReader extends WrittenRequests {
  readonly references: WrittenReferences
  readonly shapes: DeclaredShapes
  /** The kind of a type, as the schema units classify it. */
  kindOf(type: Type): TypeKind
  /** The type node of the declaration of the type's own alias. */
  aliasTypeNode(type: Type): TypeNodeLike | undefined
  /** A symbol's JSDoc, with the declaration it is written on and its name. */
  docsOf(symbol: NativeSymbol): Docs<Node>
  /** The view of a type read from `written` (or from nowhere). */
  view(type: Type, written?: TypeNodeLike): NativeTypeView
  /** A view remembering its written node, when that node writes exactly this type. */
  viewWritten(type: Type, written: TypeNodeLike | undefined): NativeTypeView
  /** Properties in declaration order, with what the units read of each. */
  properties(type: Type): PropertyView<Node>[]
  /** What `await` gives. */
  awaited(view: NativeTypeView): TypeView<Node>
}

/**
 * A type of the native checker as the schema units see it, optionally remembering the type node it
 * was written as. Every answer is computed once and kept: a type met by many tools costs its
 * requests once. What can be read locally (flags, literal values, declarations, JSDoc) is.
 */
export class NativeTypeView implements TypeView<Node> {
  readonly id: object
  readonly origin: object | undefined
  readonly kind: TypeKind
  private cachedText: string | undefined
  private cachedMembers: TypeView<Node>[] | undefined
  private cachedProperties: PropertyView<Node>[] | undefined

  constructor(
    private readonly type: Type,
    private readonly written: TypeNodeLike | undefined,
    private readonly checker: ViewReader,
  ) {
    this.id = type
    this.origin = written
    this.kind = checker.kindOf(type)
  }

  get text(): string {
    return (this.cachedText ??= this.checker.text(this.type))
  }

  literal(): string | number | boolean | undefined {
    const value = (this.type as { value?: unknown }).value
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
    // TypeScript 7 flags such a member `Enum` alone; TypeScript 6 reads it as a literal without a value.
    const { TypeFlags } = this.checker.modules.sync
    if (this.kind !== 'literal' && (this.type.flags & TypeFlags.Enum) === 0) return undefined
    // An enum member the checker computes no value for (`Lit = true as any`): what its initialiser writes.
    const symbol = this.checker.symbolOf(this.type)
    const member = symbol && (this.checker.declarationOf(symbol) as (Node & { initializer?: Node }) | undefined)
    const initializer = member?.kind === this.checker.modules.ast.SyntaxKind.EnumMember ? member.initializer?.getText() : undefined
    return initializer === undefined ? undefined : enumInitializerValue(initializer)
  }

  members(): TypeView<Node>[] {
    return (this.cachedMembers ??= this.checker.members(this.type).map((member) => this.checker.view(member)))
  }

  element(): TypeView<Node> | undefined {
    const element = this.checker.typeArguments(this.type)[0] ?? this.checker.shapes.numberIndexType(this.type)
    const written = this.written && writtenElement(this.checker.written, this.written)
    return element && this.checker.viewWritten(element, written)
  }

  tupleElements(): TupleElementView<Node>[] {
    const flags = this.checker.target(this.type)?.elementFlags ?? []
    const { ElementFlags } = this.checker.modules.sync
    const written = this.written && writtenTupleElements(this.checker.written, this.written)
    const labels = this.written && writtenTupleLabels(this.checker.written, this.written)
    return this.checker.typeArguments(this.type).slice(0, flags.length).map((element, index) => ({
      type: this.checker.viewWritten(element, written?.[index]),
      optional: Boolean((flags[index] ?? 0) & ElementFlags.Optional),
      rest: Boolean((flags[index] ?? 0) & ElementFlags.Variable),
      ...(labels?.[index] !== undefined && { label: labels[index] }),
    }))
  }

  properties(): PropertyView<Node>[] {
    const properties = this.checker.properties(this.type)
    const recordValue = this.recordValueNode()
    if (this.written === undefined && recordValue === undefined) return properties
    return (this.cachedProperties ??= asWrittenAt(this.checker, properties, this.written, recordValue) ?? properties)
  }

  indexType(): TypeView<Node> | undefined {
    const index = this.checker.shapes.indexType(this.type)
    return index && this.checker.viewWritten(index, this.checker.shapes.indexSignatureNode(this.type) ?? this.recordValueNode())
  }

  patternIndexes(): PatternIndexView<Node>[] {
    return this.checker.shapes.patternIndexes(this.type).map(({ key, value }) => ({ key: this.checker.view(key), value: this.checker.view(value) }))
  }

  readsArguments(): boolean {
    const { written, checker } = this
    if (written === undefined) return false
    // A generic alias of a mapped type (`PerKey<ReplicaCount>`) writes its members as the argument its value names.
    const value = this.recordValueNode()
    const [type] = value ? checker.typesAtNodes([value]) : []
    if (value !== undefined && type !== undefined && checker.view(type, value).writtenDocs().length > 0) return true
    return checker.properties(this.type).some((property) => property.node !== undefined && documentedArgument(checker, property.node, written) !== undefined)
  }

  /** The `V` of the `Record<K, V>` or mapped type this view is written as (see `writtenMapping`). */
  private recordValueNode(): TypeNodeLike | undefined {
    return this.mapping()?.value
  }

  writtenKeys(): WrittenKeys<Node> | undefined {
    const { keys, keysOf, rename } = this.mapping() ?? {}
    const [type, ofType] = keys ? this.checker.typesAtNodes(keysOf ? [keys, keysOf] : [keys]) : []
    return keys && type && { keys: this.checker.view(type, keys), ...(keysOf && ofType && { of: this.checker.view(ofType, keysOf) }), ...(rename && { rename }) }
  }

  /** The mapped type this view is written as: from its written node, else from its own user alias's declaration. */
  private mapping(): WrittenMapping<TypeNodeLike> | undefined {
    const { checker } = this
    const alias = checker.aliasSymbolOf(this.type)
    const start = this.written ?? (alias && !checker.isLibSymbol(alias) ? checker.aliasTypeNode(this.type) : undefined)
    return start && writtenMapping(checker.written, start, (symbol) => checker.isLibSymbol(symbol))
  }

  writtenMembers(): TypeView<Node>[] | undefined {
    const members = this.writtenMemberNodes()
    if (!members) return undefined
    const types = this.checker.typesAtNodes(members)
    return members.map((member, index) => this.checker.view(types[index] as Type, member))
  }

  /** The member nodes of the union this type is written as (see `writtenMembers`), without their types. */
  writtenMemberNodes(): TypeNodeLike[] | undefined {
    if (this.written) this.checker.references.seedOwnAlias(this.written, this.type)
    // A written node that names no union (`Alias extends X ? never : Alias`) leaves the order to the alias's own declaration.
    const fromWritten = this.written && writtenUnion(this.checker.written, this.written)
    if (fromWritten) return fromWritten
    const own = this.checker.aliasTypeNode(this.type)
    return own && writtenUnion(this.checker.written, own)
  }

  /** The written node of this view's array element or tuple elements, whose types an element view will ask for. */
  writtenElementNodes(): (TypeNodeLike | undefined)[] {
    if (!this.written) return []
    if (this.kind === 'array') return [writtenElement(this.checker.written, this.written)]
    if (this.kind === 'tuple') return writtenTupleElements(this.checker.written, this.written) ?? []
    return []
  }

  writtenDerivation(): WrittenDerivation<Node> | undefined {
    const start = this.written ?? this.checker.aliasTypeNode(this.type)
    const derivation = start && writtenDerivation(this.checker.written, start)
    const [of] = derivation ? this.checker.typesAtNodes([derivation.of]) : []
    return derivation && of && { operator: derivation.operator, of: this.checker.view(of, derivation.of) }
  }

  writtenDocs(): Docs<Node>[] {
    if (!this.written || this.namesItsOwnSymbol(this.written)) return []
    const { checker } = this
    return namedDeclarations(checker.written, this.written, checker.aliasSymbolOf(this.type), (symbol) => checker.isLibSymbol(symbol))
      .map((symbol) => checker.docsOf(symbol))
      .filter((docs) => docs.description !== undefined || docs.tags.length > 0)
  }

  templateParts(): { texts: string[]; holes: TypeKind[] } {
    const texts = [...((this.type as { texts?: readonly string[] }).texts ?? [])]
    return { texts, holes: this.checker.members(this.type).map((hole) => this.checker.kindOfFlags(hole.flags) ?? 'string') }
  }

  symbolName(): string | undefined {
    return this.checker.symbolOf(this.checker.target(this.type) ?? this.type)?.name
  }

  named(): NamedInfo | undefined {
    const symbol = this.checker.namedSymbol(this.type)
    const declaration = symbol && this.checker.declarationOf(symbol)
    if (!symbol || !declaration) return undefined
    const generic = ((declaration as { typeParameters?: readonly unknown[] }).typeParameters?.length ?? 0) > 0
    return { name: symbol.name, file: declaration.getSourceFile().fileName, position: declaration.getStart(), ...(generic && { generic }) }
  }

  declared(): Pick<NamedInfo, 'file' | 'position'> | undefined {
    const symbol = this.checker.aliasSymbolOf(this.type) ?? this.checker.symbolOf(this.checker.target(this.type) ?? this.type)
    // Library types (Array, Record…) live outside the project, where paths differ between machines.
    const declaration = symbol && !this.checker.isLibSymbol(symbol) ? this.checker.declarationOf(symbol) : undefined
    return declaration && { file: declaration.getSourceFile().fileName, position: declaration.getStart() }
  }

  docs(): Docs<Node> {
    const symbol = this.checker.namedSymbol(this.type)
    return symbol ? this.checker.docsOf(symbol) : { tags: [] }
  }

  awaited(): TypeView<Node> {
    return this.checker.awaited(this)
  }

  asyncElement(): TypeView<Node> | undefined {
    const symbol = this.checker.symbolOf(this.checker.target(this.type) ?? this.type)
    const chunk = this.checker.typeArguments(this.type)[0]
    return symbol && asyncIterables.has(symbol.name) && this.checker.isLibSymbol(symbol) && chunk ? this.checker.viewWritten(chunk, this.written && writtenFirstArgument(this.checker.written, this.written)) : undefined
  }

  /** The type a Promise (or PromiseLike) of the library resolves to; undefined for any other type. */
  promised(): TypeView<Node> | undefined {
    if (this.kind !== 'builtin') return undefined
    const symbol = this.checker.symbolOf(this.checker.target(this.type) ?? this.type)
    const value = this.checker.typeArguments(this.type)[0]
    // Through the written `Promise<T>`, so T keeps the order its keys and members are written in.
    return symbol && promises.has(symbol.name) && value ? this.checker.viewWritten(value, this.written && writtenFirstArgument(this.checker.written, this.written)) : undefined
  }

  /**
   * Whether a written reference names this type's own alias or declaration (`priority: Priority`,
   * `address?: Address`): the walk through written names would stop there at once, so the checker
   * need not be asked what the name resolves to.
   */
  private namesItsOwnSymbol(written: TypeNodeLike): boolean {
    const reference = unwrap(this.checker.written, written)
    if (reference.kind !== this.checker.written.kinds.TypeReference || !reference.typeName) return false
    const name = reference.typeName.getText().split('.').at(-1)
    return this.checker.references.ownSymbolOf(this.type)?.name === name
  }
}

/** A union built locally: `Promise<A> | B` awaited is `A | B`, a type the checker was never asked for. */
export class AwaitedUnionView implements TypeView<Node> {
  readonly id = {}
  readonly origin = undefined
  readonly kind = 'union'

  constructor(private readonly awaitedMembers: TypeView<Node>[]) {}

  get text(): string {
    return this.awaitedMembers.map((member) => member.text).join(' | ')
  }

  members(): TypeView<Node>[] {
    return this.awaitedMembers
  }

  literal = (): undefined => undefined
  element = (): undefined => undefined
  tupleElements = (): TupleElementView<Node>[] => []
  properties = (): PropertyView<Node>[] => []
  indexType = (): undefined => undefined
  patternIndexes = (): PatternIndexView<Node>[] => []
  writtenMembers = (): undefined => undefined
  writtenDerivation = (): undefined => undefined
  writtenKeys = (): undefined => undefined
  writtenDocs = (): Docs<Node>[] => []
  readsArguments = (): boolean => false
  templateParts = (): { texts: string[]; holes: TypeKind[] } => ({ texts: [], holes: [] })
  symbolName = (): undefined => undefined
  named = (): undefined => undefined
  declared = (): undefined => undefined
  docs = (): Docs<Node> => ({ tags: [] })
  awaited(): TypeView<Node> {
    return this
  }
  asyncElement = (): undefined => undefined
}

/**
 * A property's type, read from its declared type node when that node writes it (a mapped type's
 * members keep the declarations they were mapped from, whose type nodes may say something else);
 * of an optional member the type the node denotes (see `optionalMemberType`).
 */
export function propertyType(checker: ViewReader, type: Type, written: TypeNodeLike | undefined, optional: boolean): NativeTypeView {
  const [writtenType] = written ? checker.typesAtNodes([written]) : []
  if (!written || !writtenType || !checker.writes(writtenType, type)) return checker.view(type)
  return checker.view(optionalMemberType(type, writtenType, optional), written)
}

/**
 * Properties as written at the type's own written node `owner`: the members of a `Record<K, V>` or
 * mapped type, which have no declaration or one whose type node writes something else, as written
 * at `V` (`recordValue`, see `writtenMapping`); a member declared as a type parameter of its
 * interface or class as the argument written for it (`Box<Alias>`, see `writtenTypeArgument`).
 * Undefined when nothing changes.
 */
export function asWrittenAt(checker: ViewReader, views: readonly PropertyView<Node>[], owner: TypeNodeLike | undefined, recordValue: TypeNodeLike | undefined): PropertyView<Node>[] | undefined {
  const written = views.map((view) => {
    const argument = view.node !== undefined && owner !== undefined ? documentedArgument(checker, view.node, owner) : undefined
    // A member whose declared node writes its type keeps it (`Partial<Service>`); any other may be written as the mapped value.
    return argument ?? (view.type.origin === undefined ? recordValue : undefined)
  })
  if (written.every((node) => node === undefined)) return undefined
  checker.typesAtNodes(written.filter((node): node is TypeNodeLike => node !== undefined))
  return views.map((view, index) => {
    const node = written[index]
    if (node === undefined) return view
    const { docs } = view
    return { ...view, docs, type: propertyType(checker, view.type.id as Type, node, view.optional) }
  })
}

/** For a member declared as a type parameter of its interface or class, the argument written for it at `owner` when that names a documented declaration (see `writtenTypeArgument`). */
export function documentedArgument(checker: ViewReader, member: Node, owner: TypeNodeLike): TypeNodeLike | undefined {
  const declared = declaredTypeNode(checker.written, member)
  const argument = declared && writtenTypeArgument(checker.written, declared, member, owner)
  // Only a documented argument changes the schema; any other keeps the instantiation one shared entry.
  const [type] = argument ? checker.typesAtNodes([argument]) : []
  return argument && type && checker.view(type, argument).writtenDocs().length > 0 ? argument : undefined
}
