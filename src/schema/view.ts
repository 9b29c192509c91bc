/**
 * The small slice of a type checker that the schema units read. Units never touch ts-morph, so a
 * different checker backend (e.g. TypeScript 7's native API) only needs a new adapter.
 * `N` is the backend's node type, carried through untouched so problems can point at source.
 */

/** How a type is classified for schema purposes; each kind has one unit. */
export type TypeKind =
  | 'any' | 'unknown' | 'never' | 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'void'
  | 'bigint' | 'symbol' | 'literal' | 'enum' | 'union' | 'intersection' | 'templateLiteral'
  | 'array' | 'tuple' | 'object' | 'anyObject' | 'function' | 'class' | 'builtin' | 'unresolved'

/** JSDoc attached to a declaration: the free text and every `@tag` with its raw text. */
export interface Docs<N = unknown> {
  readonly description?: string
  readonly tags: readonly { readonly name: string; readonly text: string }[]
  /** The names of the tags written after other text on their line (see `midLineTags`), one per such tag. */
  readonly midLine?: readonly string[]
  /** The declaration the JSDoc is written on (first declaration of its symbol), where problems with it are reported. */
  readonly node?: N
  /** That declaration's name (`query`, `Email`), for messages. */
  readonly name?: string
}

/** Where a named type is declared; the ordering key for collision-free definition names. */
export interface NamedInfo {
  readonly name: string
  /** Declaration file; only compared with other declaration files, never emitted. */
  readonly file: string
  readonly position: number
  /**
   * The declaration takes type parameters (`type Paginated<T> = …`), so this type is one of its
   * instantiations: its JSDoc describes the wrapper, not the tool whose root it is.
   */
  readonly generic?: boolean
}

/** What a member of an object type is: a field holding data, a method, or a get/set accessor. */
export type MemberKind = 'data' | 'method' | 'accessor'

/** One member of an object type. */
export interface PropertyView<N> {
  /** The key; a `#private` class member's name keeps its `#`. */
  readonly name: string
  readonly optional: boolean
  readonly type: TypeView<N>
  readonly docs: Docs<N>
  /** The declaration of the property, where problems inside it are reported. */
  readonly node: N | undefined
  /**
   * `method` for a method (symbol flag Method), `accessor` for a get/set accessor (GetAccessor or
   * SetAccessor), else `data` (fields, property signatures, constructor parameter properties).
   */
  readonly member: MemberKind
  /** `private` for a `private` or `#name` member, `protected` for a `protected` one, else `public`. */
  readonly visibility: 'public' | 'protected' | 'private'
  /**
   * Source text of a class field's initialiser (`limit = 10` → `'10'`, also a parameter property's
   * `public size = 3`), exactly as written; undefined when the declaration has none.
   */
  readonly initializer?: string
  /**
   * The value the checker gives an initialiser that is no literal but whose type is one literal
   * (`type = RecordType.A` is `'A'`, a `const` its literal); asked only when called.
   */
  readonly initializerValue?: () => string | number | boolean | undefined
}

/** A union written as the keys (`keyof T`) or the elements (`T[number]`) of another type. */
export interface WrittenDerivation<N> {
  readonly operator: 'keyof' | 'element'
  readonly of: TypeView<N>
}

/** What a written mapped type is made of: the node its keys are written as and the node each member's value is written as. */
export interface WrittenMapping<T> {
  /** `K` of `Record<K, V>`, `Pick<T, K>` or `{ [P in K]: V }`; undefined when not written or renamed by an `as` clause the build does not follow. */
  readonly keys?: T
  /** `T` of keys written `keyof T` (a generic alias's parameter replaced by its argument), whose members give the keys in order. */
  readonly keysOf?: T
  /** How the `as` clause of `{ [P in K as N]: V }` names each key (see `renameParts`). */
  readonly rename?: readonly RenamePart[]
  /** `V` of `Record<K, V>` or `{ [P in K]: V }`, which each member is written as when `V` does not read `P`. */
  readonly value?: T
}

/** How a key-remapping `as` clause builds each member's name from its key: literal text, and the key as is or through an intrinsic. */
export type RenamePart = { readonly text: string } | { readonly key: KeyCase }

/** What the `as` clause does to a key's text. */
export type KeyCase = 'as-is' | 'Capitalize' | 'Uncapitalize' | 'Uppercase' | 'Lowercase'

/** A mapped type's keys as written (see `TypeView.writtenKeys`). */
export interface WrittenKeys<N> {
  readonly keys: TypeView<N>
  /** `T` where the keys are written `keyof T` (see `WrittenMapping.keysOf`). */
  readonly of?: TypeView<N>
  readonly rename?: readonly RenamePart[]
}

/** An index signature keyed by a template literal type: the keys it holds and their value. */
export interface PatternIndexView<N> {
  readonly key: TypeView<N>
  readonly value: TypeView<N>
}

/** One element of a tuple type. */
export interface TupleElementView<N> {
  readonly type: TypeView<N>
  readonly optional: boolean
  readonly rest: boolean
  /**
   * The element's label where the tuple is written with labels (`readonly [lat: number, lng: number]`),
   * read from the view's written node through references to non-generic aliases.
   */
  readonly label?: string
}

/**
 * A checker type as the schema units see it. Methods are lazy: only the kind is computed eagerly.
 *
 * A view may remember the type node it was read from (its *written* node): a property's declared
 * type node, the element node of a written array or tuple, a member node of a written union, the
 * type node of a parameter. Only `origin`, `writtenMembers` and `writtenDocs` depend on it.
 */
export interface TypeView<N> {
  /** Identity of the underlying checker type: equal types give the same object. */
  readonly id: object
  /**
   * Identity of the written node this view was read from (the same node gives the same object), or
   * undefined. The walker keeps anonymous types written differently apart with it.
   */
  readonly origin: object | undefined
  /**
   * Classification. `array` also covers an interface or class whose base types reach the default
   * lib's `Array` / `ReadonlyArray` (`interface Tags extends Array<string> {}`); `builtin` a class or
   * interface declared in the default lib, or one whose base types reach one (`Buffer` extends
   * `Uint8Array`); `anyObject` the `object` type (flag NonPrimitive).
   */
  readonly kind: TypeKind
  /** The type as the checker prints it, for messages. */
  readonly text: string
  /** Value of a `literal` type. */
  literal(): string | number | boolean | undefined
  /** Members of a union, intersection or enum. */
  members(): TypeView<N>[]
  /**
   * Element type of an array: its type argument, else (an interface extending `Array<T>`) its number
   * index type.
   */
  element(): TypeView<N> | undefined
  tupleElements(): TupleElementView<N>[]
  /** Properties in declaration order. */
  properties(): PropertyView<N>[]
  /** Value type of a string or number index signature (string first). */
  indexType(): TypeView<N> | undefined
  /**
   * Index signatures keyed by a template literal type (`` [key: `get_${string}`]: V ``, what a
   * key-remapping mapped type over an index signature gives): each key's type and value type.
   */
  patternIndexes(): PatternIndexView<N>[]
  /**
   * The union as the source writes it: the types of the member nodes of the union type node this
   * type is written as, in written order, each view remembering its member node. The written node
   * is found by unwrapping parentheses, following references to type aliases (through imports) to
   * the alias's declared type node (a generic alias's parameter names replaced by the argument
   * nodes written at the reference) and indexed accesses with a literal key to the property's
   * declared type node, starting from this view's written node or, without one, from the
   * declaration of the type's own alias symbol. Undefined when that does not end at a union
   * type node. Members are not flattened: a member node naming another union gives that union.
   */
  writtenMembers(): TypeView<N>[] | undefined
  /**
   * JSDoc of the declarations this view's written node names that the checker type does not carry
   * itself, nearest first: a reference to a type alias gives the alias's docs (`email: Email` with
   * `type Email = string`, which the checker reads as plain `string`) and continues with the
   * alias's declared type node; an indexed access with a literal key gives the docs of that
   * property (`components["schemas"]["Pet"]`) and continues with its declared type node. Stops at
   * the type's own alias symbol, at a default-lib alias (`Partial`, whose JSDoc describes the
   * helper) or at a node that names neither. Empty without a written node.
   */
  writtenDocs(): Docs<N>[]
  /**
   * The type a union is derived from where it is written as `keyof T` (its keys: T's properties)
   * or `T[number]` (its elements: T's tuple elements), e.g. `keyof typeof regions` or
   * `(typeof LEVELS)[number]` of an `as const` array, found from the same start as
   * `writtenMembers` through references to non-generic aliases. Undefined otherwise.
   */
  writtenDerivation(): WrittenDerivation<N> | undefined
  /**
   * The keys of a mapped type as the source writes them: the view of `K` in `Record<K, V>`,
   * `Pick<T, K>` or `{ [P in K as N]: V }` (with how `N` renames them), remembering its written node, found through
   * parentheses, `Partial` / `Required` / `Readonly` and user aliases, from this view's written
   * node or its own user alias's declaration. Orders the members, which the checkers list in the
   * order of the key union's type ids (TypeScript 6) or sorted (TypeScript 7). Undefined otherwise.
   */
  writtenKeys(): WrittenKeys<N> | undefined
  /** Literal text chunks and the kinds of the holes between them, for template literal types. */
  templateParts(): { texts: string[]; holes: TypeKind[] }
  /** Symbol name of a `builtin` or `class` type (e.g. `Date`, `Buffer`). */
  symbolName(): string | undefined
  /** The user-visible name of an interface, alias, enum or class, when the type has one. */
  named(): NamedInfo | undefined
  /**
   * Where the type is declared (its alias, interface, class or type literal; an enum member for the
   * literal type of that member), or undefined for types written nowhere (primitives, literals) and
   * for default-lib types. Orders members that no written union orders.
   */
  declared(): Pick<NamedInfo, 'file' | 'position'> | undefined
  /** JSDoc of the named declaration. */
  docs(): Docs<N>
  /**
   * Whether a member is read as the type argument written at this view's node, because that
   * argument names a documented declaration (`Box<Alias>`'s `v: X` carries the alias's JSDoc): the
   * schema then depends on the written node, not only on the type.
   */
  readsArguments(): boolean
  /** The type a Promise resolves to, or this type when it is not awaitable. */
  awaited(): TypeView<N>
  /** The chunk type when this is an AsyncIterable (or async generator). */
  asyncElement(): TypeView<N> | undefined
}
