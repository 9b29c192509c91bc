import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject, typesOf } from '../schema/json-schema.js'
import { forEachSubschema } from '../schema/rewrite.js'

/** Keywords that step one level deeper into the data a schema describes. */
const nestingKeywords = new Set(['properties', 'items', 'additionalProperties'])
/** Keywords followed in a path by a name (a property called "items" opens no level). */
const namedKeywords = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies'])

/** How deep a schema's objects nest (the root object is level 1) and how many properties it declares in all. */
export function schemaSize(schema: JsonSchema): { depth: number; properties: number } {
  let depth = 0
  let properties = 0
  forEachSubschema(schema, (node, path) => {
    if (!isSchemaObject(node.properties) && !typesOf(node)?.includes('object')) return
    depth = Math.max(depth, 1 + nestingSteps(path))
    properties += isSchemaObject(node.properties) ? Object.keys(node.properties).length : 0
  })
  return { depth, properties }
}

function nestingSteps(path: readonly string[]): number {
  let steps = 0
  for (let index = 0; index < path.length; index++) {
    const keyword = path[index] ?? ''
    if (nestingKeywords.has(keyword)) steps++
    if (namedKeywords.has(keyword)) index++
  }
  return steps
}
