import type { JsonSchema } from '../types.js'
import type { FragmentTable, LazyToolEntry, LazyToolIndexEntry, SchemaText } from './types.js'

/**
 * Joins schema texts against one registry's table of shared fragments. Each fragment is joined
 * once, on the first schema that needs it, so a registry that lists but never reads a schema joins
 * nothing, and a table given as a function is not even built.
 */
export function fragmentJoiner(fragments: FragmentTable): (text: SchemaText) => string {
  let table: readonly SchemaText[] | undefined
  const joined: (string | undefined)[] = []
  const fragment = (index: number): string => {
    const known = joined[index]
    if (known !== undefined) return known
    table ??= typeof fragments === 'function' ? fragments() : fragments
    const text = table[index]
    if (text === undefined) throw new RangeError(`schema fragment ${index} is not in the registry's table`)
    return (joined[index] = join(text))
  }
  const join = (text: SchemaText): string =>
    typeof text === 'string' ? text : text.map((piece) => (typeof piece === 'string' ? piece : fragment(piece))).join('')
  return join
}

/**
 * Reads an entry's parameter schema: an index entry's text is joined and parsed on each call, so
 * the caller memoises it. Each tool parses its own text, so no two tools' schemas share an object
 * even where their texts share fragments.
 */
export function readSchema(entry: LazyToolEntry | LazyToolIndexEntry, join: (text: SchemaText) => string): JsonSchema {
  return 'parameters' in entry ? (JSON.parse(join(entry.parameters)) as JsonSchema) : entry.definition.parameters
}
