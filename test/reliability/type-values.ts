import fc from 'fast-check'
import { ts, type Node, type Type } from 'ts-morph'
import { arrayElement, arrayValues, childSite, tupleValues } from './collection-values.js'
import { anyValue, oneOfOrUndefined, type Derived, type SentValue, type Site } from './derived.js'
import { objectValues, openObjectValues } from './object-values.js'
import { booleanValues, literalValues, nullValues, numberValues, stringValues, templateValues } from './scalar-values.js'
import { declaredTypeNode, writtenMembers, writtenType, written, type Written } from './type-docs.js'

export type { SentValue } from './derived.js'

/** Arbitraries of values derived from a TypeScript type, with the JSDoc of its properties and aliases. */
export interface TypeValues {
  /** Values of the type: every union branch, every optional combination, numeric and size boundaries, examples and defaults, undeclared keys on closed objects. */
  readonly valid: fc.Arbitrary<SentValue>
  /** Values moved out of the type (one violation each); undefined when nothing is outside it (`unknown`). */
  readonly invalid: fc.Arbitrary<unknown> | undefined
}

/**
 * Derives values from a parameter type as the checker sees it, under the semantics issue 13 gives
 * it (never from a schema): `at` is the parameter the type is read at. Arguments are always a
 * record, so the root is read as one: `T | null` and `T | undefined` are `T`, members that can
 * never be a record are left out, `unknown` and `object` are any record. `@title`,
 * `@description`, `@deprecated`, `@readOnly` and `@writeOnly` only annotate (draft-07 enforces
 * neither of the last two): such a member is sent and reaches the handler like any other.
 * Recursive types stop recursing a few levels down (optional members left out, arrays empty).
 */
export function typeValues(type: Type, at: Node): TypeValues {
  const program = at.getProject().getProgram().compilerObject
  const isLib = (node: Node) => program.isSourceFileDefaultLibrary(node.getSourceFile().compilerNode)
  const start: Site = { at, tags: {}, written: undefined, depth: 0, isLib, derive }
  const site = childSite(start, type, written(declaredTypeNode(at)), {}, 0)
  const members = (type.isUnion() ? type.getUnionTypes() : [type]).filter((member) => !member.isNull() && !member.isUndefined() && !member.isVoid())
  const records = members.filter((member) => canBeRecord(member, isLib))
  if (records.length === 0) throw new Error(`${type.getText()} can never be a record of arguments; the build refuses it`)
  // Only what breaks the members of the record counts: the call's envelope already says it is a record.
  if (records.some(isOpen)) return { valid: openObjectValues.valid, invalid: undefined }
  const derived = records.length === 1 ? derive(records[0] as Type, site) : unionOf(records, site)
  return { valid: derived.valid, invalid: oneOfOrUndefined(derived.breakers) }
}

function derive(type: Type, site: Site): Derived {
  if (type.isAny() || type.isUnknown()) return anyValue
  if (type.isNull() || type.isVoid()) return nullValues
  if (type.isBoolean()) return booleanValues
  if (type.isLiteral() || type.isBooleanLiteral()) return literalValues(type)
  if (type.isString()) return stringValues(site.tags)
  if (type.isNumber()) return numberValues(site.tags)
  if (type.isTemplateLiteral()) return templateValues(type)
  if (type.isUnion()) return unionOf(type.getUnionTypes(), site)
  if (type.isIntersection()) {
    // A branded primitive (`string & { __brand: 'Id' }`) is that primitive.
    const primitive = type.getIntersectionTypes().find((member) => member.isString() || member.isNumber() || member.isBoolean())
    if (primitive !== undefined) return derive(primitive, site)
  }
  if (type.getFlags() & ts.TypeFlags.NonPrimitive) return openObjectValues
  if (type.isTuple()) return tupleValues(type, site)
  const element = arrayElement(type, site.isLib)
  if (element !== undefined) return arrayValues(element, site)
  return objectValues(type, site)
}

/**
 * A union: a value of any member (each member read where the source writes it, so an alias's JSDoc
 * reaches it), the union's own JSDoc applying to every member. Breakers are kept only where they
 * cannot be a value of another member: literal unions, and discriminated unions (a broken member
 * still names its branch).
 */
function unionOf(all: readonly Type[], site: Site): Derived {
  const members = all.filter((member) => !member.isUndefined())
  const booleans = members.filter((member) => member.isBooleanLiteral())
  const others = members.filter((member) => !member.isBooleanLiteral())
  const written = writtenMembers(site.written)
  // `T | undefined` of an optional member is written as `T`: the member is read where `T` is written.
  const single = members.length === 1 ? site.written : undefined
  const derived = others.map((member) => derive(member, childSite(site, member, writtenFor(member, written) ?? single, site.tags, site.depth)))
  if (booleans.length === 2) derived.push(booleanValues)
  else derived.push(...booleans.map(literalValues))
  const kinds = new Set(derived.flatMap((one) => [...one.kinds]))
  const literalsOnly = members.every((member) => member.isLiteral() || member.isBooleanLiteral() || member.isNull())
  const values = new Set(members.map((member) => (member.isBooleanLiteral() ? member.getText() === 'true' : member.isNull() ? null : member.getLiteralValue())))
  const breakers: fc.Arbitrary<unknown>[] = literalsOnly && kinds.has('string') ? [fc.constant(`${[...values].join('')}?`)] : []
  if (isDiscriminated(others)) breakers.push(...derived.flatMap((one) => one.breakers))
  return {
    valid: fc.oneof(...derived.map((one) => one.valid)),
    breakers,
    kinds,
    accepts: (value) => derived.some((one) => one.accepts(value)),
    normalise: (value) => (derived.find((one) => one.accepts(value)) ?? (derived[0] as Derived)).normalise(value),
  }
}

/** The written member node of a union that writes `member` (directly, or as part of a union it names). */
function writtenFor(member: Type, written: readonly Written[] | undefined): Written | undefined {
  return written?.find((one) => {
    const type = writtenType(one)
    return type !== undefined && (type.compilerType === member.compilerType || (type.isUnion() && type.getUnionTypes().some((part) => part.compilerType === member.compilerType)))
  })
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

/** Whether a root member can be a record of arguments: an object type (not an array or tuple, not callable), `object`, `unknown`, `any`. */
function canBeRecord(type: Type, isLib: Site['isLib']): boolean {
  if (isOpen(type)) return true
  if (type.isIntersection()) return type.getIntersectionTypes().every((member) => canBeRecord(member, isLib))
  return type.isObject() && !type.isTuple() && arrayElement(type, isLib) === undefined && type.getCallSignatures().length === 0
}

function isOpen(type: Type): boolean {
  return type.isAny() || type.isUnknown() || (type.getFlags() & ts.TypeFlags.NonPrimitive) !== 0
}
