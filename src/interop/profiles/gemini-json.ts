// Gemini `FunctionDeclaration.parametersJsonSchema`. Sources, read 2026-08:
// - googleapis/js-genai src/types.ts `FunctionDeclaration`: "Describes the parameters to the
//   function in JSON Schema format. The schema must describe an object where the properties are
//   the parameters to the function … mutually exclusive with `parameters`";
// - https://ai.google.dev/gemini-api/docs/structured-output#json-schema: the keywords Gemini reads
//   (type, title, description, enum, format, minimum, maximum, items, prefixItems, minItems,
//   maxItems, properties, required, additionalProperties, anyOf, $ref, $defs, $anchor, $id,
//   propertyOrdering) — recursion only through optional properties; others are accepted and
//   ignored ("minLength … goes from enforced to silently ignored", vercel/ai#18325), so they are
//   moved into the description here, where the model reads them.
import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject } from '../schema/json-schema.js'
import { pointer, rewriteSchema } from '../schema/rewrite.js'
import { requiredRecursion } from './gemini-recursion.js'
import { isolateRef, keepKeywords, oneOfAsAnyOf, singleAllOfAsAnyOf, type RewriteSite } from './keyword-rewrites.js'
import { mergeObjectAllOf, tupleAsPrefixItems } from './object-shapes.js'
import { flattenRootUnion } from './root-union.js'
import type { Warn } from './types.js'

/** The JSON Schema keywords Gemini documents for structured output and `parametersJsonSchema`. */
export const geminiJsonKeywords: ReadonlySet<string> = new Set([
  ...['type', 'title', 'description', 'enum', 'format', 'minimum', 'maximum'],
  ...['items', 'prefixItems', 'minItems', 'maxItems', 'properties', 'required', 'additionalProperties'],
  ...['anyOf', '$ref', '$defs', '$anchor', '$id', 'propertyOrdering'],
])
export const geminiJsonBase = '/parametersJsonSchema'
const base = geminiJsonBase

/** The schema cut down to Gemini's JSON Schema subset; recursion through required properties only is reported. */
export function geminiJsonSchema(parameters: JsonSchema, warn: Warn): JsonSchema {
  const root = definitionsAsDefs(flattenRootUnion(parameters, base, warn), warn)
  const schema = rewriteSchema(root, (node, path) => subsetNode(root, node, { base, path, warn }))
  for (const at of requiredRecursion(schema)) {
    warn(`${base}${at}`, 'recursion through required properties only: Gemini accepts recursion only through an optional property (and no finite value matches such a type)', 'note')
  }
  return schema
}

function subsetNode(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema {
  let next = oneOfAsAnyOf(root, singleAllOfAsAnyOf(node, site), site)
  next = mergeObjectAllOf(root, next, site) ?? next
  next = tupleAsPrefixItems(next, site)
  if ('const' in next) {
    site.warn(`${site.base}${pointer([...site.path, 'const'])}`, 'const rewritten as a one-value enum: Gemini reads enum, not const', 'cosmetic')
    const { const: constant, ...rest } = next
    next = { ...rest, enum: [constant] }
  }
  next = keepKeywords(next, geminiJsonKeywords, { ...site, provider: 'Gemini' })
  return isolateRef(next, site)
}

/** Renames draft-07 `definitions` to `$defs` (the keyword Gemini reads), references included. */
function definitionsAsDefs(root: JsonSchema, warn: Warn): JsonSchema {
  const { definitions, ...rest } = root
  if (!isSchemaObject(definitions) || rest.$defs !== undefined) return root
  warn(`${base}/definitions`, 'definitions renamed $defs, the keyword Gemini reads', 'cosmetic')
  const renamed = rewriteSchema({ ...rest, $defs: definitions }, (node) =>
    typeof node.$ref === 'string' && node.$ref.startsWith('#/definitions/') ? { ...node, $ref: `#/$defs/${node.$ref.slice('#/definitions/'.length)}` } : node,
  )
  return renamed
}
