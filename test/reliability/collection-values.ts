import fc from 'fast-check'
import { Node, ts, type Type, type TypeNode } from 'ts-morph'
import { wrongKinds, type Derived, type SentValue, type Site } from './derived.js'
import { numberTag } from './scalar-values.js'
import { follow, mergeTags, tag, typeTags, writtenElement, type Written } from './type-docs.js'

/** Deeper than this, recursive types stop recursing: optional members are left out, arrays come out empty. */
export const MAX_DEPTH = 3

/** The site of a child type (an element, a member): its written node followed, its type's and aliases' JSDoc under `own`. */
export function childSite(site: Site, type: Type, at: Written | undefined, own: Site['tags'] = {}, depth = site.depth + 1): Site {
  const { tags, end } = follow(at, site.isLib)
  return { ...site, tags: mergeTags(typeTags(type, site.isLib), tags, own), written: end, depth }
}

/** An array of `element`, with the JSDoc constraints of the array (`@minItems`, `@maxItems`, `@uniqueItems`). */
export function arrayValues(element: Type, site: Site): Derived {
  const { tags, depth } = site
  const minLength = numberTag(tags, 'minItems') ?? 0
  const maxItems = numberTag(tags, 'maxItems')
  const unique = tag(tags, 'uniqueItems') !== undefined && tag(tags, 'uniqueItems') !== 'false'
  // Derived on first use: past the depth limit a recursive element is only needed to check a default.
  let known: Derived | undefined
  const element$ = () => (known ??= site.derive(element, childSite(site, element, writtenElement(site.written))))
  const accepts = (value: unknown) =>
    Array.isArray(value) &&
    value.length >= minLength &&
    (maxItems === undefined || value.length <= maxItems) &&
    (!unique || new Set(value.map((one) => JSON.stringify(one))).size === value.length) &&
    value.every((one) => element$().accepts(one))
  const normalise = (value: unknown) => (value as unknown[]).map((one) => element$().normalise(one))
  if (depth >= MAX_DEPTH && minLength === 0) return { valid: fc.constant({ sent: [], received: [] }), breakers: [], kinds: new Set(['array']), accepts, normalise }
  const item = element$()
  const maxLength = depth >= MAX_DEPTH ? minLength : Math.max(minLength, maxItems ?? 3)
  const list = unique
    ? fc.uniqueArray(item.valid, { minLength, maxLength, selector: ({ sent }) => JSON.stringify(sent) })
    : fc.array(item.valid, { minLength, maxLength })
  const valid = list.map((items) => ({ sent: items.map((one) => one.sent), received: items.map((one) => one.received) }))
  const breakers: fc.Arbitrary<unknown>[] = item.breakers.map((bad) => fc.tuple(valid, bad).map(([{ sent }, wrong]) => [...(sent as unknown[]), wrong]))
  breakers.push(...wrongKinds(item.kinds).map((bad) => fc.tuple(valid, bad).map(([{ sent }, wrong]) => [wrong, ...(sent as unknown[])])))
  if (minLength > 0) breakers.push(valid.map(({ sent }) => (sent as unknown[]).slice(0, minLength - 1)))
  if (maxItems !== undefined) breakers.push(fc.array(item.valid, { minLength: maxItems + 1, maxLength: maxItems + 1 }).map((items) => items.map((one) => one.sent)))
  if (unique) breakers.push(fc.array(item.valid, { minLength: 1, maxLength: 2 }).map((items) => [...items, items[0]].map((one) => one?.sent)))
  return { valid, breakers, kinds: new Set(['array']), accepts, normalise }
}

/** A tuple: required, optional and rest elements. */
export function tupleValues(type: Type, site: Site): Derived {
  const elements = type.getTupleElements()
  const flags = (type.compilerType as ts.TupleTypeReference).target.elementFlags
  const parts = elements.map((element, index) => site.derive(element, childSite(site, element, writtenTupleElement(site.written, index))))
  const required = flags.filter((flag) => flag & ts.ElementFlags.Required).length
  const rest = flags.findIndex((flag) => flag & ts.ElementFlags.Rest)
  const fixed = rest === -1 ? parts : parts.slice(0, rest)
  const partAt = (index: number) => (index < fixed.length ? fixed[index] : rest === -1 ? undefined : parts[rest])
  const accepts = (value: unknown) => Array.isArray(value) && value.length >= required && (rest !== -1 || value.length <= fixed.length) && value.every((one, index) => partAt(index)?.accepts(one) === true)
  const normalise = (value: unknown) => (value as unknown[]).map((one, index) => partAt(index)?.normalise(one) ?? one)
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
  return { valid, breakers, kinds: new Set(['array']), accepts, normalise }
}

/** The written element at a position of a written tuple (a rest element as its element). */
function writtenTupleElement(at: Written | undefined, index: number): Written | undefined {
  if (at === undefined || !Node.isTupleTypeNode(at.node)) return undefined
  let element: TypeNode | undefined = at.node.getElements()[index]
  if (Node.isNamedTupleMember(element)) element = element.getTypeNode()
  if (Node.isOptionalTypeNode(element)) element = element.getTypeNode()
  if (Node.isRestTypeNode(element)) return writtenElement({ node: element.getTypeNode(), scope: at.scope })
  return element === undefined ? undefined : { node: element, scope: at.scope }
}

/**
 * The element type of an array-like type: `T[]`, `ReadonlyArray<T>`, and an interface or class
 * whose base types reach the default lib's `Array` or `ReadonlyArray` (`interface Tags extends Array<string> {}`).
 */
export function arrayElement(type: Type, isLib: Site['isLib']): Type | undefined {
  const element = type.getArrayElementType()
  if (element !== undefined) return element
  const symbol = (type.getTargetType() ?? type).getSymbol()
  if (symbol !== undefined && ['Array', 'ReadonlyArray'].includes(symbol.getName()) && symbol.getDeclarations().some(isLib)) return type.getTypeArguments()[0]
  return reachesArray(type, isLib, 0) ? type.getNumberIndexType() : undefined
}

function reachesArray(type: Type, isLib: Site['isLib'], depth: number): boolean {
  const target = type.getTargetType() ?? type
  if (depth > 16 || !target.isClassOrInterface()) return false
  return target.getBaseTypes().some((base) => {
    const symbol = (base.getTargetType() ?? base).getSymbol()
    if (symbol !== undefined && symbol.getDeclarations().some(isLib)) return ['Array', 'ReadonlyArray'].includes(symbol.getName())
    return reachesArray(base, isLib, depth + 1)
  })
}
