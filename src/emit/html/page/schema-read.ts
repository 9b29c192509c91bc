import type { JsonSchema } from '../../../runtime/types.js'

/** A schema as the page reads it: any JSON Schema object (a `true` schema reads as `{}`). */
export type Schema = JsonSchema

/** Where a tool's `$defs` live, to resolve local `$ref`s against. */
export interface SchemaScope {
  readonly tool: string
  readonly defs: Readonly<Record<string, Schema>>
}

/** The scope of a tool's parameters or output: its root's `$defs` (and draft-07 `definitions`). */
export function scopeOf(tool: string, root: Schema | undefined): SchemaScope {
  const defs = { ...(asRecord(root?.definitions) ?? {}), ...(asRecord(root?.$defs) ?? {}) } as Record<string, Schema>
  return { tool, defs }
}

/** The name of the definition a local `$ref` points at, or `undefined`. */
export function refName(schema: Schema): string | undefined {
  const ref = schema.$ref
  if (typeof ref !== 'string') return undefined
  const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)
  return match ? decodeURIComponent((match[1] as string).replace(/~1/g, '/').replace(/~0/g, '~')) : undefined
}

/** Follows a local `$ref` (once; the caller recurses lazily, so recursive types stay finite). */
export function resolve(schema: Schema, scope: SchemaScope): Schema {
  const name = refName(schema)
  return name === undefined ? schema : (scope.defs[name] ?? {})
}

/** The element id of a definition's section: `<tool>.defs.<name>`, so a deep link lands on it. */
export function defAnchor(tool: string, name: string): string {
  return `${tool}.defs.${name}`
}

/** The branches of a union (`anyOf`, `oneOf`, or a list of `type`s), or `undefined`. */
export function unionBranches(schema: Schema): readonly Schema[] | undefined {
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (branches) return branches.map((branch) => asRecord(branch) ?? {})
  if (Array.isArray(schema.type) && schema.type.length > 1) {
    const { type, ...rest } = schema
    return (type as string[]).map((one) => ({ ...rest, type: one }))
  }
  return undefined
}

/** The properties of an object schema, in declaration order. */
export function propertiesOf(schema: Schema): [string, Schema][] {
  return Object.entries(asRecord(schema.properties) ?? {}).map(([name, value]) => [name, asRecord(value) ?? {}])
}

/** The names an object schema requires. */
export function requiredOf(schema: Schema): ReadonlySet<string> {
  return new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
}

/** The one `type` of a schema, when it names exactly one. */
export function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type
  if (Array.isArray(schema.type) && schema.type.length === 1) return schema.type[0] as string
  if (schema.properties !== undefined) return 'object'
  return undefined
}

/**
 * Whether a schema admits no value at all: `{ "not": {} }` (what `never` derives) or `false`. An
 * array of such items can only be empty, which is not what a schema without `type` (any) says.
 */
export function admitsNoValue(schema: unknown): boolean {
  if (schema === false) return true
  const not = asRecord(schema)?.not
  return not === true || (asRecord(not) !== undefined && Object.keys(asRecord(not) as object).length === 0)
}

/** A short label for a schema's type: `string (email)`, `Contact[]`, `"circle"`, `number | null`, `record of number`. */
export function typeLabel(schema: Schema, scope: SchemaScope): string {
  if (admitsNoValue(schema)) return 'never'
  const ref = refName(schema)
  if (ref !== undefined) return ref
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const branches = unionBranches(schema)
  if (branches) return branches.map((branch) => branchLabel(branch, scope)).join(' | ')
  const type = typeOf(schema)
  if (type === 'array') {
    if (Array.isArray(schema.items)) return `[${schema.items.map((item) => typeLabel(asRecord(item) ?? {}, scope)).join(', ')}]`
    const items = schema.items === false ? { not: {} } : asRecord(schema.items)
    if (items === undefined) return 'array'
    const label = typeLabel(items, scope)
    return /[| ]/.test(label) ? `(${label})[]` : `${label}[]`
  }
  if (type === 'object' && schema.properties === undefined && asRecord(schema.additionalProperties) !== undefined) {
    return `record of ${typeLabel(asRecord(schema.additionalProperties) ?? {}, scope)}`
  }
  if (type === undefined) return 'any'
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type
}

/** How a union branch is named: its title, its tag (a required property with a `const`), or its type. */
export function branchLabel(branch: Schema, scope: SchemaScope): string {
  if (typeof branch.title === 'string') return branch.title
  const resolved = resolve(branch, scope)
  const tag = propertiesOf(resolved).find(([name, property]) => requiredOf(resolved).has(name) && 'const' in property)
  if (tag) return `${tag[0]}: ${JSON.stringify(tag[1].const)}`
  const ref = refName(branch)
  if (ref !== undefined) return ref
  if (typeOf(branch) === 'object') return `{ ${propertiesOf(branch).map(([name]) => name).join(', ')} }`
  return typeLabel(branch, scope)
}

/** The constraints of a schema as `keyword text` pairs for display, e.g. `["min length", "5"]`. */
export function constraintsOf(schema: Schema): [string, string][] {
  const shown: [string, string][] = []
  const keywords: [string, string][] = [
    ['minimum', '≥'], ['exclusiveMinimum', '>'], ['maximum', '≤'], ['exclusiveMaximum', '<'], ['multipleOf', 'multiple of'],
    ['minLength', 'min length'], ['maxLength', 'max length'], ['pattern', 'pattern'], ['minItems', 'min items'], ['maxItems', 'max items'],
    ['uniqueItems', 'unique items'], ['minProperties', 'min properties'], ['maxProperties', 'max properties'],
  ]
  for (const [keyword, label] of keywords) {
    const value = schema[keyword]
    if (value === undefined || value === false) continue
    shown.push([label, value === true ? '' : typeof value === 'string' ? value : JSON.stringify(value)])
  }
  return shown
}

/** A value as an object record, or `undefined` when it is not a plain object. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
