import type { ErrorObject } from 'ajv'
import type { Normaliser } from './normalise/normaliser.js'
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
 * fault names the tag values expected.
 */
export function faultsOf(errors: readonly ErrorObject[], sent: unknown, copy: unknown, normaliser?: Normaliser): ToolFault[] {
  return unionsFirst(errors.filter((error) => error.keyword !== 'if')).map((error) => {
    const fault = faultOf(error, sent, copy, normaliser)
    const branches = normaliser?.branchesAlong(copy, pointerPath(copy, error.instancePath)) ?? []
    return branches.length === 0 ? fault : { ...fault, branches }
  })
}

/** Renders a fault as `<path>: <reason>; expected <expected>; received <JSON value>`, dropping absent parts; a discriminated branch reads `items.0 (kind "discount"): code: …`. */
export function formatFault(fault: ToolFault): string {
  let text = `${pathText(fault)}: ${fault.reason}`
  if (fault.expected !== undefined) text += `; expected ${fault.expected}`
  if (Object.hasOwn(fault, 'received')) text += `; received ${jsonText(fault.received)}`
  return text
}

function pathText({ path, branches = [] }: ToolFault): string {
  const pieces: string[] = []
  let from = 0
  for (const branch of branches) {
    pieces.push(`${path.slice(from, branch.depth).join('.')} (${branch.tag} ${jsonText(branch.value)})`.trimStart())
    from = branch.depth
  }
  const rest = path.slice(from).join('.')
  if (rest !== '' || pieces.length === 0) pieces.push(rest)
  return pieces.join(': ')
}

/**
 * ajv reports a union after the errors of its branches; this moves each union error in front of
 * the run of errors just before it that lie at or below its place, which are those branches'
 * errors, stopping at an error of a keyword beside the union (same place, a schema enclosing it).
 */
function unionsFirst(errors: readonly ErrorObject[]): ErrorObject[] {
  const ordered: ErrorObject[] = []
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
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
  if (error.keyword === 'required') {
    // The missing property has no value to report: the fault carries its expectation alone.
    return { path: [...path, String(params.missingProperty)], reason: 'required', expected: 'a value' }
  }
  if (error.keyword === 'discriminator') return discriminatorFault(params, path, normaliser?.tagValuesAt(copy, pointerPath(copy, error.instancePath), String(params.tag)), sent)
  const constraint = limitOf(error.keyword, params)
  const checked = receivedAt(copy, pointerPath(copy, error.instancePath)).received
  return { path, reason: error.keyword, ...withExpectation(expectationOf(error, params, checked)), ...receivedAt(sent, path), ...constraint }
}

/** A discriminated union whose tag is missing or names no branch: located at the tag, naming the values expected. */
function discriminatorFault(params: Params, path: Path, values: readonly string[] | undefined, sent: unknown): ToolFault {
  const tag = String(params.tag)
  const expected = `${values === undefined ? 'the tag of a branch' : `one of ${jsonText(values)}`} ${NO_BRANCH}`
  const received = receivedAt(sent, [...path, tag])
  return { path: [...path, tag], reason: Object.hasOwn(received, 'received') ? 'anyOf' : 'required', expected, ...received }
}

/** What the fault expects; `checked` is the value ajv refused (in the normalised copy). */
function expectationOf(error: ErrorObject, params: Params, checked: unknown): string | undefined {
  switch (error.keyword) {
    case 'type':
      return typeExpectation(params.type, checked)
    case 'enum':
      return `one of ${jsonText(params.allowedValues)}`
    case 'const':
      return jsonText(params.allowedValue)
    case 'format':
      return String(params.format)
    case 'pattern':
      return `match ${String(params.pattern)}`
    case 'multipleOf':
      return `multiple of ${String(params.multipleOf)}`
    case 'anyOf':
      return `a value of one of the union's branches (none matches)`
    case 'oneOf':
      return `a value of exactly one of the union's branches (${Array.isArray(params.passingSchemas) ? params.passingSchemas.length : 'none'} match)`
  }
  const limit = limitOf(error.keyword, params)
  if (limit) return `${SIZE_KEYWORDS[error.keyword] ?? ''} ${limit.constraint} ${String(limit.limit)}`.trimStart()
  // Other keywords (not, if/then…) are best described by ajv's own wording.
  return error.message?.replace(/^must /, '')
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

function withExpectation(expected: string | undefined): { expected?: string } {
  return expected === undefined ? {} : { expected }
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
function receivedAt(sent: unknown, path: Path): { received?: unknown } {
  let value = sent
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return {}
    value = (value as Record<string, unknown>)[segment]
  }
  return { received: value }
}

function jsonText(value: unknown): string {
  // JSON has no text for these, and `null` would misreport what was sent.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
