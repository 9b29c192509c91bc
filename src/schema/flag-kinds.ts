import type { TypeKind } from './view.js'

/** The `TypeFlags` members the classification reads; TypeScript 6 and 7 name them alike but number them differently. */
export interface KindFlags {
  readonly Any: number
  readonly Unknown: number
  readonly Never: number
  readonly Boolean: number
  readonly StringLiteral: number
  readonly NumberLiteral: number
  readonly BooleanLiteral: number
  readonly String: number
  readonly StringMapping: number
  readonly Number: number
  readonly BigIntLike: number
  readonly ESSymbolLike: number
  readonly Null: number
  readonly Undefined: number
  readonly Void: number
}

/** The kind of a type that its flags alone decide (e.g. a hole of a template literal type), for either backend's `TypeFlags`. */
export function kindOfTypeFlags(flags: number, F: KindFlags): TypeKind | undefined {
  if (flags & F.Any) return 'any'
  if (flags & F.Unknown) return 'unknown'
  if (flags & F.Never) return 'never'
  if (flags & F.Boolean) return 'boolean'
  if (flags & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral)) return 'literal'
  if (flags & (F.String | F.StringMapping)) return 'string'
  if (flags & F.Number) return 'number'
  if (flags & F.BigIntLike) return 'bigint'
  if (flags & F.ESSymbolLike) return 'symbol'
  if (flags & F.Null) return 'null'
  if (flags & F.Undefined) return 'undefined'
  if (flags & F.Void) return 'void'
  return undefined
}

/** The `TypeFlags` members that classify the types their flags alone do not. */
export interface ShapeFlags extends KindFlags {
  readonly NonPrimitive: number
  readonly Union: number
  readonly EnumLiteral: number
  readonly Intersection: number
  readonly TemplateLiteral: number
  readonly Object: number
}

/**
 * Classifies a type by its checker flags, for either backend; the order matters (booleans and
 * enums are unions). `objectKind` tells an object type's kind (array, tuple, function, class…).
 */
export function kindOfType(flags: number, F: ShapeFlags, objectKind: () => TypeKind): TypeKind {
  const flagKind = kindOfTypeFlags(flags, F)
  if (flagKind) return flagKind
  if (flags & F.NonPrimitive) return 'anyObject'
  if (flags & F.Union) return flags & F.EnumLiteral ? 'enum' : 'union'
  if (flags & F.Intersection) return 'intersection'
  if (flags & F.TemplateLiteral) return 'templateLiteral'
  if (flags & F.Object) return objectKind()
  return 'unresolved'
}
