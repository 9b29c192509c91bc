import { SUBSCHEMA_KEYWORD } from './shared-subschemas.js'

// The JSON Schema subset toolcat's validator generator (validator-codegen.ts) covers, and the
// tests it writes, each the one ajv's code makes for the same keyword.

/** Thrown (and caught by `ownValidatorCode`) where a schema leaves the subset: ajv generates that validator. */
export const UNSUPPORTED = Symbol('unsupported')

/** An ajv keyword group: the JSON type its keywords apply to, or undefined for every type. */
export type Group = 'number' | 'string' | 'array' | 'object' | undefined

/** ajv's keyword groups in the order it checks them, each with its keywords in order (`ajv.RULES.rules`, draft-07 + ajv-formats + toolcat's keyword). */
export const GROUPS: readonly { readonly type: Group; readonly keywords: readonly string[] }[] = [
  { type: undefined, keywords: ['$comment', 'id', '$ref', 'type', 'nullable', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', SUBSCHEMA_KEYWORD] },
  { type: 'number', keywords: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'format', 'multipleOf'] },
  { type: 'string', keywords: ['maxLength', 'minLength', 'pattern', 'format', 'formatMaximum', 'formatMinimum', 'formatExclusiveMaximum', 'formatExclusiveMinimum'] },
  { type: 'array', keywords: ['maxItems', 'minItems', 'additionalItems', 'items', 'contains', 'uniqueItems'] },
  {
    type: 'object',
    keywords: ['maxProperties', 'minProperties', 'required', 'propertyNames', 'additionalProperties', 'dependencies', 'properties', 'patternProperties', 'discriminator'],
  },
]

/** Keywords that never produce code: annotations and definition containers (a `$ref` reads them). */
export const INERT = new Set(['$schema', '$defs', 'definitions', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding'])
/** Keywords this generator writes code for; any other keyword ajv knows sends the schema to ajv. */
export const SUPPORTED = new Set(['$comment', '$ref', 'type', 'const', 'enum', 'allOf', 'if', 'then', 'else', SUBSCHEMA_KEYWORD, 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'additionalItems', 'items', 'required', 'additionalProperties', 'properties'])
/** The JSON types `type` may name. */
export const TYPES = new Set(['null', 'boolean', 'number', 'integer', 'string', 'array', 'object'])
/** Each numeric limit: the comparison that fails, and the one its error's `params.comparison` names. */
export const LIMITS: Readonly<Record<string, { readonly fail: string; readonly ok: string }>> = {
  maximum: { fail: '>', ok: '<=' },
  minimum: { fail: '<', ok: '>=' },
  exclusiveMaximum: { fail: '>=', ok: '<' },
  exclusiveMinimum: { fail: '<=', ok: '>' },
}
/** Each size keyword's failing comparison. */
export const SIZES: Readonly<Record<string, string>> = { maxLength: '>', minLength: '<', maxItems: '>', minItems: '<' }

/** How a format of ajv-formats is called, as ajv calls it: a RegExp's `test`, a function, or an object's `validate`. */
export function formatCheck(format: unknown): ((local: string, data: string) => string) | undefined {
  if (format instanceof RegExp) return format.global || format.sticky ? undefined : (local, data) => `${local}.test(${data})`
  if (typeof format === 'function') return (local, data) => `${local}(${data})`
  if (!isRecord(format) || format.async === true || (format.type !== undefined && format.type !== 'string')) return undefined
  if (typeof format.validate === 'function') return (local, data) => `${local}.validate(${data})`
  if (format.validate instanceof RegExp && !format.validate.global && !format.validate.sticky) return (local, data) => `${local}.validate.test(${data})`
  return undefined
}

/** The test that `data` differs from `value`: `!==` for a primitive, ajv's deep `equal` for an object or array (`negated`: already a failure test). */
export function equalityTest(value: unknown, data: string, helpers: Set<string>, negated: boolean): string {
  if (typeof value === 'object' && value !== null) {
    helpers.add('equal')
    return `${negated ? '!' : ''}toolcat$equal(${data}, ${json(value)})`
  }
  return `${data} ${negated ? '!==' : '==='} ${json(value)}`
}

/** The types a schema's `type` names (ajv's `getSchemaTypes`); anything else leaves the subset. */
export function typesOf(type: unknown): string[] {
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type]
  if (!types.every((name): name is string => typeof name === 'string' && TYPES.has(name))) throw UNSUPPORTED
  return types
}

/** ajv's test that `data` has a JSON type, numbers finite (`strictNumbers`). */
export function isType(type: string, data: string): string {
  switch (type) {
    case 'null':
      return `${data} === null`
    case 'array':
      return `Array.isArray(${data})`
    case 'object':
      return `(${data} && typeof ${data} == "object" && !Array.isArray(${data}))`
    case 'integer':
      return `(typeof ${data} == "number" && !(${data} % 1) && !isNaN(${data}) && isFinite(${data}))`
    case 'number':
      return `(typeof ${data} == "number" && isFinite(${data}))`
    default:
      return `typeof ${data} == ${json(type)}`
  }
}

/** Whether ajv writes no code for a subschema: `true`, `{}`, or only keywords without code. */
export function alwaysValid(schema: unknown): boolean {
  if (typeof schema === 'boolean') return schema
  if (!isRecord(schema)) throw UNSUPPORTED
  return Object.keys(schema).every((key) => INERT.has(key) || key === '$comment' || ((key === 'then' || key === 'else') && schema.if === undefined))
}

/** ajv's `hasRef`: whether a `$ref` (or a dynamic reference) occurs anywhere in a value. */
export function hasRef(schema: object): boolean {
  for (const key in schema) {
    if (REF_KEYWORDS.has(key)) return true
    const value = (schema as Record<string, unknown>)[key]
    if (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null && hasRef(item))) return true
    if (typeof value === 'object' && value !== null && hasRef(value)) return true
  }
  return false
}
const REF_KEYWORDS = new Set(['$ref', '$recursiveRef', '$recursiveAnchor', '$dynamicRef', '$dynamicAnchor'])

/** Whether `key` is a key of any object anywhere in a value. */
export function hasKey(value: unknown, key: string): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some((item) => hasKey(item, key))
  return Object.hasOwn(value, key) || Object.values(value).some((item) => hasKey(item, key))
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Property access code: `.name` for an identifier, else `["name"]`. */
export function member(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${json(name)}]`
}

/** `path + "<suffix>"`, merged into the literal when `path` ends in one. */
export function concat(path: string, suffix: string): string {
  return path.endsWith('"') ? `${path.slice(0, -1)}${json(suffix).slice(1)}` : `${path} + ${json(suffix)}`
}

/** A JSON value as JavaScript source. */
export function json(value: unknown): string {
  return JSON.stringify(value)
}
