import { ts, type Node, type Type } from 'ts-morph'
import { kindOfType, kindOfTypeFlags } from './flag-kinds.js'
import type { TypeKind } from './view.js'

const F = ts.TypeFlags
const arrayNames = new Set(['Array', 'ReadonlyArray'])

/** Classifies a ts-morph type by its checker flags; the order matters (booleans and enums are unions). */
export function kindOf(type: Type, isDefaultLib: LibTest): TypeKind {
  return kindOfType(type.getFlags(), F, () => objectKind(type, isDefaultLib))
}

/** The kind of a type that its flags alone decide, e.g. a hole of a template literal type. */
export function kindOfFlags(flags: ts.TypeFlags): TypeKind | undefined {
  return kindOfTypeFlags(flags, F)
}

function objectKind(type: Type, isDefaultLib: LibTest): TypeKind {
  if (type.isArray() || type.isReadonlyArray()) return 'array'
  if (type.isTuple()) return 'tuple'
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return 'function'
  const symbol = (type.getTargetType() ?? type).getSymbol()
  if (!symbol) return 'object'
  if (isLibClassLike(symbol, isDefaultLib)) return 'builtin'
  const base = libBase(type, isDefaultLib)
  if (base !== undefined) return arrayNames.has(base) ? 'array' : 'builtin'
  return symbol.hasFlags(ts.SymbolFlags.Class) ? 'class' : 'object'
}

function isLibClassLike(symbol: NonNullable<ReturnType<Type['getSymbol']>>, isDefaultLib: LibTest): boolean {
  return symbol.getDeclarations().some(isDefaultLib) && (symbol.getFlags() & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) !== 0
}

/**
 * The name of the first default-lib class or interface reached through the base types of a user
 * interface or class (`Array` for `interface Tags extends Array<string>`, `Uint8Array` for Buffer).
 */
function libBase(type: Type, isDefaultLib: LibTest, depth = 0): string | undefined {
  const target = type.getTargetType() ?? type
  // The checker only computes base types of classes and interfaces.
  if (depth > 16 || !target.isClassOrInterface()) return undefined
  for (const base of target.getBaseTypes()) {
    const symbol = (base.getTargetType() ?? base).getSymbol()
    if (symbol && isLibClassLike(symbol, isDefaultLib)) return symbol.getName()
    const further = libBase(base, isDefaultLib, depth + 1)
    if (further !== undefined) return further
  }
  return undefined
}

/** Whether a declaration is in one of TypeScript's own lib files (`lib.*.d.ts`). */
export type LibTest = (declaration: Node) => boolean
