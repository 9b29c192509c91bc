import fc from 'fast-check'
import { Node, ts, type Symbol as MorphSymbol, type Type } from 'ts-morph'

/** A value sent for a tool's arguments, and what its handler must receive: the same minus undeclared keys, plus defaults. */
export interface SentValue {
  readonly sent: unknown
  readonly received: unknown
}

/** Arbitraries of values derived from a TypeScript type, with the JSDoc constraints of its properties. */
export interface TypeValues {
  /** Values of the type: every union branch, every optional combination, numeric and size boundaries, undeclared keys on closed objects. */
  readonly valid: fc.Arbitrary<SentValue>
  /** Values moved out of the type (one violation each); undefined when nothing is outside it (`unknown`). */
  readonly invalid: fc.Arbitrary<unknown> | undefined
}

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array'
type Tags = Readonly<Record<string, string>>

/** One value of each JSON kind that a type refusing the kind refuses (no coercion applies to it). */
const WRONG_KIND: Readonly<Record<Kind, unknown>> = { string: 'not a value of the type', number: 7, boolean: true, null: null, object: { wrong: true }, array: ['wrong'] }
const MAX_DEPTH = 3
const extraKey = fc.stringMatching(/^[a-z]{1,6}$/).map((key) => `x_${key}`)

/** What one type node yields: its values, how to break them, and the JSON kinds it accepts. */
interface Derived {
  readonly valid: fc.Arbitrary<SentValue>
  readonly breakers: readonly fc.Arbitrary<unknown>[]
  readonly kinds: ReadonlySet<Kind>
}

/**
 * Derives values from a parameter type as the checker sees it (never from a schema): `at` is the
 * node the type is read at. Recursive types stop recursing a few levels down (optional members
 * left out, arrays empty).
 */
export function typeValues(type: Type, at: Node): TypeValues {
  const derived = derive(type, at, {}, 0)
  // Arguments are always a record (the call's envelope says so): only what breaks its members counts.
  return { valid: derived.valid, invalid: oneOfOrUndefined(derived.breakers) }
}

function derive(type: Type, at: Node, tags: Tags, depth: number): Derived {
  if (type.isAny() || type.isUnknown()) return { valid: same(fc.jsonValue()), breakers: [], kinds: new Set(['string', 'number', 'boolean', 'null', 'object', 'array']) }
  if (type.isNull()) return { valid: same(fc.constant(null)), breakers: [], kinds: new Set(['null']) }
  if (type.isBoolean()) return { valid: same(fc.boolean()), breakers: [], kinds: new Set(['boolean']) }
  if (type.isLiteral() || type.isBooleanLiteral()) return literal(type)
  if (type.isString()) return stringValues(tags)
  if (type.isNumber()) return numberValues(tags)
  if (type.isTemplateLiteral()) return templateValues(type)
  if (type.isUnion()) return unionValues(type, at, tags, depth)
  if (type.isIntersection()) {
    const primitive = type.getIntersectionTypes().find((member) => member.isString() || member.isNumber() || member.isBoolean())
    if (primitive !== undefined) return derive(primitive, at, tags, depth)
  }
  if (type.isTuple()) return tupleValues(type, at, depth)
  const element = type.getArrayElementType() ?? readonlyElement(type)
  if (element !== undefined) return arrayValues(element, at, tags, depth)
  return objectValues(type, at, depth)
}

function same(values: fc.Arbitrary<unknown>): fc.Arbitrary<SentValue> {
  return values.map((value) => ({ sent: value, received: value }))
}

function literal(type: Type): Derived {
  const value = type.isBooleanLiteral() ? type.getText() === 'true' : type.getLiteralValue()
  const kind = typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean'
  const other = typeof value === 'string' ? `${value}!` : typeof value === 'number' ? value + 1 : !value
  return { valid: same(fc.constant(value)), breakers: [fc.constant(other)], kinds: new Set([kind]) }
}

function stringValues(tags: Tags): Derived {
  const minLength = numberTag(tags, 'minLength') ?? 0
  const maxLength = numberTag(tags, 'maxLength')
  const pattern = tags['pattern'] === undefined ? undefined : new RegExp(tags['pattern'], 'u')
  const format = tags['format']
  const fits = (text: string) => [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength)
  let values: fc.Arbitrary<string>
  if (format !== undefined && FORMATS[format] !== undefined) values = FORMATS[format]
  else if (pattern !== undefined) values = fc.stringMatching(pattern).filter(fits)
  else values = fc.string({ unit: 'binary', minLength, ...(maxLength === undefined ? {} : { maxLength }) })
  const candidates = ['', '!', 'a b', 'not an e-mail', 'yesterday', 'x'.repeat(minLength > 0 ? minLength - 1 : 0), 'y'.repeat((maxLength ?? 0) + 1)]
  const outside = candidates.filter((text) => !fits(text) || (pattern !== undefined && !pattern.test(text)) || (format !== undefined && FORMATS[format] !== undefined && !FORMAT_CHECKS[format]?.(text)))
  return { valid: same(values), breakers: outside.length > 0 ? [fc.constantFrom(...outside)] : [], kinds: new Set(['string']) }
}

const FORMATS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  email: fc.emailAddress(),
  'date-time': fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  date: fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
}
const FORMAT_CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  email: (text) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text),
  'date-time': (text) => /^\d{4}-\d{2}-\d{2}T/.test(text),
  date: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !text.startsWith('2026-13'),
}

function numberValues(tags: Tags): Derived {
  const integer = tags['integer'] !== undefined || tags['asType'] === 'integer' || tags['type'] === 'integer'
  const step = numberTag(tags, 'multipleOf') ?? (integer ? 1 : undefined)
  const minimum = numberTag(tags, 'minimum')
  const maximum = numberTag(tags, 'maximum')
  const above = numberTag(tags, 'exclusiveMinimum')
  const below = numberTag(tags, 'exclusiveMaximum')
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
  return { valid: same(values), breakers, kinds: new Set(['number']) }
}

function templateValues(type: Type): Derived {
  const { texts, types } = type.compilerType as ts.TemplateLiteralType
  const parts = types.map((part) => templatePart(part))
  const values = fc.tuple(...parts).map((pieces) => texts.reduce((text, head, index) => text + head + (pieces[index] ?? ''), ''))
  // A string not starting with the template's head is outside it (a head-less template has no such string).
  const head = texts[0] ?? ''
  return { valid: same(values), breakers: head === '' ? [] : [fc.constant(`!${head}`)], kinds: new Set(['string']) }
}

function templatePart(part: ts.Type): fc.Arbitrary<string> {
  if (part.flags & ts.TypeFlags.StringLiteral) return fc.constant((part as ts.StringLiteralType).value)
  if (part.flags & ts.TypeFlags.Union) return fc.oneof(...(part as ts.UnionType).types.map(templatePart))
  if (part.flags & ts.TypeFlags.Number) return fc.integer().map(String)
  if (part.flags & ts.TypeFlags.BigInt) return fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map(String)
  return fc.string({ maxLength: 6 })
}

function unionValues(type: Type, at: Node, tags: Tags, depth: number): Derived {
  const members = type.getUnionTypes().filter((member) => !member.isUndefined())
  // `boolean` is `true | false` to the checker.
  const booleans = members.filter((member) => member.isBooleanLiteral())
  const others = members.filter((member) => !member.isBooleanLiteral())
  const derived = others.map((member) => derive(member, at, tags, depth))
  if (booleans.length === 2) derived.push({ valid: same(fc.boolean()), breakers: [], kinds: new Set(['boolean']) })
  else derived.push(...booleans.map(literal))
  const kinds = new Set(derived.flatMap((one) => [...one.kinds]))
  // A breaker of one member may still be a value of another: only literal breakers of a literal-only union are kept.
  const literalsOnly = members.every((member) => member.isLiteral() || member.isBooleanLiteral() || member.isNull())
  const values = new Set(members.map((member) => (member.isBooleanLiteral() ? member.getText() === 'true' : member.isNull() ? null : member.getLiteralValue())))
  const outsider = `${[...values].join('')}?`
  const breakers: fc.Arbitrary<unknown>[] = literalsOnly && kinds.has('string') ? [fc.constant(outsider)] : []
  // A discriminated union's member stays itself when broken (its tag still names it): its breakers hold.
  if (isDiscriminated(others)) breakers.push(...derived.flatMap((one) => one.breakers))
  return { valid: fc.oneof(...derived.map((one) => one.valid)), breakers, kinds }
}

/** Whether every member is an object type sharing a property whose literal type differs from member to member. */
function isDiscriminated(members: readonly Type[]): boolean {
  if (members.length < 2 || !members.every((member) => member.isObject() && !member.isArray() && !member.isTuple())) return false
  const [first] = members
  return (first?.getProperties() ?? []).some((property) => {
    const tags = members.map((member) => member.getProperty(property.getName())?.getValueDeclaration()?.getType())
    if (!tags.every((tag) => tag !== undefined && tag.isLiteral())) return false
    return new Set(tags.map((tag) => tag?.getLiteralValue())).size === members.length
  })
}

function tupleValues(type: Type, at: Node, depth: number): Derived {
  const elements = type.getTupleElements()
  const flags = (type.compilerType as ts.TupleTypeReference).target.elementFlags
  const parts = elements.map((element) => derive(element, at, {}, depth + 1))
  const required = flags.filter((flag) => flag & ts.ElementFlags.Required).length
  const rest = flags.findIndex((flag) => flag & ts.ElementFlags.Rest)
  const fixed = rest === -1 ? parts : parts.slice(0, rest)
  const valid = fc
    .tuple(fc.integer({ min: required, max: fixed.length }), ...fixed.map((part) => part.valid), rest === -1 ? fc.constant([]) : fc.array((parts[rest] as Derived).valid, { maxLength: 3 }))
    .map(([length, ...items]) => {
      const tail = items.pop() as SentValue[]
      const head = (items as SentValue[]).slice(0, length)
      const all = length === fixed.length ? [...head, ...tail] : head
      return { sent: all.map((item) => item.sent), received: all.map((item) => item.received) }
    })
  const breakers: fc.Arbitrary<unknown>[] = []
  if (required > 0) breakers.push(valid.map(({ sent }) => (sent as unknown[]).slice(0, required - 1)))
  if (rest === -1) breakers.push(valid.map(({ sent }) => [...(sent as unknown[]), ...Array.from({ length: fixed.length + 1 - (sent as unknown[]).length }, () => 'extra')]))
  return { valid, breakers, kinds: new Set(['array']) }
}

function arrayValues(element: Type, at: Node, tags: Tags, depth: number): Derived {
  const minLength = numberTag(tags, 'minItems') ?? 0
  if (depth >= MAX_DEPTH && minLength === 0) return { valid: same(fc.constant([])), breakers: [], kinds: new Set(['array']) }
  const item = derive(element, at, {}, depth + 1)
  const maxLength = depth >= MAX_DEPTH ? minLength : Math.max(minLength, numberTag(tags, 'maxItems') ?? 3)
  const unique = tags['uniqueItems'] !== undefined && tags['uniqueItems'] !== 'false'
  const list = unique
    ? fc.uniqueArray(item.valid, { minLength, maxLength, selector: ({ received }) => JSON.stringify(received) })
    : fc.array(item.valid, { minLength, maxLength })
  const valid = list.map((items) => ({ sent: items.map((one) => one.sent), received: items.map((one) => one.received) }))
  const breakers: fc.Arbitrary<unknown>[] = item.breakers.map((bad) => fc.tuple(valid, bad).map(([{ sent }, wrong]) => [...(sent as unknown[]), wrong]))
  breakers.push(...wrongKinds(item.kinds).map((bad) => fc.tuple(valid, bad).map(([{ sent }, wrong]) => [wrong, ...(sent as unknown[])])))
  if (minLength > 0) breakers.push(valid.map(({ sent }) => (sent as unknown[]).slice(0, minLength - 1)))
  const maxItems = numberTag(tags, 'maxItems')
  if (maxItems !== undefined) breakers.push(fc.array(item.valid, { minLength: maxItems + 1, maxLength: maxItems + 1 }).map((items) => items.map((one) => one.sent)))
  if (unique) breakers.push(fc.array(item.valid, { minLength: 1, maxLength: 2 }).map((items) => [...items, items[0]].map((one) => one?.sent)))
  return { valid, breakers, kinds: new Set(['array']) }
}

function objectValues(type: Type, at: Node, depth: number): Derived {
  // Past the depth limit a recursive member is left out when it may be, and arrays come out empty.
  const members = type
    .getProperties()
    .map((symbol) => member(symbol, at))
    .filter((one) => depth < MAX_DEPTH || !one.optional)
    .map((one) => ({ ...one, derived: derive(one.type, one.at, one.tags, depth + 1) }))
  const index = type.getStringIndexType() ?? type.getNumberIndexType()
  const numericKeys = type.getStringIndexType() === undefined && index !== undefined
  const declared = new Set(type.getProperties().map((symbol) => symbol.getName()))
  const present = members
  const shape = Object.fromEntries(present.map((one) => [one.name, one.derived.valid]))
  const declaredValues = fc.record(shape, { requiredKeys: present.filter((one) => !one.optional).map((one) => one.name) })
  const extras =
    index === undefined
      ? fc.dictionary(extraKey.filter((key) => !declared.has(key)), fc.jsonValue(), { maxKeys: 2 }).map((entries) => ({ sent: entries, received: {} }))
      : fc
          .dictionary(numericKeys ? fc.nat().map(String) : fc.string({ maxLength: 5 }).filter((key) => !declared.has(key) && key !== '__proto__'), derive(index, at, {}, depth + 1).valid, { maxKeys: 2 })
          .map((entries) => ({ sent: mapValues(entries, (one) => one.sent), received: mapValues(entries, (one) => one.received) }))
  const valid = fc.tuple(declaredValues, extras).map(([values, extra]) => {
    const sent: Record<string, unknown> = { ...extra.sent }
    const received: Record<string, unknown> = { ...extra.received }
    for (const one of members) {
      const value = (values as Record<string, SentValue | undefined>)[one.name]
      if (value !== undefined) {
        sent[one.name] = value.sent
        received[one.name] = value.received
      } else if (one.fallback !== undefined) received[one.name] = one.fallback
    }
    return { sent, received }
  })
  const breakers: fc.Arbitrary<unknown>[] = []
  if (depth < MAX_DEPTH) {
    for (const one of members) {
      const bad = oneOfOrUndefined([...one.derived.breakers, ...wrongKinds(one.derived.kinds)])
      if (bad !== undefined) breakers.push(fc.tuple(valid, bad).map(([{ sent }, wrong]) => ({ ...(sent as object), [one.name]: wrong })))
      if (!one.optional && one.fallback === undefined) breakers.push(valid.map(({ sent }) => omit(sent as Record<string, unknown>, one.name)))
    }
  }
  return { valid, breakers, kinds: new Set(['object']) }
}

interface Member {
  readonly name: string
  readonly optional: boolean
  readonly fallback?: unknown
  readonly type: Type
  readonly at: Node
  readonly tags: Tags
}

function member(symbol: MorphSymbol, at: Node): Member {
  const declaration = symbol.getDeclarations()[0]
  const type = symbol.getTypeAtLocation(declaration ?? at)
  const tags = declaration === undefined ? {} : jsDocTags(declaration)
  const optional = symbol.isOptional() || (type.isUnion() && type.getUnionTypes().some((part) => part.isUndefined()))
  const fallback = tags['default'] === undefined ? undefined : jsonOrText(tags['default'])
  return { name: symbol.getName(), optional, ...(fallback === undefined ? {} : { fallback }), type, at: declaration ?? at, tags }
}

/**
 * The `@tag text` pairs of the JSDoc comments just before a declaration, read from the source text
 * between the previous token and the declaration, so a comment on the line of a `{` or `;` counts too.
 */
function jsDocTags(node: Node): Tags {
  const tags: Record<string, string> = {}
  const trivia = node.getSourceFile().getFullText().slice(node.getPos(), node.getStart())
  for (const [, comment] of trivia.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = (comment as string).replace(/^\s*\*/gm, ' ')
    for (const [, name, value] of body.matchAll(/@(\w+)([^@]*)/g)) tags[name as string] = (value as string).trim()
  }
  return tags
}

function readonlyElement(type: Type): Type | undefined {
  return type.getSymbol()?.getName() === 'ReadonlyArray' ? type.getTypeArguments()[0] : undefined
}

function wrongKinds(kinds: ReadonlySet<Kind>): fc.Arbitrary<unknown>[] {
  return (Object.keys(WRONG_KIND) as Kind[]).filter((kind) => !kinds.has(kind) && !(kind === 'number' && kinds.has('number'))).map((kind) => fc.constant(WRONG_KIND[kind]))
}

function oneOfOrUndefined(arbitraries: readonly fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> | undefined {
  return arbitraries.length === 0 ? undefined : fc.oneof(...arbitraries)
}

function numberTag(tags: Tags, name: string): number | undefined {
  const text = tags[name]
  return text === undefined || text === '' || Number.isNaN(Number(text)) ? undefined : Number(text)
}

function decimals(step: number): number {
  const [mantissa = '', exponent = '0'] = String(step).split('e')
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent))
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]))
}

function omit(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _omitted, ...rest } = record
  return rest
}
