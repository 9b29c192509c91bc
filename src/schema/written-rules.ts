import { parseLiteral } from './jsdoc-values.js'
import type { TypeKind } from './view.js'

/**
 * Rules for reading what the source writes that every checker backend applies alike; the backends
 * only find the syntax (their trees differ), these decide what it means.
 */

/**
 * The default lib's aliases that only take members away from their first argument: what remains
 * is still described by that argument's JSDoc (`Exclude<CountOrWord, number>`).
 */
export const filteringAliases: ReadonlySet<string> = new Set(['Exclude', 'Extract', 'NonNullable'])

/**
 * The default lib's mapped aliases that keep every member of their argument with its value as
 * written there, changing only modifiers: `Partial<Record<K, V>>`'s members are still written `V`.
 */
export const modifierAliases: ReadonlySet<string> = new Set(['Partial', 'Required', 'Readonly'])

/**
 * The value an enum member's initialiser writes where the checker computes none: TypeScript
 * accepts `Lit = true as any` or `Named = 'named' as any`, whose values are the literals before
 * the assertions. Undefined when the text is no JSON literal.
 */
export function enumInitializerValue(text: string): string | number | boolean | undefined {
  let inner = text.trim()
  for (let previous = ''; previous !== inner; ) {
    previous = inner
    inner = inner.replace(/\s+(?:as|satisfies)\s+[\w$.]+$/, '').replace(/^\((.*)\)$/s, '$1').trim()
  }
  const literal = parseLiteral(inner)
  const { value } = literal.found ? literal : { value: undefined }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined
}

/** Kinds whose schema nothing written elsewhere can change: no member order, no element nodes, no alias to name. */
const plainKinds: ReadonlySet<TypeKind> = new Set<TypeKind>(['string', 'number', 'boolean', 'null', 'undefined', 'void', 'never', 'any', 'unknown', 'literal', 'bigint', 'symbol', 'templateLiteral'])

/**
 * Whether an object literal's property of this kind is worth reading through the value it names
 * (`{ units }` → the `units` member of the destructured parameter's type): a union, enum, array,
 * tuple or object may owe its order or names to that declaration; a plain value never does, so
 * no checker is asked (`fields: Object.keys(args).length`).
 */
export function readsThroughValue(kind: TypeKind): boolean {
  return !plainKinds.has(kind)
}
