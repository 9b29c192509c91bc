import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject, propertiesOf, requiredOf, resolveLocalRef } from '../schema/json-schema.js'
import { pointer } from '../schema/rewrite.js'

/**
 * The `$ref`s that close a recursion through required properties only. Gemini accepts a recursive
 * schema only when every cycle passes through an optional property (the model can stop there);
 * returns the JSON Pointer of each offending `$ref`.
 */
export function requiredRecursion(root: JsonSchema): string[] {
  const found = new Set<string>()
  const targets: [string, JsonSchema][] = [['#', root]]
  for (const keyword of ['$defs', 'definitions']) {
    const defs = root[keyword]
    if (!isSchemaObject(defs)) continue
    for (const [name, schema] of Object.entries(defs)) if (isSchemaObject(schema)) targets.push([`#${pointer([keyword, name])}`, schema])
  }
  for (const [ref, schema] of targets) {
    for (const at of refsThroughRequired(root, schema, ref)) found.add(at)
  }
  return [...found].sort()
}

/** Follows required properties (and `$ref`s) from `start`; returns where `target` is referenced again. */
function refsThroughRequired(root: JsonSchema, start: JsonSchema, target: string): string[] {
  const hits: string[] = []
  const visited = new Set<JsonSchema>()
  const pending: [JsonSchema, string][] = [[start, target === '#' ? '' : target.slice(1)]]
  while (pending.length > 0) {
    const [node, at] = pending.pop()!
    if (visited.has(node)) continue
    visited.add(node)
    if (typeof node.$ref === 'string') {
      if (node.$ref === target) hits.push(`${at}/$ref`)
      const next = resolveLocalRef(root, node.$ref)
      if (next) pending.push([next, node.$ref.slice(1)])
      continue
    }
    const properties = propertiesOf(node)
    for (const name of requiredOf(node)) {
      const child = properties[name]
      if (child) pending.push([child, `${at}${pointer(['properties', name])}`])
    }
  }
  return hits
}
