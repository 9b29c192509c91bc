import deepEqual from 'fast-deep-equal'
import type { JsonSchema } from '../../runtime/types.js'
import { derefSchema, isSchemaObject, propertiesOf, requiredOf, typesOf } from '../schema/json-schema.js'
import { forEachSubschema } from '../schema/rewrite.js'
import { withDescription } from './describe-dropped.js'
import { annotationKeywords, isObjectShape } from './object-shapes.js'
import type { Warn } from './types.js'

/** Keywords a union root may carry beside its branches. */
const rootKeywords = new Set(['type', 'anyOf', 'oneOf', '$defs', 'definitions', '$schema', ...annotationKeywords])
/** Keywords an object branch may carry for a merge to understand it. */
const branchKeywords = new Set(['type', 'properties', 'required', 'additionalProperties', ...annotationKeywords])

/**
 * Makes a root union of objects (`{ type: "object", anyOf: [A, B] }`, how the analyzer writes a
 * parameter type that is a union) a plain object root, which OpenAI, Anthropic and Gemini require
 * (they refuse `anyOf` at the top level). Exact when it can be: one branch is the root itself;
 * branches that differ in one property only become one object with that property's alternatives.
 * Otherwise the branches are flattened into one object (a property of several branches takes their
 * alternatives, only the properties every branch requires stay required) and the forms are spelled
 * in the description: a lossy change, since the model may then mix the forms.
 */
export function flattenRootUnion(parameters: JsonSchema, base: string, warn: Warn): JsonSchema {
  const keyword = Array.isArray(parameters.anyOf) ? 'anyOf' : Array.isArray(parameters.oneOf) ? 'oneOf' : undefined
  if (keyword === undefined) return parameters
  const at = `${base}/${keyword}`
  const branches = (parameters[keyword] as unknown[]).map((branch) => objectBranch(parameters, branch))
  const { [keyword]: _union, type: _type, ...kept } = parameters
  const outer = Object.keys(parameters).every((name) => rootKeywords.has(name)) && (parameters.type === undefined || parameters.type === 'object')
  if (!outer || branches.some((branch) => branch === undefined)) {
    warn(at, `root ${keyword} is not a union of plain objects: the provider needs one object root, and no object says the same`, 'lossy')
    return { ...kept, type: 'object' }
  }
  const objects = branches as JsonSchema[]
  if (objects.length === 1) {
    warn(at, `one-branch root ${keyword} replaced by its branch`, 'cosmetic')
    return withoutUnusedDefinitions({ ...kept, ...objectOnly(objects[0]!) })
  }
  const merged = mergeAlongOneProperty(objects)
  if (merged !== undefined) {
    warn(at, `root union of ${objects.length} objects that differ in "${merged.name}" only: one object whose "${merged.name}" takes each branch's value`, 'cosmetic')
    return withoutUnusedDefinitions({ ...kept, ...merged.schema })
  }
  warn(at, `root union of ${objects.length} object forms flattened into one object: the model may mix the forms (the description lists them)`, 'lossy')
  const flat = withDescription({ ...kept, ...flatten(objects) }, [`send the arguments of exactly one of these forms: ${objects.map(formOf).join(' | ')}`])
  return withoutUnusedDefinitions(flat)
}

/** Drops the definitions only the replaced branches referenced (a branch inlined leaves its `$defs` entry unused). */
function withoutUnusedDefinitions(root: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = { ...root }
  for (const keyword of ['$defs', 'definitions'] as const) {
    const defs = root[keyword]
    if (!isSchemaObject(defs)) continue
    const { [keyword]: _defs, ...body } = out
    const used = new Set<string>()
    const pending = refsIn(body)
    while (pending.length > 0) {
      const ref = pending.pop()!
      const prefix = `#/${keyword}/`
      if (!ref.startsWith(prefix)) continue
      const name = decodeURIComponent(ref.slice(prefix.length).split('/')[0] ?? '').replaceAll('~1', '/').replaceAll('~0', '~')
      if (used.has(name) || !isSchemaObject(defs[name])) continue
      used.add(name)
      pending.push(...refsIn(defs[name]))
    }
    const kept = Object.fromEntries(Object.entries(defs).filter(([name]) => used.has(name)))
    if (Object.keys(kept).length > 0) out[keyword] = kept
    else delete out[keyword]
  }
  return out
}

function refsIn(schema: JsonSchema): string[] {
  const refs: string[] = []
  forEachSubschema(schema, (node) => {
    if (typeof node.$ref === 'string') refs.push(node.$ref)
  })
  return refs
}

function objectBranch(root: JsonSchema, branch: unknown): JsonSchema | undefined {
  if (!isSchemaObject(branch)) return undefined
  const node = derefSchema(root, branch)
  const types = typesOf(node)
  const onlyObject = types === undefined ? isObjectShape(node) : types.length === 1 && types[0] === 'object'
  return onlyObject && Object.keys(node).every((name) => branchKeywords.has(name)) ? node : undefined
}

function objectOnly(branch: JsonSchema): JsonSchema {
  return { ...branch, type: 'object' }
}

/** The one object equal to the union when the branches agree everywhere but in one property. */
function mergeAlongOneProperty(branches: readonly JsonSchema[]): { name: string; schema: JsonSchema } | undefined {
  const [first, ...others] = branches as [JsonSchema, ...JsonSchema[]]
  const names = Object.keys(propertiesOf(first)).sort()
  const sameShape = (branch: JsonSchema): boolean =>
    deepEqual(Object.keys(propertiesOf(branch)).sort(), names) &&
    deepEqual([...requiredOf(branch)].sort(), [...requiredOf(first)].sort()) &&
    branch.additionalProperties === first.additionalProperties
  if (!others.every(sameShape)) return undefined
  const differing = names.filter((name) => others.some((branch) => !deepEqual(propertiesOf(branch)[name], propertiesOf(first)[name])))
  if (differing.length !== 1) return undefined
  const name = differing[0]!
  const alternatives = distinct(branches.map((branch) => propertiesOf(branch)[name]!))
  // Literal discriminators (`mode: "fast" | "safe"`) read best as one enum.
  const literals = alternatives.every((schema) => Object.keys(schema).length === 1 && 'const' in schema)
  const properties = { ...propertiesOf(first), [name]: literals ? { enum: alternatives.map((schema) => schema.const) } : { anyOf: alternatives } }
  const { title: _title, description: _description, ...shape } = first
  return { name, schema: { ...shape, type: 'object', properties } }
}

/** One object accepting every branch: properties side by side, required only where all require. */
function flatten(branches: readonly JsonSchema[]): JsonSchema {
  const byName = new Map<string, JsonSchema[]>()
  for (const branch of branches) {
    for (const [name, schema] of Object.entries(propertiesOf(branch))) byName.set(name, [...(byName.get(name) ?? []), schema])
  }
  const properties = Object.fromEntries([...byName].map(([name, schemas]) => {
    const alternatives = distinct(schemas)
    return [name, alternatives.length === 1 ? alternatives[0]! : { anyOf: alternatives }]
  }))
  const required = [...byName.keys()].filter((name) => branches.every((branch) => requiredOf(branch).includes(name)))
  const closed = branches.every((branch) => branch.additionalProperties === false)
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...(closed ? { additionalProperties: false } : {}) }
}

function distinct(schemas: readonly JsonSchema[]): JsonSchema[] {
  const out: JsonSchema[] = []
  for (const schema of schemas) if (!out.some((seen) => deepEqual(seen, schema))) out.push(schema)
  return out
}

/** A form as a model reads it: `{ kind: "refund", amount, reason? }`. */
function formOf(branch: JsonSchema): string {
  const required = new Set(requiredOf(branch))
  const members = Object.entries(propertiesOf(branch)).map(([name, schema]) => {
    const literal = 'const' in schema ? `: ${JSON.stringify(schema.const)}` : Array.isArray(schema.enum) && schema.enum.length === 1 ? `: ${JSON.stringify(schema.enum[0])}` : ''
    return `${name}${required.has(name) ? '' : '?'}${literal}`
  })
  return `{ ${members.join(', ')} }`
}
