/**
 * The small slice of a type checker that the schema units read. Units never touch ts-morph, so a
 * different checker backend (e.g. TypeScript 7's native API) only needs a new adapter.
 * `N` is the backend's node type, carried through untouched so problems can point at source.
 */

/** How a type is classified for schema purposes; each kind has one unit. */
export type TypeKind =
  | 'any' | 'unknown' | 'never' | 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'void'
  | 'bigint' | 'symbol' | 'literal' | 'enum' | 'union' | 'intersection' | 'templateLiteral'
  | 'array' | 'tuple' | 'object' | 'function' | 'class' | 'builtin' | 'unresolved'

/** JSDoc attached to a declaration: the free text and every `@tag` with its raw text. */
export interface Docs {
  readonly description?: string
  readonly tags: readonly { readonly name: string; readonly text: string }[]
}

/** Where a named type is declared; the ordering key for collision-free definition names. */
export interface NamedInfo {
  readonly name: string
  /** Declaration file; only compared with other declaration files, never emitted. */
  readonly file: string
  readonly position: number
}

/** One member of an object type. */
export interface PropertyView<N> {
  readonly name: string
  readonly optional: boolean
  readonly type: TypeView<N>
  readonly docs: Docs
  /** The declaration of the property, where problems inside it are reported. */
  readonly node: N | undefined
}

/** One element of a tuple type. */
export interface TupleElementView<N> {
  readonly type: TypeView<N>
  readonly optional: boolean
  readonly rest: boolean
}

/** A checker type as the schema units see it. Methods are lazy: only the kind is computed eagerly. */
export interface TypeView<N> {
  /** Identity of the underlying checker type: equal types give the same object. */
  readonly id: object
  readonly kind: TypeKind
  /** The type as the checker prints it, for messages. */
  readonly text: string
  /** Value of a `literal` type. */
  literal(): string | number | boolean | undefined
  /** Members of a union, intersection or enum. */
  members(): TypeView<N>[]
  /** Element type of an array. */
  element(): TypeView<N> | undefined
  tupleElements(): TupleElementView<N>[]
  /** Properties in declaration order. */
  properties(): PropertyView<N>[]
  /** Value type of a string or number index signature. */
  indexType(): TypeView<N> | undefined
  /** Literal text chunks and the kinds of the holes between them, for template literal types. */
  templateParts(): { texts: string[]; holes: TypeKind[] }
  /** Symbol name of a `builtin` or `class` type (e.g. `Date`). */
  symbolName(): string | undefined
  /** The user-visible name of an interface, alias, enum or class, when the type has one. */
  named(): NamedInfo | undefined
  /**
   * Where the type is written (its alias, interface or type literal), or undefined for types
   * written nowhere (primitives). Orders union members independently of checker internals.
   */
  declared(): Pick<NamedInfo, 'file' | 'position'> | undefined
  /** JSDoc of the named declaration. */
  docs(): Docs
  /** The type a Promise resolves to, or this type when it is not awaitable. */
  awaited(): TypeView<N>
  /** The chunk type when this is an AsyncIterable (or async generator). */
  asyncElement(): TypeView<N> | undefined
}
