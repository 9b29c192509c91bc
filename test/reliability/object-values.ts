import fc from 'fast-check'
import { Node, type Symbol as MorphSymbol, type Type, type TypeNode } from 'ts-morph'
import { childSite, MAX_DEPTH } from './collection-values.js'
import { isRecord, oneOfOrUndefined, same, wrongKinds, type Derived, type SentValue, type Site } from './derived.js'
import { literalOfNode, literalOfText } from './js-literal.js'
import { numberTag } from './scalar-values.js'
import { declarationTags, declaredTypeNode, tag, written, type Tags } from './type-docs.js'

const extraKey = fc.stringMatching(/^[a-z]{1,6}$/).map((key) => `x_${key}`)

/** One member of an object type, derived. */
interface Member {
  readonly name: string
  /** May be left out: optional, `| undefined`, or a class field with a literal initialiser. */
  readonly optional: boolean
  /** `never` or `undefined`: JSON can only leave it out. */
  readonly absent: boolean
  /** What the handler receives when it is left out: the `@default` (JSDoc wins), else the literal initialiser. */
  readonly fallback?: { readonly value: unknown }
  readonly derived: Derived
  /** Values the member may be sent as besides generated ones: its `@example(s)` and its default. */
  readonly samples: readonly unknown[]
}

/**
 * An object type (interface, type literal, mapped type, intersection, data class): declared members
 * with their JSDoc, defaults filled when left out, undeclared keys dropped unless an index signature
 * (or every one of an intersection's index signatures) allows them, `@minProperties` / `@maxProperties`.
 */
export function objectValues(type: Type, site: Site): Derived {
  const members = type
    .getProperties()
    .filter((symbol) => !symbol.getEscapedName().startsWith('__@'))
    .map((symbol) => member(symbol, site))
    // Past the depth limit a recursive member is left out when it may be.
    .filter((one): one is Member => one !== undefined)
  const declared = new Set(type.getProperties().map((symbol) => symbol.getName()))
  const index = indexValues(type, site)
  const numericKeys = index?.numeric === true
  const minProperties = numberTag(site.tags, 'minProperties')
  const maxProperties = numberTag(site.tags, 'maxProperties')
  const counted = (value: Record<string, unknown>) => Object.keys(value).length
  const fitsCount = (value: Record<string, unknown>) => counted(value) >= (minProperties ?? 0) && counted(value) <= (maxProperties ?? Infinity)

  const accepts = (value: unknown): boolean => {
    if (!isRecord(value) || !fitsCount(value)) return false
    for (const one of members) {
      const present = Object.hasOwn(value, one.name) && value[one.name] !== undefined
      if (present ? one.absent || !one.derived.accepts(value[one.name]) : !one.optional && !one.absent) return false
    }
    return Object.keys(value).every((key) => declared.has(key) || (index !== undefined && index.derived.accepts(value[key])))
  }
  const normalise = (value: unknown): unknown => {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const one = members.find((candidate) => candidate.name === key)
      if (one !== undefined) copy[key] = one.derived.normalise(item)
      else if (!declared.has(key) && index !== undefined) copy[key] = index.derived.normalise(item)
    }
    for (const one of members) if (!Object.hasOwn(copy, one.name) && one.fallback !== undefined) copy[one.name] = one.fallback.value
    return copy
  }

  const shape = Object.fromEntries(members.filter((one) => !one.absent).map((one) => [one.name, memberValues(one)]))
  const declaredValues = fc.record(shape, { requiredKeys: members.filter((one) => !one.optional && !one.absent).map((one) => one.name) })
  const onlyExtras = members.length === 0 && index !== undefined
  const extras =
    index === undefined
      ? fc.dictionary(extraKey.filter((key) => !declared.has(key)), fc.jsonValue(), { maxKeys: 2 }).map((entries) => ({ sent: entries, received: {} }))
      : fc
          .dictionary(numericKeys ? fc.nat().map(String) : fc.string({ maxLength: 5 }).filter((key) => !declared.has(key) && key !== '__proto__'), index.derived.valid, {
            minKeys: onlyExtras ? (minProperties ?? 0) : 0,
            maxKeys: onlyExtras ? Math.max(minProperties ?? 0, maxProperties ?? 2) : 2,
          })
          .map((entries) => ({ sent: mapValues(entries, (one) => one.sent), received: mapValues(entries, (one) => one.received) }))
  const combined = fc.tuple(declaredValues, extras).map(([values, extra]) => {
    const sent: Record<string, unknown> = { ...extra.sent }
    const received: Record<string, unknown> = { ...extra.received }
    for (const one of members) {
      const value = (values as Record<string, SentValue | undefined>)[one.name]
      if (value !== undefined) {
        sent[one.name] = value.sent
        received[one.name] = value.received
      } else if (one.fallback !== undefined) received[one.name] = one.fallback.value
    }
    return { sent, received }
  })
  const valid = minProperties === undefined && maxProperties === undefined ? combined : combined.filter(({ received }) => fitsCount(received as Record<string, unknown>))

  const breakers: fc.Arbitrary<unknown>[] = []
  if (site.depth < MAX_DEPTH) {
    for (const one of members) {
      if (one.absent) {
        breakers.push(valid.map(({ sent }) => ({ ...(sent as object), [one.name]: null })))
        continue
      }
      const bad = oneOfOrUndefined([...one.derived.breakers, ...wrongKinds(one.derived.kinds)])
      if (bad !== undefined) breakers.push(fc.tuple(valid, bad).map(([{ sent }, wrong]) => ({ ...(sent as object), [one.name]: wrong })))
      if (!one.optional && one.fallback === undefined) breakers.push(valid.map(({ sent }) => omit(sent as Record<string, unknown>, one.name)))
    }
    if (onlyExtras && (minProperties ?? 0) > 0) breakers.push(fc.constant({}))
    if (onlyExtras && maxProperties !== undefined) {
      breakers.push(fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: maxProperties + 1, maxLength: maxProperties + 1 }).chain((keys) => fc.tuple(...keys.map(() => index.derived.valid)).map((values) => Object.fromEntries(keys.map((key, at) => [key, values[at]?.sent])))))
    }
  }
  return { valid, breakers, kinds: new Set(['object']), accepts, normalise }
}

/** Any JSON object, passed on with all its keys: `object`, and an `unknown` or `any` root. */
export const openObjectValues: Derived = {
  valid: same(fc.dictionary(fc.string({ maxLength: 5 }).filter((key) => key !== '__proto__'), fc.jsonValue(), { maxKeys: 3 })),
  breakers: [],
  kinds: new Set(['object']),
  accepts: isRecord,
  normalise: (value) => value,
}

function member(symbol: MorphSymbol, site: Site): Member | undefined {
  const declaration = symbol.getDeclarations()[0]
  const type = symbol.getTypeAtLocation(declaration ?? site.at)
  const own = declaration === undefined ? {} : declarationTags(declaration)
  const typeNode = declaredTypeNode(declaration)
  const child = childSite(site, type, typeNode !== undefined && writes(typeNode, type) ? written(typeNode) : undefined, own)
  const initializer = Node.isPropertyDeclaration(declaration) || Node.isParameterDeclaration(declaration) ? declaration.getInitializer() : undefined
  // An enum member (`RecordType.CNAME`) is that member's value, as the registry's default is.
  const enumMember = initializer?.getType().isEnumLiteral() === true ? initializer.getType().getLiteralValue() : undefined
  const initial = initializer === undefined ? undefined : enumMember !== undefined ? { found: true as const, value: enumMember } : literalOfNode(initializer.compilerNode)
  // A `void` member is required, as TypeScript requires it: its JSON value is `null`.
  const optional = symbol.isOptional() || (type.isUnion() && type.getUnionTypes().some((part) => part.isUndefined())) || initial?.found === true
  const absent = type.isNever() || type.isUndefined()
  if (site.depth >= MAX_DEPTH && (optional || absent)) return undefined
  const derived = site.derive(type, child)
  const name = symbol.getName()
  const defaultText = tag(child.tags, 'default')
  const fallback = defaultText !== undefined ? { value: tagValue(name, '@default', defaultText, derived) } : initial?.found === true ? { value: initial.value } : undefined
  const samples = [...examples(name, child.tags, derived), ...(fallback === undefined ? [] : [fallback.value])]
  return { name, optional, absent, ...(fallback === undefined ? {} : { fallback }), derived, samples }
}

function memberValues(one: Member): fc.Arbitrary<SentValue> {
  if (one.samples.length === 0) return one.derived.valid
  const samples = fc.constantFrom(...one.samples).map((value) => ({ sent: value, received: one.derived.normalise(value) }))
  return fc.oneof({ arbitrary: one.derived.valid, weight: 3 }, { arbitrary: samples, weight: 1 })
}

/**
 * The value a `@default` or `@example` text stands for at a member: what it spells as JSON or as a
 * JavaScript literal when the member's type takes that, else the text itself ("where only a string
 * fits, the text is the value"). A text neither reading fits is a test error (the build refuses it).
 */
function tagValue(name: string, tagName: string, text: string, derived: Derived): unknown {
  const literal = literalOfText(text)
  const candidates = literal.found && literal.value !== text ? [literal.value, text] : [text]
  const fitting = candidates.find((candidate) => derived.accepts(candidate))
  if (fitting === undefined) throw new Error(`${name}: ${tagName} ${text} is no value of its type, yet the build took it`)
  return fitting
}

/** The `@example` values (one each) and `@examples` values (a list, else one) that the member's type takes. */
function examples(name: string, tags: Tags, derived: Derived): unknown[] {
  const found: unknown[] = []
  for (const text of tags['examples'] ?? []) {
    const literal = literalOfText(text)
    if (literal.found && Array.isArray(literal.value)) found.push(...literal.value.filter((item) => derived.accepts(item)))
    else found.push(tagValue(name, '@examples', text, derived))
  }
  for (const text of tags['example'] ?? []) {
    const literal = literalOfText(text)
    const candidates = literal.found && literal.value !== text ? [literal.value, text] : [text]
    // An `@example` the type refuses (often code) is only a warning at build time, and left out.
    found.push(...candidates.filter((candidate) => derived.accepts(candidate)).slice(0, 1))
  }
  return found
}

/**
 * What an object allows beyond its declared members: the value type of its index signature, or,
 * for an intersection, a value of every one of its members' index signatures (as TypeScript has it).
 */
function indexValues(type: Type, site: Site): { derived: Derived; numeric: boolean } | undefined {
  const parts = type.isIntersection() ? type.getIntersectionTypes() : [type]
  const indexes = parts.flatMap((part) => {
    const value = part.getStringIndexType() ?? part.getNumberIndexType()
    return value === undefined ? [] : [{ value, numeric: part.getStringIndexType() === undefined, node: indexSignatureNode(part) }]
  })
  if (indexes.length === 0) return undefined
  const derived = indexes.map(({ value, node }) => site.derive(value, childSite(site, value, written(node))))
  const union: Derived =
    derived.length === 1
      ? (derived[0] as Derived)
      : {
          valid: fc.oneof(...derived.map((one) => one.valid)).filter(({ sent }) => derived.every((one) => one.accepts(sent))),
          breakers: [],
          kinds: new Set(derived.flatMap((one) => [...one.kinds])),
          accepts: (value) => derived.every((one) => one.accepts(value)),
          normalise: (value) => (derived[0] as Derived).normalise(value),
        }
  return { derived: union, numeric: indexes.every((one) => one.numeric) }
}

function indexSignatureNode(type: Type): TypeNode | undefined {
  for (const declaration of (type.getTargetType() ?? type).getSymbol()?.getDeclarations() ?? []) {
    const members = Node.isInterfaceDeclaration(declaration) || Node.isTypeLiteral(declaration) ? declaration.getMembers() : []
    const signature = members.find(Node.isIndexSignatureDeclaration)
    if (signature !== undefined) return signature.getReturnTypeNode()
  }
  return undefined
}

/** Whether a property's written type node writes its type (a mapped type's members keep declarations that say something else). */
function writes(node: TypeNode, type: Type): boolean {
  const members = (one: Type) => new Set((one.isUnion() ? one.getUnionTypes() : [one]).filter((part) => !part.isUndefined()).map((part) => part.compilerType))
  const [a, b] = [members(node.getType()), members(type)]
  return a.size === b.size && [...a].every((part) => b.has(part))
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]))
}

function omit(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _omitted, ...rest } = record
  return rest
}
