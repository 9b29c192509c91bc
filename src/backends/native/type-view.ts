import type { Node } from 'typescript/unstable/ast'
import type { Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import type { Docs, NamedInfo, PropertyView, TupleElementView, TypeKind, TypeView } from '../../schema/view.js'
import type { NativeChecker } from './checker.js'

const asyncIterables = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator'])
const promises = new Set(['Promise', 'PromiseLike'])

/**
 * A type of the native checker as the schema units see it. Every answer is computed once and kept:
 * a type met by many tools costs its requests once. What can be read locally (flags, literal
 * values, declarations' positions and JSDoc) is read locally.
 */
export class NativeTypeView implements TypeView<Node> {
  readonly id: object
  readonly kind: TypeKind
  private cachedText: string | undefined
  private cachedProperties: PropertyView<Node>[] | undefined
  private cachedMembers: TypeView<Node>[] | undefined
  private cachedArguments: readonly Type[] | undefined

  constructor(
    private readonly type: Type,
    private readonly checker: NativeChecker,
  ) {
    this.id = type
    this.kind = checker.kindOf(type)
  }

  get text(): string {
    return (this.cachedText ??= this.checker.text(this.type))
  }

  literal(): string | number | boolean | undefined {
    const value = (this.type as { value?: unknown }).value
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined
  }

  members(): TypeView<Node>[] {
    return (this.cachedMembers ??= this.checker.members(this.type).map((member) => this.checker.view(member)))
  }

  element(): TypeView<Node> | undefined {
    const element = this.typeArguments()[0]
    return element && this.checker.view(element)
  }

  tupleElements(): TupleElementView<Node>[] {
    const flags = this.checker.target(this.type)?.elementFlags ?? []
    const { ElementFlags } = this.checker.modules.sync
    return this.typeArguments().slice(0, flags.length).map((element, index) => ({
      type: this.checker.view(element),
      optional: Boolean((flags[index] ?? 0) & ElementFlags.Optional),
      rest: Boolean((flags[index] ?? 0) & ElementFlags.Variable),
    }))
  }

  properties(): PropertyView<Node>[] {
    return (this.cachedProperties ??= this.checker.properties(this.type))
  }

  indexType(): TypeView<Node> | undefined {
    const index = this.checker.indexType(this.type)
    return index && this.checker.view(index)
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
    return { name: symbol.name, file: declaration.getSourceFile().fileName, position: declaration.getStart() }
  }

  declared(): Pick<NamedInfo, 'file' | 'position'> | undefined {
    const symbol = this.checker.aliasSymbolOf(this.type) ?? this.checker.symbolOf(this.checker.target(this.type) ?? this.type)
    // Library types (Array, Record…) live outside the project, where paths differ between machines.
    const declaration = symbol && !this.checker.isLibSymbol(symbol) ? this.checker.declarationOf(symbol) : undefined
    return declaration && { file: declaration.getSourceFile().fileName, position: declaration.getStart() }
  }

  docs(): Docs {
    const symbol = this.checker.namedSymbol(this.type)
    return symbol ? this.checker.docsOf(symbol) : { tags: [] }
  }

  awaited(): TypeView<Node> {
    return this.checker.awaited(this)
  }

  asyncElement(): TypeView<Node> | undefined {
    const symbol = this.checker.symbolOf(this.checker.target(this.type) ?? this.type)
    const chunk = this.typeArguments()[0]
    return symbol && asyncIterables.has(symbol.name) && this.checker.isLibSymbol(symbol) && chunk ? this.checker.view(chunk) : undefined
  }

  /** The type a Promise (or PromiseLike) of the library resolves to; undefined for any other type. */
  promised(): TypeView<Node> | undefined {
    if (this.kind !== 'builtin') return undefined
    const symbol = this.checker.symbolOf(this.checker.target(this.type) ?? this.type)
    const value = this.typeArguments()[0]
    return symbol && promises.has(symbol.name) && value ? this.checker.view(value) : undefined
  }

  private typeArguments(): readonly Type[] {
    return (this.cachedArguments ??= this.checker.typeArguments(this.type))
  }
}

/** A union built locally: `Promise<A> | B` awaited is `A | B`, a type the checker was never asked for. */
export class AwaitedUnionView implements TypeView<Node> {
  readonly id = {}
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
  templateParts = (): { texts: string[]; holes: TypeKind[] } => ({ texts: [], holes: [] })
  symbolName = (): undefined => undefined
  named = (): undefined => undefined
  declared = (): undefined => undefined
  docs = (): Docs => ({ tags: [] })
  awaited(): TypeView<Node> {
    return this
  }
  asyncElement = (): undefined => undefined
}

/** Only for the checker module, which builds property views from fetched symbols. */
export type { NativeSymbol }
