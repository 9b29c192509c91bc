import { ts, type Node, type Type } from 'ts-morph'
import type { TypeKind } from './view.js'

const F = ts.TypeFlags

/** Classifies a ts-morph type by its checker flags; the order matters (booleans and enums are unions). */
export function kindOf(type: Type, isDefaultLib: LibTest): TypeKind {
  const flags = type.getFlags()
  const flagKind = kindOfFlags(flags)
  if (flagKind) return flagKind
  if (flags & F.Union) return flags & F.EnumLiteral ? 'enum' : 'union'
  if (flags & F.Intersection) return 'intersection'
  if (flags & F.TemplateLiteral) return 'templateLiteral'
  if (flags & F.Object) return objectKind(type, isDefaultLib)
  return 'unresolved'
}

/** The kind of a type that its flags alone decide, e.g. a hole of a template literal type. */
export function kindOfFlags(flags: ts.TypeFlags): TypeKind | undefined {
  if (flags & (F.Any | F.NonPrimitive)) return 'any'
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

function objectKind(type: Type, isDefaultLib: LibTest): TypeKind {
  if (type.isArray() || type.isReadonlyArray()) return 'array'
  if (type.isTuple()) return 'tuple'
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return 'function'
  const symbol = (type.getTargetType() ?? type).getSymbol()
  if (!symbol) return 'object'
  const declaredInLib = symbol.getDeclarations().some(isDefaultLib)
  if (declaredInLib && symbol.getFlags() & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) return 'builtin'
  return symbol.hasFlags(ts.SymbolFlags.Class) ? 'class' : 'object'
}

/** Whether a declaration is in one of TypeScript's own lib files (`lib.*.d.ts`). */
export type LibTest = (declaration: Node) => boolean
