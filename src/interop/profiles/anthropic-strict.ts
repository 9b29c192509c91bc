// Anthropic strict tool use (`strict: true`). Sources, read 2026-08:
// - https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use and
//   https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
//   (every object `additionalProperties: false`, no recursive schemas, no numeric or string-length
//   constraints, `minItems` 0 or 1 only, a short list of formats);
// - anthropics/anthropic-sdk-typescript src/lib/transform-json-schema.ts `transformJSONSchema`,
//   the SDK's own strict transform: it keeps `$ref`, `$defs`, `type`, `anyOf` (`oneOf` read as
//   `anyOf`), `allOf`, `description`, `title`, `properties`, `required`, `items`, the formats of
//   SUPPORTED_STRING_FORMATS, `minItems` 0 or 1; it sets `additionalProperties: false` and appends
//   everything else to the description as `{key: value}` (here in words, one phrase per keyword).
//   `enum` and `const` are kept, as the documentation lists them supported.
import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject } from '../schema/json-schema.js'
import { forEachSubschema, rewriteSchema } from '../schema/rewrite.js'
import { isolateRef, keepFormats, keepKeywords, oneOfAsAnyOf, type RewriteSite } from './keyword-rewrites.js'
import { closeOpenObject, dropObjectUnionType, isObjectShape, mergeObjectAllOf, tupleAsUnionItems } from './object-shapes.js'
import { flattenRootUnion } from './root-union.js'
import type { Warn } from './types.js'

const allowed = new Set([
  ...['$ref', '$defs', 'definitions', 'type', 'anyOf', 'allOf', 'description', 'title'],
  ...['properties', 'required', 'additionalProperties', 'enum', 'const', 'format', 'items', 'minItems'],
])
const formats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'])
const base = '/input_schema'

/**
 * The strict-mode copy of an input schema, or undefined when the schema is recursive (strict tool
 * use does not support recursion; the caller then keeps a non-strict entry). Optional properties
 * stay optional: Anthropic's strict mode, unlike OpenAI's, accepts them.
 */
export function strictInputSchema(parameters: JsonSchema, warn: Warn): JsonSchema | undefined {
  if (isRecursive(parameters)) return undefined
  const root = flattenRootUnion(parameters, base, warn)
  return rewriteSchema(root, (node, path) => strictNode(root, node, { base, path, warn }))
}

function strictNode(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema {
  let next = oneOfAsAnyOf(root, node, site)
  next = mergeObjectAllOf(root, next, site) ?? next
  next = tupleAsUnionItems(next, site, 'strict tool use')
  // minItems above 1 is a constraint strict tool use drops: written into the description.
  const minItems = typeof next.minItems === 'number' && next.minItems > 1 ? next.minItems : undefined
  next = keepKeywords(next, minItems === undefined ? allowed : withoutMinItems, { ...site, provider: 'Anthropic strict tool use' })
  next = keepFormats(next, formats, site, 'strict tool use')
  next = isolateRef(next, site)
  next = dropObjectUnionType(root, next, site)
  return isObjectShape(next) ? closeOpenObject(next, site, 'strict tool use') : next
}

const withoutMinItems = new Set([...allowed].filter((keyword) => keyword !== 'minItems'))

/** Whether some `$ref` leads back to a schema it is inside of (the root or a definition). */
export function isRecursive(root: JsonSchema): boolean {
  const edges = new Map<string, Set<string>>()
  const scan = (schema: JsonSchema, from: string) => {
    const targets = new Set<string>()
    forEachSubschema(schema, (node) => {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) targets.add(node.$ref)
    })
    edges.set(from, targets)
  }
  const { $defs, definitions, ...top } = root
  scan(top, '#')
  for (const [keyword, defs] of [['$defs', $defs], ['definitions', definitions]] as const) {
    if (!isSchemaObject(defs)) continue
    for (const [name, schema] of Object.entries(defs)) if (isSchemaObject(schema)) scan(schema, `#/${keyword}/${name}`)
  }
  const reaches = (from: string, target: string, seen: Set<string>): boolean =>
    [...(edges.get(from) ?? [])].some((next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))))
  return [...edges.keys()].some((ref) => reaches(ref, ref, new Set()))
}
