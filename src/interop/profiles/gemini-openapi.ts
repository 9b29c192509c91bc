// Gemini `FunctionDeclaration.parameters`: the OpenAPI 3.0 subset `Schema`. Sources, read 2026-08:
// - googleapis/js-genai src/types.ts `Schema`: the fields anyOf, default, description, enum
//   (strings), example, format, items, maxItems, maxLength, maxProperties, maximum, minItems,
//   minLength, minProperties, minimum, nullable, pattern, properties, propertyOrdering, required,
//   title, type — no $ref, no additionalProperties, no const, no tuples;
// - js-genai src/_transformers.ts `processJsonSchema`: `type` arrays become `anyOf`/`nullable`,
//   a `{ type: "null" }` branch becomes `nullable`, "type and anyOf cannot be both populated",
//   types are upper-case, additionalProperties is skipped;
// - the field is a protocol buffer: an unknown keyword fails the whole request with "Unknown name
//   … Cannot find field" (google/generative-ai-docs#210, Mirrowel/LLM-API-Key-Proxy#86).
import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject, resolveLocalRef, typesOf } from '../schema/json-schema.js'
import { pointer, type SchemaPath } from '../schema/rewrite.js'
import { droppedPhrase, withDescription } from './describe-dropped.js'
import { isRecordSchema } from './object-shapes.js'
import type { Warn } from './types.js'

/** Fields of `Schema` copied as they are. */
const plainFields = new Set(['title', 'description', 'format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'default', 'required', 'propertyOrdering'])
/** Keywords that `Schema` keeps and `parametersJsonSchema` would move into the description. */
export const keptOnlyByOpenApi: ReadonlySet<string> = new Set(['pattern', 'minLength', 'maxLength', 'minProperties', 'maxProperties', 'default', 'examples'])
/** Keywords taken apart by the conversion itself. */
const structural = new Set(['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref', '$defs', 'definitions', 'additionalProperties', 'examples'])
const base = '/parameters'

interface Walk {
  readonly root: JsonSchema
  readonly warn: Warn
  /** The `$ref`s being expanded, to tell recursion. */
  readonly expanding: readonly string[]
}

/** The parameter schema as a Gemini `Schema`; every change is reported through `warn`. */
export function geminiOpenApiSchema(parameters: JsonSchema, warn: Warn): JsonSchema {
  return convert(parameters, [], { root: parameters, warn, expanding: [] })
}

function convert(node: JsonSchema, path: SchemaPath, walk: Walk): JsonSchema {
  const at = (...more: string[]) => `${base}${pointer([...path, ...more])}`
  if (typeof node.$ref === 'string') return expandRef(node, path, walk)
  if (Array.isArray(node.allOf)) return convertAllOf(node, path, walk)
  const out: Record<string, unknown> = {}
  const described: string[] = []
  for (const [keyword, value] of Object.entries(node)) {
    if (plainFields.has(keyword)) out[keyword] = value
    else if (!structural.has(keyword)) {
      const phrase = droppedPhrase(keyword, value)
      if (phrase !== undefined) described.push(phrase)
      walk.warn(at(keyword), `${keyword} removed (not a field of Gemini's Schema)${phrase === undefined ? '' : `; the description says "${phrase}"`}`, phrase === undefined ? 'cosmetic' : 'described')
    }
  }
  if (Array.isArray(node.examples) && node.examples.length > 0) out.example = node.examples[0]
  Object.assign(out, typeOf(node, path, walk))
  const literals = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined
  if (literals !== undefined) {
    if (literals.every((value) => typeof value === 'string')) out.enum = literals
    else walk.warn(at('const' in node ? 'const' : 'enum'), 'non-string literals: Gemini\'s Schema enum holds strings only', 'lossy')
    if ('const' in node) walk.warn(at('const'), 'const rewritten as a one-value enum', 'cosmetic')
    out.type ??= 'STRING'
  }
  const union = node.anyOf ?? node.oneOf
  if (Array.isArray(union)) {
    const converted = convertUnion(union, node.anyOf === undefined ? 'oneOf' : 'anyOf', path, walk)
    // "type and anyOf cannot be both populated": the branches carry the types.
    if (out.type !== undefined && converted.anyOf !== undefined) {
      if (isSchemaObject(node.properties)) walk.warn(at('anyOf'), 'a union beside properties of its own: Gemini\'s Schema cannot say it', 'lossy')
      delete out.type
    }
    Object.assign(out, converted)
  }
  if (isSchemaObject(node.properties) || (out.type === 'OBJECT' && out.anyOf === undefined)) Object.assign(out, convertObject(node, path, walk))
  if (isSchemaObject(node.items)) out.items = convert(node.items, [...path, 'items'], walk)
  else if (Array.isArray(node.items)) walk.warn(at('items'), 'tuple: Gemini\'s Schema has no per-position items', 'lossy')
  if (out.type === undefined && out.anyOf === undefined) walk.warn(at(), 'a value of any type: Gemini\'s Schema needs a type', 'lossy')
  // `type` first, as people write a Schema.
  const { type, ...others } = out
  return withDescription(type === undefined ? others : { type, ...others }, described)
}

function expandRef(node: JsonSchema, path: SchemaPath, walk: Walk): JsonSchema {
  const ref = node.$ref as string
  const at = `${base}${pointer([...path, '$ref'])}`
  const target = resolveLocalRef(walk.root, ref)
  if (target === undefined || walk.expanding.includes(ref)) {
    walk.warn(at, target === undefined ? `$ref "${ref}" does not resolve` : `recursive $ref "${ref}": Gemini's Schema has no references`, 'lossy')
    return { type: 'OBJECT' }
  }
  walk.warn(at, `$ref "${ref}" expanded in place: Gemini's Schema has no references`, 'cosmetic')
  const { $ref: _ref, ...siblings } = node
  return convert({ ...target, ...siblings }, path, { ...walk, expanding: [...walk.expanding, ref] })
}

function convertAllOf(node: JsonSchema, path: SchemaPath, walk: Walk): JsonSchema {
  const { allOf, ...rest } = node
  const branches = (allOf as unknown[]).filter(isSchemaObject)
  if (branches.length !== 1) {
    walk.warn(`${base}${pointer([...path, 'allOf'])}`, 'allOf: Gemini\'s Schema has no intersections', 'lossy')
    return convert(rest, path, walk)
  }
  walk.warn(`${base}${pointer([...path, 'allOf'])}`, 'one-branch allOf merged into its schema', 'cosmetic')
  const [branch] = branches as [JsonSchema]
  const resolved = typeof branch.$ref === 'string' ? resolveLocalRef(walk.root, branch.$ref) : branch
  if (resolved === undefined || (typeof branch.$ref === 'string' && walk.expanding.includes(branch.$ref))) return convert({ ...rest, ...branch }, path, walk)
  const expanding = typeof branch.$ref === 'string' ? [...walk.expanding, branch.$ref] : walk.expanding
  return convert({ ...resolved, ...rest }, path, { ...walk, expanding })
}

/** `type`, upper-case; `null` among the types becomes `nullable`, several types an `anyOf`. */
function typeOf(node: JsonSchema, path: SchemaPath, walk: Walk): Record<string, unknown> {
  const types = typesOf(node)
  if (types === undefined) return {}
  const nullable = types.includes('null')
  const rest = types.filter((type) => type !== 'null').map((type) => type.toUpperCase())
  if (nullable || rest.length > 1) walk.warn(`${base}${pointer([...path, 'type'])}`, 'type list rewritten with nullable and anyOf', 'cosmetic')
  const flag = nullable ? { nullable: true } : {}
  if (rest.length === 1) return { type: rest[0], ...flag }
  if (rest.length === 0) {
    walk.warn(`${base}${pointer([...path, 'type'])}`, 'null as the only type: Gemini\'s Schema cannot say it', 'lossy')
    return flag
  }
  return { anyOf: rest.map((type) => ({ type })), ...flag }
}

function convertUnion(union: unknown[], keyword: string, path: SchemaPath, walk: Walk): Record<string, unknown> {
  const branches = union.filter(isSchemaObject)
  const nullable = branches.some((branch) => branch.type === 'null')
  const kept = branches.map((branch, index) => [branch, index] as const).filter(([branch]) => branch.type !== 'null')
  const anyOf = kept.map(([branch, index]) => convert(branch, [...path, keyword, String(index)], walk))
  if (keyword === 'oneOf') walk.warn(`${base}${pointer([...path, keyword])}`, 'oneOf rewritten as anyOf', 'cosmetic')
  return { ...(anyOf.length === 1 ? anyOf[0] : { anyOf }), ...(nullable ? { nullable: true } : {}) }
}

function convertObject(node: JsonSchema, path: SchemaPath, walk: Walk): Record<string, unknown> {
  const at = `${base}${pointer([...path, 'additionalProperties'])}`
  if (isRecordSchema(node)) walk.warn(at, 'a record of arbitrary keys: Gemini\'s Schema cannot say it', 'lossy')
  else if (node.additionalProperties === false) walk.warn(at, 'additionalProperties removed: not a field of Gemini\'s Schema (the registry drops undeclared keys anyway)', 'cosmetic')
  const properties = isSchemaObject(node.properties) ? node.properties : {}
  const converted = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, isSchemaObject(schema) ? convert(schema, [...path, 'properties', name], walk) : {}]),
  )
  return { type: 'OBJECT', properties: converted }
}
