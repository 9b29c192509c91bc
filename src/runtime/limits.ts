import { ToolError } from './tool-error.js'
import type { JsonSchema } from './types.js'

/** Bounds on the arguments of one call, checked before validation and handler entry. */
export interface ArgumentLimits {
  /**
   * Deepest nesting of objects and arrays accepted; the argument record itself is level 1.
   * @default 64
   */
  readonly maxDepth?: number
  /**
   * Largest size accepted, measured as the length of the arguments' JSON text (one per UTF-16
   * code unit, so exact for ASCII).
   * @default 4194304 (4 MiB)
   */
  readonly maxBytes?: number
}

/** The limits applied when a registry's options name none. */
export const defaultArgumentLimits: Required<ArgumentLimits> = { maxDepth: 64, maxBytes: 4 * 1024 * 1024 }

/**
 * Longest `pattern` (and `patternProperties` key) a parameter schema may carry: regex cost grows
 * with pattern size, and no hand-written constraint needs more. `compileSchema` refuses longer
 * ones; exported so the build can report them too.
 */
export const maxPatternLength = 1024

/**
 * Throws `ToolError('ARGUMENTS')` when `args` nests deeper or is larger than the limits allow.
 * The walk is iterative, so hostile depth cannot overflow the stack, visits each object once, so
 * shared references and cycles cost nothing extra, and stops as soon as a limit is crossed.
 */
export function checkArgumentLimits(args: unknown, limits: ArgumentLimits = {}): void {
  const { maxDepth, maxBytes } = { ...defaultArgumentLimits, ...limits }
  const seen = new Set<object>()
  const pending: { value: object; depth: number }[] = []
  let bytes = 0
  // Primitives are measured where they are found; only objects wait on the stack.
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'object' && value !== null) {
      if (!seen.has(value)) pending.push({ value, depth })
    } else bytes += scalarSize(value)
    if (bytes > maxBytes) throw new ToolError('ARGUMENTS', `arguments larger than ${maxBytes} bytes`)
  }
  visit(args, 1)
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next
    if (seen.has(value)) continue
    if (depth > maxDepth) throw new ToolError('ARGUMENTS', `arguments nested deeper than ${maxDepth} levels`)
    seen.add(value)
    // Brackets, separators and quoted keys, as the JSON text would spell them.
    bytes += 2
    if (Array.isArray(value)) {
      // Indexed, not keyed: listing a huge array's keys would cost more than the walk itself.
      for (let index = 0; index < value.length; index++) {
        bytes += 1
        visit(value[index], depth + 1)
      }
      continue
    }
    for (const key of Object.keys(value)) {
      bytes += key.length + 4
      visit((value as Record<string, unknown>)[key], depth + 1)
    }
  }
}

/**
 * Throws `ToolError('SCHEMA')` when a schema carries a `pattern` or `patternProperties` key longer
 * than `maxPatternLength`. Literal data (`const`, `enum`, `default`, `examples`) is not searched.
 */
export function checkPatternLengths(schema: JsonSchema): void {
  const pending: unknown[] = [schema]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue
    for (const [keyword, value] of Object.entries(next)) {
      if (literalKeywords.has(keyword) || typeof value !== 'object' || value === null) {
        if (keyword === 'pattern' && typeof value === 'string') refuseLongPattern(value)
        continue
      }
      if (keyword === 'patternProperties') Object.keys(value).forEach(refuseLongPattern)
      // The keys of a schema map are names, not keywords: only its values are schemas.
      pending.push(...(schemaMaps.has(keyword) ? Object.values(value) : [value]))
    }
  }
}

const literalKeywords: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples'])
const schemaMaps: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies'])

function refuseLongPattern(pattern: string): void {
  if (pattern.length > maxPatternLength) {
    throw new ToolError('SCHEMA', `pattern longer than ${maxPatternLength} characters: ${pattern.slice(0, 40)}…`)
  }
}

/** The JSON text length of a primitive; objects are measured by their members. */
function scalarSize(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value).length
  return value === null ? 4 : 0
}
