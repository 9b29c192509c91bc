import type { Type } from 'typescript/unstable/sync'
import { kindOfType } from '../../schema/flag-kinds.js'
import type { TypeKind } from '../../schema/view.js'
import type { CheckerRequests } from './requests.js'
import type { DeclaredShapes } from './shapes.js'

/** What classifying a type asks: the request layer and the declared shapes of object types. */
type KindRequests = CheckerRequests & { readonly shapes: DeclaredShapes }

const arrayNames = new Set(['Array', 'ReadonlyArray'])

/**
 * Classifies a native type for the schema units, by the same rules as `src/schema/ts-morph-kind.ts`:
 * flags first (booleans and enums are unions), then for object types arrays, tuples, functions,
 * default-lib classes and interfaces (also reached through base types), classes.
 */
export function kindOf(checker: KindRequests, type: Type): TypeKind {
  return kindOfType(type.flags, checker.modules.sync.TypeFlags, () => objectKind(checker, type))
}

function objectKind(checker: KindRequests, type: Type): TypeKind {
  const { ObjectFlags, SymbolFlags } = checker.modules.sync
  // A type literal read at its node: no array, tuple, lib type or class; what its symbol would say, without asking for it.
  if (checker.typeLiteralNode(type) !== undefined) return checker.shapes.hasSignatures(type) ? 'function' : 'object'
  const name = checker.symbolOf(type)?.name
  if (name !== undefined && arrayNames.has(name) && checker.typeArguments(type).length === 1) return 'array'
  if (((checker.target(type)?.objectFlags ?? 0) & ObjectFlags.Tuple) !== 0) return 'tuple'
  if (checker.shapes.hasSignatures(type)) return 'function'
  const symbol = checker.symbolOf(checker.target(type) ?? type)
  if (!symbol) return 'object'
  if (checker.isLibSymbol(symbol) && symbol.flags & (SymbolFlags.Interface | SymbolFlags.Class)) return 'builtin'
  const base = libBase(checker, type, 0)
  if (base !== undefined) return arrayNames.has(base) ? 'array' : 'builtin'
  return symbol.flags & SymbolFlags.Class ? 'class' : 'object'
}

/**
 * The name of the first default-lib class or interface reached through the base types of a user
 * interface or class (`Array` for `interface Tags extends Array<string>`). An interface whose
 * declarations extend nothing has no base types: the checker is asked only about the others.
 */
function libBase(checker: KindRequests, type: Type, depth: number): string | undefined {
  const { ObjectFlags, SymbolFlags } = checker.modules.sync
  const target = checker.target(type) ?? type
  const objectFlags = (target as { objectFlags?: number }).objectFlags ?? 0
  if (depth > 16 || (objectFlags & ObjectFlags.ClassOrInterface) === 0 || !checker.shapes.mayHaveBaseTypes(target)) return undefined
  for (const base of checker.shapes.baseTypes(target)) {
    const symbol = checker.symbolOf(checker.target(base) ?? base)
    if (symbol && checker.isLibSymbol(symbol) && symbol.flags & (SymbolFlags.Interface | SymbolFlags.Class)) return symbol.name
    const further = libBase(checker, base, depth + 1)
    if (further !== undefined) return further
  }
  return undefined
}
