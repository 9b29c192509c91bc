import type { ErrorObject } from 'ajv'
import type { ToolFault } from './types.js'

type Params = Readonly<Record<string, unknown>>

/** What a size keyword measures, so a fault reads `expected length >= 3` rather than a keyword name. */
const SIZE_KEYWORDS: Readonly<Record<string, string>> = {
  minLength: 'length',
  maxLength: 'length',
  minItems: 'items',
  maxItems: 'items',
  minProperties: 'properties',
  maxProperties: 'properties',
}

/** Turns one ajv error, raised while validating `data`, into a fault located in that data. */
export function faultOf(error: ErrorObject, data: unknown): ToolFault {
  const params = error.params as Params
  const segments = error.instancePath === '' ? [] : error.instancePath.split('/').slice(1).map(unescapePointer)
  if (error.keyword === 'required') {
    // The missing property has no value to report: the fault carries its expectation alone.
    return { path: [...locate(data, segments).path, String(params.missingProperty)], reason: 'required', expected: 'a value' }
  }
  const { path, value } = locate(data, segments)
  const constraint = limitOf(error.keyword, params)
  return {
    path,
    reason: error.keyword,
    ...withExpectation(expectationOf(error, params)),
    received: value,
    ...constraint,
  }
}

/** Renders a fault as `<path>: <reason>; expected <expected>; received <JSON value>`, dropping absent parts. */
export function formatFault(fault: ToolFault): string {
  let text = `${fault.path.join('.')}: ${fault.reason}`
  if (fault.expected !== undefined) text += `; expected ${fault.expected}`
  if (Object.hasOwn(fault, 'received')) text += `; received ${jsonText(fault.received)}`
  return text
}

function expectationOf(error: ErrorObject, params: Params): string | undefined {
  switch (error.keyword) {
    case 'type':
      return [params.type].flat().join(' | ')
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
  }
  const limit = limitOf(error.keyword, params)
  if (limit) return `${SIZE_KEYWORDS[error.keyword] ?? ''} ${limit.constraint} ${String(limit.limit)}`.trimStart()
  // Other keywords (oneOf, not, if/then…) are best described by ajv's own wording.
  return error.message?.replace(/^must /, '')
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

/** Walks a JSON pointer's segments through the data, numbering the segments that index arrays. */
function locate(data: unknown, segments: readonly string[]): { path: (string | number)[]; value: unknown } {
  const path: (string | number)[] = []
  let value = data
  for (const segment of segments) {
    const inArray = Array.isArray(value)
    path.push(inArray ? Number(segment) : segment)
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined
  }
  return { path, value }
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~')
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
