import type { ErrorObject } from 'ajv'
import type { Normaliser } from './normalise/normaliser.js'
import { jsonText } from './fault-text.js'
import { nearestName } from '../nearest-name.js'
import { templateOfPattern } from './template-text.js'
import type { ToolFault } from './types.js'

type Params = Readonly<Record<string, unknown>>
type Path = (string | number)[]

/** What a size keyword measures, so a fault reads `expected length >= 3` rather than a keyword name. */
const SIZE_KEYWORDS: Readonly<Record<string, string>> = {
  minLength: 'length',
  maxLength: 'length',
  minItems: 'items',
  maxItems: 'items',
  minProperties: 'properties',
  maxProperties: 'properties',
}

/** Appended to the expectation of a fault where no branch of a union takes the value. */
const NO_BRANCH = '(no union branch matches)'

/**
 * Turns the errors ajv raised on the normalised `copy` of `sent` into faults located in `sent`,
 * each reporting the value the caller sent there. A union that no branch matches comes before the
 * faults of its branches; ajv's `if` errors, which only repeat those of `then` / `else`, are left
 * out. With a normaliser, faults name the discriminated branches they lie in, and a discriminator
 * fault names the tag values expected. `decided` are the errors of unions the normaliser decides
 * (see `Normaliser.decide`), each union's own then its closest branch's, listed after the others.
 */
export function faultsOf(errors: readonly ErrorObject[], sent: unknown, copy: unknown, normaliser?: Normaliser, decided: readonly ErrorObject[] = []): ToolFault[] {
  // `if` errors only repeat those of `then` / `else`; a `propertyNames` error repeats the key's own.
  const validated = unionsFirst(errors.filter((error) => error.keyword !== 'if' && error.keyword !== 'propertyNames'))
  // A value of a type no branch takes has its type fault (naming every type the union takes): its union's faults would only repeat it.
  const mistyped = validated.filter((error) => error.keyword === 'type').map((error) => error.instancePath)
  const unions = decided.filter((error) => !mistyped.some((place) => error.instancePath === place || error.instancePath.startsWith(`${place}/`)))
  return [...validated, ...unions].map((error) => {
    const fault = faultOf(error, sent, copy, normaliser)
    const branches = normaliser?.branchesAlong(copy, pointerPath(copy, error.instancePath)) ?? []
    return branches.length === 0 ? fault : { ...fault, branches }
  })
}

/** Keywords reported after the errors of the subschemas they tried (a union's branches, `contains`' items), which they sum up. */
const GROUPING_KEYWORDS = new Set(['anyOf', 'oneOf', 'contains'])

/**
 * ajv reports a union after the errors of its branches; this moves each union error in front of
 * the run of errors just before it that lie at or below its place, which are those branches'
 * errors, stopping at an error of a keyword beside the union (same place, a schema enclosing it).
 */
function unionsFirst(errors: readonly ErrorObject[]): ErrorObject[] {
  const ordered: ErrorObject[] = []
  for (const error of errors) {
    if (!GROUPING_KEYWORDS.has(error.keyword)) {
      ordered.push(error)
      continue
    }
    let start = ordered.length
    while (start > 0 && isBranchError(ordered[start - 1] as ErrorObject, error)) start--
    ordered.splice(start, 0, error)
  }
  return ordered
}

function isBranchError(error: ErrorObject, union: ErrorObject): boolean {
  if (error.instancePath !== union.instancePath) return error.instancePath.startsWith(`${union.instancePath}/`)
  const enclosing = error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/') + 1)
  return !union.schemaPath.startsWith(enclosing) || error.schemaPath.startsWith(`${union.schemaPath}/`)
}

function faultOf(error: ErrorObject, sent: unknown, copy: unknown, normaliser: Normaliser | undefined): ToolFault {
  const params = error.params as Params
  const path = pointerPath(sent, error.instancePath)
  if (error.propertyName !== undefined) {
    // A key refused by `propertyNames`: the fault is the key's, and what was received is its name.
    return { path: [...path, error.propertyName], reason: 'propertyNames', expected: `a key: ${expectationOf(error, params, error.propertyName)}`, received: error.propertyName }
  }
  if (error.keyword === 'required') {
    // The missing property has no value to report: the fault carries its expectation alone.
    return { path: [...path, String(params.missingProperty)], reason: 'required', expected: 'a value' }
  }
  if (error.keyword === 'additionalProperties') {
    const key = String(params.additionalProperty)
    return { path: [...path, key], reason: 'undeclared', ...receivedAt(sent, [...path, key]) }
  }
  if (error.keyword === 'discriminator') return discriminatorFault(params, path, normaliser?.tagValuesAt(copy, pointerPath(copy, error.instancePath), String(params.tag)), sent)
  if (error.keyword === 'anyOf' && typeof params.closest === 'number') {
    return { path, reason: 'anyOf', expected: expectationOf(error, params, undefined), ...receivedAt(sent, path), closestBranch: params.closest + 1 }
  }
  const constraint = limitOf(error.keyword, params)
  const checked = receivedAt(copy, pointerPath(copy, error.instancePath)).received
  const received = receivedAt(sent, path)
  // A pattern derived from a template literal type reads as that type, not as its regex.
  const template = error.keyword === 'pattern' && normaliser !== undefined ? templateOfPattern(normaliser.parameters, params.pattern) : undefined
  if (template !== undefined) return { path, reason: 'pattern', expected: `a string of the form \`${template}\``, ...received }
  const allowed = error.keyword === 'enum' ? params.allowedValues : error.keyword === 'const' ? [params.allowedValue] : undefined
  return { path, reason: error.keyword, expected: expectationOf(error, params, checked), ...received, ...constraint, ...meantOf(received.received, allowed) }
}

/** `{ meant }` with the allowed string a sent string most likely misspells (`"CNAM"` → `"CNAME"`), or nothing. */
function meantOf(received: unknown, allowed: unknown): { meant?: string } {
  if (typeof received !== 'string' || !Array.isArray(allowed)) return {}
  const meant = nearestName(received, allowed.filter((value): value is string => typeof value === 'string'))
  return meant === undefined || meant === received ? {} : { meant }
}

/** A discriminated union whose tag is missing or names no branch: located at the tag, naming the values expected. */
function discriminatorFault(params: Params, path: Path, values: readonly string[] | undefined, sent: unknown): ToolFault {
  const tag = String(params.tag)
  const expected = `${values === undefined ? 'the tag of a branch' : `one of ${jsonText(values)}`} ${NO_BRANCH}`
  const received = receivedAt(sent, [...path, tag])
  return { path: [...path, tag], reason: Object.hasOwn(received, 'received') ? 'anyOf' : 'required', expected, ...received, ...meantOf(received.received, values) }
}

/** What the fault expects; `checked` is the value ajv refused (in the normalised copy). */
function expectationOf(error: ErrorObject, params: Params, checked: unknown): string {
  const limit = limitOf(error.keyword, params)
  if (limit) return `${SIZE_KEYWORDS[error.keyword] ?? ''} ${limit.constraint} ${String(limit.limit)}`.trimStart()
  return (EXPECTATIONS[error.keyword] ?? otherKeyword(error.keyword))(params, checked)
}

/** What a value must be, in toolcat's words, for each keyword a validator reports; no ajv phrasing reaches a caller. */
const EXPECTATIONS: Readonly<Record<string, (params: Params, checked: unknown) => string>> = {
  type: (params, checked) => typeExpectation(params.type, checked),
  enum: (params) => `one of ${jsonText(params.allowedValues)}`,
  const: (params) => jsonText(params.allowedValue),
  format: (params) => String(params.format),
  pattern: (params) => `match ${String(params.pattern)}`,
  multipleOf: (params) => `multiple of ${String(params.multipleOf)}`,
  anyOf: (params) =>
    typeof params.closest === 'number'
      ? `a value of one of the union's ${String(params.branches)} branches (none matches; closest: branch ${params.closest + 1})`
      : `a value of one of the union's branches (none matches)`,
  oneOf: (params) => `a value of exactly one of the union's branches (${Array.isArray(params.passingSchemas) ? params.passingSchemas.length : 'none'} match)`,
  uniqueItems: (params) => `unique items (items ${String(params.j)} and ${String(params.i)} are equal)`,
  additionalItems: (params) => `items <= ${String(params.limit)}`,
  contains: (params) =>
    params.maxContains === undefined
      ? `at least ${String(params.minContains ?? 1)} item(s) matching the item schema`
      : `between ${String(params.minContains ?? 1)} and ${String(params.maxContains)} items matching the item schema`,
  dependencies: (params) => `${String(params.missingProperty)} beside ${String(params.property)}`,
  dependentRequired: (params) => `${String(params.missingProperty)} beside ${String(params.property)}`,
  not: () => 'a value the excluded schema does not match',
  'false schema': () => 'no value here',
}

function otherKeyword(keyword: string): () => string {
  return () => `a value its ${keyword} keyword accepts`
}

/**
 * What a `type` fault expects. A number that is not finite (`Infinity` from `1e309` in JSON text,
 * `NaN` from a JavaScript caller) fails `number` and `integer` too (ajv's `strictNumbers`), and
 * the fault says that finiteness is what it lacks.
 */
function typeExpectation(type: unknown, data: unknown): string {
  const types = [type].flat().map(String)
  if (typeof data !== 'number' || Number.isFinite(data)) return types.join(' | ')
  return types.map((name) => (name === 'number' || name === 'integer' ? `a finite ${name}` : name)).join(' | ')
}

/** The comparison and bound of a numeric or size keyword, e.g. `>=` and `1` for `minimum: 1`. */
function limitOf(keyword: string, params: Params): { constraint: string; limit: unknown } | undefined {
  if (typeof params.comparison === 'string') return { constraint: params.comparison, limit: params.limit }
  const size = SIZE_KEYWORDS[keyword]
  if (size === undefined) return undefined
  return { constraint: keyword.startsWith('min') ? '>=' : '<=', limit: params.limit }
}

/** Reads a JSON pointer into the data's path, numbering the segments that index arrays. */
function pointerPath(data: unknown, pointer: string): Path {
  const path: Path = []
  let value = data
  for (const raw of pointer === '' ? [] : pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    path.push(Array.isArray(value) ? Number(segment) : segment)
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined
  }
  return path
}

/** `{ received }` with the value the caller sent at `path`, or nothing where the caller sent none. */
export function receivedAt(sent: unknown, path: Path): { received?: unknown } {
  let value = sent
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return {}
    value = (value as Record<string, unknown>)[segment]
  }
  return { received: value }
}
