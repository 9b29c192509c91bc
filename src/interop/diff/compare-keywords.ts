import type { JsonSchema } from '../../runtime/types.js'
import { typesOf } from '../schema/json-schema.js'
import { canonicalJson } from '../../analyze/hash.js'
import type { Effect, SchemaChange } from './types.js'

type Report = (kind: string, effect: Effect, message: string) => void

/** Lower bounds: raising one narrows. */
const lowerBounds = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']
/** Upper bounds: lowering one narrows. */
const upperBounds = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']

/** Compares the keywords that constrain a value in place: type, enum/const, bounds, pattern, format, … */
export function compareKeywords(old: JsonSchema, next: JsonSchema, path: string): SchemaChange[] {
  const changes: SchemaChange[] = []
  const report: Report = (kind, effect, message) => changes.push({ path, kind, effect, message })
  compareTypes(typesOf(old), typesOf(next), report)
  compareEnums(allowedValues(old), allowedValues(next), report)
  for (const keyword of lowerBounds) compareBound(keyword, old[keyword], next[keyword], 1, report)
  for (const keyword of upperBounds) compareBound(keyword, old[keyword], next[keyword], -1, report)
  for (const keyword of ['pattern', 'format']) compareExact(keyword, old[keyword], next[keyword], report)
  compareMultipleOf(old.multipleOf, next.multipleOf, report)
  if (Boolean(old.uniqueItems) !== Boolean(next.uniqueItems)) {
    report(...constraint(Boolean(next.uniqueItems), `uniqueItems ${Boolean(old.uniqueItems)} → ${Boolean(next.uniqueItems)}`))
  }
  for (const keyword of ['description', 'title', 'default', 'deprecated']) {
    if (canonicalJson(old[keyword]) !== canonicalJson(next[keyword])) report(`${keyword}-changed`, 'none', `${keyword} changed`)
  }
  return changes
}

function compareTypes(old: string[] | undefined, next: string[] | undefined, report: Report): void {
  const covers = (types: string[] | undefined, type: string) =>
    types === undefined || types.includes(type) || (type === 'integer' && types.includes('number'))
  const lost = (old ?? ['any']).filter((type) => type !== 'any' && !covers(next, type))
  const gained = (next ?? ['any']).filter((type) => type !== 'any' && !covers(old, type))
  const narrowed = lost.length > 0 || (old === undefined && next !== undefined)
  const widened = gained.length > 0 || (next === undefined && old !== undefined)
  if (!narrowed && !widened) return
  const effect: Effect = narrowed && widened ? 'both' : narrowed ? 'narrows' : 'widens'
  const kind = effect === 'both' ? 'type-changed' : effect === 'narrows' ? 'type-narrowed' : 'type-widened'
  report(kind, effect, `type ${(old ?? ['any']).join('|')} → ${(next ?? ['any']).join('|')}`)
}

/** The values `enum` or `const` allow, as canonical keys; undefined when any value of the type goes. */
function allowedValues(schema: JsonSchema): Map<string, unknown> | undefined {
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined
  return values && new Map(values.map((value) => [canonicalJson(value), value]))
}

function compareEnums(old: Map<string, unknown> | undefined, next: Map<string, unknown> | undefined, report: Report): void {
  if (old === undefined && next === undefined) return
  if (old === undefined) return report('enum-added', 'narrows', `values restricted to ${[...next!.keys()].join(', ')}`)
  if (next === undefined) return report('enum-removed', 'widens', 'value list removed')
  for (const key of old.keys()) if (!next.has(key)) report('enum-value-removed', 'narrows', `enum value ${key} removed`)
  for (const key of next.keys()) if (!old.has(key)) report('enum-value-added', 'widens', `enum value ${key} added`)
}

/** `direction` is 1 for a lower bound (higher is tighter) and -1 for an upper bound. */
function compareBound(keyword: string, old: unknown, next: unknown, direction: 1 | -1, report: Report): void {
  if (old === next || (typeof old !== 'number' && typeof next !== 'number')) return
  const tighter = typeof old !== 'number' || (typeof next === 'number' && (next - old) * direction > 0)
  report(...constraint(tighter, `${keyword} ${old ?? 'none'} → ${next ?? 'none'}`))
}

/** pattern and format: adding one narrows, removing one widens, changing one may do both. */
function compareExact(keyword: string, old: unknown, next: unknown, report: Report): void {
  if (old === next) return
  if (old === undefined) return report('constraint-tightened', 'narrows', `${keyword} ${JSON.stringify(next)} added`)
  if (next === undefined) return report('constraint-loosened', 'widens', `${keyword} ${JSON.stringify(old)} removed`)
  report('constraint-changed', 'both', `${keyword} ${JSON.stringify(old)} → ${JSON.stringify(next)}`)
}

function compareMultipleOf(old: unknown, next: unknown, report: Report): void {
  if (old === next) return
  if (typeof old !== 'number') return report('constraint-tightened', 'narrows', `multipleOf ${next} added`)
  if (typeof next !== 'number') return report('constraint-loosened', 'widens', `multipleOf ${old} removed`)
  // Every multiple of 10 is a multiple of 5: a new divisor of the old step only widens.
  const message = `multipleOf ${old} → ${next}`
  if (Number.isInteger(old / next)) report('constraint-loosened', 'widens', message)
  else if (Number.isInteger(next / old)) report('constraint-tightened', 'narrows', message)
  else report('constraint-changed', 'both', message)
}

function constraint(tighter: boolean, message: string): [string, Effect, string] {
  return tighter ? ['constraint-tightened', 'narrows', message] : ['constraint-loosened', 'widens', message]
}
