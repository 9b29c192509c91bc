import { parseLiteral } from './jsdoc-values.js'

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
