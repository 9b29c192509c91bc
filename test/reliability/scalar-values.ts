import fc from 'fast-check'
import { ts, type Type } from 'ts-morph'
import { same, type Derived } from './derived.js'
import { formatValues, hasFormat, isKnownFormat } from './format-values.js'
import { tag, type Tags } from './type-docs.js'

/** A literal type (`'open'`, `3`, `true`, an enum member). */
export function literalValues(type: Type): Derived {
  const value = type.isBooleanLiteral() ? type.getText() === 'true' : type.getLiteralValue()
  const kind = typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean'
  const other = typeof value === 'string' ? `${value}!` : typeof value === 'number' ? value + 1 : !value
  return { valid: same(fc.constant(value)), breakers: [fc.constant(other)], kinds: new Set([kind]), accepts: (sent) => sent === value, normalise: (sent) => sent }
}

/** `boolean`. */
export const booleanValues: Derived = { valid: same(fc.boolean()), breakers: [], kinds: new Set(['boolean']), accepts: (value) => typeof value === 'boolean', normalise: (value) => value }

/** `null`, and `void` (as a type argument makes it: JSON can only send `null` for it). */
export const nullValues: Derived = { valid: same(fc.constant(null)), breakers: [], kinds: new Set(['null']), accepts: (value) => value === null, normalise: (value) => value }

/** `string`, with its JSDoc constraints: length (in code points), `@pattern`, `@format`. */
export function stringValues(tags: Tags): Derived {
  const minLength = numberTag(tags, 'minLength') ?? 0
  const maxLength = numberTag(tags, 'maxLength')
  const patternText = tag(tags, 'pattern')
  const pattern = patternText === undefined ? undefined : new RegExp(patternText, 'u')
  const formatText = tag(tags, 'format')
  // An unknown format is left out of the schema (with a warning): any string will do.
  const format = formatText !== undefined && isKnownFormat(formatText) ? formatText : undefined
  const fits = (text: string) => [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength)
  const accepts = (value: unknown) => typeof value === 'string' && fits(value) && (pattern === undefined || pattern.test(value)) && (format === undefined || hasFormat(format, value))
  let values: fc.Arbitrary<string>
  if (format !== undefined) values = formatValues(format).filter(fits)
  else if (pattern !== undefined) values = fc.stringMatching(pattern).filter(fits)
  else values = fc.string({ unit: 'binary', minLength, ...(maxLength === undefined ? {} : { maxLength }) })
  const candidates = ['', '!', 'a b', 'not an e-mail', 'yesterday', 'x'.repeat(minLength > 0 ? minLength - 1 : 0), 'y'.repeat((maxLength ?? 0) + 1)]
  const outside = candidates.filter((text) => !accepts(text))
  return { valid: same(values), breakers: outside.length > 0 ? [fc.constantFrom(...outside)] : [], kinds: new Set(['string']), accepts, normalise: (value) => value }
}

/** Whether JSDoc makes a number an integer: `@integer`, `@asType integer`, `@type integer` (also `{integer}`). */
export function isInteger(tags: Tags): boolean {
  const integer = /^\{?\s*integer\s*\}?$/
  return tag(tags, 'integer') !== undefined || integer.test(tag(tags, 'asType') ?? '') || integer.test(tag(tags, 'type') ?? '')
}

/** `number`, with its JSDoc constraints: bounds, `@multipleOf` (exact for decimal steps), integers. */
export function numberValues(tags: Tags): Derived {
  const integer = isInteger(tags)
  const step = numberTag(tags, 'multipleOf') ?? (integer ? 1 : undefined)
  const minimum = numberTag(tags, 'minimum')
  const maximum = numberTag(tags, 'maximum')
  const above = numberTag(tags, 'exclusiveMinimum')
  const below = numberTag(tags, 'exclusiveMaximum')
  const accepts = (value: unknown) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (minimum === undefined || value >= minimum) &&
    (maximum === undefined || value <= maximum) &&
    (above === undefined || value > above) &&
    (below === undefined || value < below) &&
    (step === undefined || isDecimalMultiple(value, step))
  const breakers: fc.Arbitrary<unknown>[] = []
  if (minimum !== undefined) breakers.push(fc.constant(minimum - (step ?? 1)))
  if (maximum !== undefined) breakers.push(fc.constant(maximum + (step ?? 1)))
  if (above !== undefined) breakers.push(fc.constant(above))
  if (below !== undefined) breakers.push(fc.constant(below))
  let values: fc.Arbitrary<number>
  if (step !== undefined) {
    const places = decimals(step)
    const low = Math.ceil(Math.max(minimum ?? -1e6, above === undefined ? -Infinity : above + step / 2) / step)
    const high = Math.floor(Math.min(maximum ?? 1e6, below === undefined ? Infinity : below - step / 2) / step)
    // As a person writes them: k steps, in decimal.
    const multiple = (k: number) => Number((k * step).toFixed(places))
    values = fc.oneof(fc.constantFrom(multiple(low), multiple(high)), fc.integer({ min: low, max: high }).map(multiple))
    breakers.push(fc.integer({ min: low, max: high - 1 }).map((k) => Number(((k + 0.5) * step).toFixed(places + 1))))
  } else {
    const min = minimum ?? above
    const max = maximum ?? below
    const bounds = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }), minExcluded: above !== undefined, maxExcluded: below !== undefined }
    const edges = [minimum, maximum].filter((edge): edge is number => edge !== undefined)
    const inside = fc.double({ noNaN: true, noDefaultInfinity: true, ...bounds })
    values = edges.length > 0 ? fc.oneof(fc.constantFrom(...edges), inside) : inside
  }
  return { valid: same(values), breakers, kinds: new Set(['number']), accepts, normalise: (value) => value }
}

/** A template literal type: its texts with values of its holes between them. */
export function templateValues(type: Type): Derived {
  const { texts, types } = type.compilerType as ts.TemplateLiteralType
  const parts = types.map((part) => templatePart(part))
  const values = fc.tuple(...parts).map((pieces) => texts.reduce((text, head, index) => text + head + (pieces[index] ?? ''), ''))
  const shape = new RegExp(`^${texts.map((text, index) => escape(text) + (types[index] === undefined ? '' : holePattern(types[index] as ts.Type))).join('')}$`, 'u')
  // A string not starting with the template's head is outside it (a head-less template has no such string).
  const head = texts[0] ?? ''
  const accepts = (value: unknown) => typeof value === 'string' && shape.test(value)
  return { valid: same(values), breakers: head === '' ? [] : [fc.constant(`!${head}`)], kinds: new Set(['string']), accepts, normalise: (value) => value }
}

function templatePart(part: ts.Type): fc.Arbitrary<string> {
  if (part.flags & ts.TypeFlags.StringLiteral) return fc.constant((part as ts.StringLiteralType).value)
  if (part.flags & ts.TypeFlags.Union) return fc.oneof(...(part as ts.UnionType).types.map(templatePart))
  if (part.flags & ts.TypeFlags.Number) return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map(String)
  if (part.flags & ts.TypeFlags.BigInt) return fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map(String)
  // `${string}` holds any string, line breaks too.
  return fc.string({ unit: 'binary', maxLength: 6 })
}

function holePattern(part: ts.Type): string {
  if (part.flags & ts.TypeFlags.Number) return '-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?'
  if (part.flags & ts.TypeFlags.BigInt) return '-?\\d+'
  return '[\\s\\S]*'
}

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
}

/** A numeric tag's value, when it is written as a number. */
export function numberTag(tags: Tags, name: string): number | undefined {
  const text = tag(tags, name)
  return text === undefined || text === '' || Number.isNaN(Number(text)) ? undefined : Number(text)
}

/** Whether `value` is a whole number of `step`s, computed on the decimal digits both are written with. */
function isDecimalMultiple(value: number, step: number): boolean {
  const places = Math.max(decimals(value), decimals(step))
  if (places > 15) return Number.isInteger(value / step)
  const scale = 10 ** places
  return Math.round(value * scale) % Math.round(step * scale) === 0
}

function decimals(step: number): number {
  const [mantissa = '', exponent = '0'] = String(step).split('e')
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent))
}
