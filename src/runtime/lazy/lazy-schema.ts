import type { JsonSchema } from '../types.js'
import type { FragmentTable, LazyToolEntry, LazyToolIndexEntry, SchemaText } from './types.js'

/** Marks a fragment reference inside a packed table's entry: `\u0001<index>\u0001` (JSON text never holds a raw U+0001). */
export const packedReference = '\u0001'

/**
 * Joins schema texts against one registry's table of shared fragments. Each fragment is joined
 * once, on the first schema that needs it, so a registry that lists but never reads a schema joins
 * nothing, and a table given as a function is not even built. A packed table (one string) is
 * decoded an entry at a time: reading one schema of thousands touches only the entries it uses.
 */
export function fragmentJoiner(fragments: FragmentTable): (text: SchemaText) => string {
  let table: ((index: number) => SchemaText | undefined) | undefined
  const joined: (string | undefined)[] = []
  const fragment = (index: number): string => {
    const known = joined[index]
    if (known !== undefined) return known
    table ??= tableReader(fragments)
    const text = table(index)
    if (text === undefined) throw new RangeError(`schema fragment ${index} is not in the registry's table`)
    return (joined[index] = join(text))
  }
  const join = (text: SchemaText): string =>
    typeof text === 'string' ? text : typeof text === 'number' ? fragment(text) : text.map((piece) => (typeof piece === 'string' ? piece : fragment(piece))).join('')
  return join
}

/** Reads entries of a table, whichever form it was given in. */
function tableReader(fragments: FragmentTable): (index: number) => SchemaText | undefined {
  if (typeof fragments === 'string') return packedReader(fragments)
  const table = typeof fragments === 'function' ? fragments() : fragments
  return (index) => table[index]
}

/** Starts a packed table whose first line is its token dictionary: a JSON array of tokens. */
export const dictionaryMarker = '\u0002'

/**
 * The characters that stand for a packed table's tokens, the dictionary's first token first: none
 * occurs in JSON text outside its strings (nor is a quote or backslash of the literal holding it).
 */
export const tokenCodes = 'ABCDFGHIJKLMNOPQRSTUVWXYZbcdghijkmopqvwxyz!#$%&()*/;<=>?@^_|~`'

/** A JSON string (left as it is) or a token's code. */
const codedToken = /"(?:[^"\\]|\\.)*"|[A-DF-Zb-dg-kmo-qv-z!#$%&()*/;<=>?@^_|~`]/g

/**
 * A packed table holds its entries one a line; an entry is JSON text with fragment references
 * written `\u0001<index>\u0001`. Line starts are found once, with `indexOf`, which scans far faster
 * than the engine compiles the same entries as an array literal of thousands of strings. A table
 * starting with `dictionaryMarker` writes its most repeated tokens (keys with their colon, string
 * values, literals) as one character each, outside JSON strings: the engine scans the registry's
 * source at start-up at a cost proportional to its length, and an entry is expanded only when read.
 */
function packedReader(packed: string): (index: number) => SchemaText | undefined {
  let tokens: readonly string[] = []
  let body = packed
  if (packed.startsWith(dictionaryMarker)) {
    const end = packed.indexOf('\n')
    tokens = JSON.parse(packed.slice(dictionaryMarker.length, end)) as string[]
    body = packed.slice(end + 1)
  }
  const expand = (match: string): string => (match.length > 1 ? match : (tokens[tokenCodes.indexOf(match)] ?? match))
  const starts = [0]
  for (let at = body.indexOf('\n'); at !== -1; at = body.indexOf('\n', at + 1)) starts.push(at + 1)
  return (index) => {
    const start = starts[index]
    if (start === undefined) return undefined
    const coded = body.slice(start, (starts[index + 1] ?? body.length + 1) - 1)
    const line = tokens.length === 0 ? coded : coded.replace(codedToken, expand)
    if (!line.includes(packedReference)) return line
    return line.split(packedReference).map((piece, at) => (at % 2 === 1 ? Number(piece) : piece))
  }
}

/**
 * Reads an entry's parameter schema: an index entry's text is joined and parsed on each call, so
 * the caller memoises it. Each tool parses its own text, so no two tools' schemas share an object
 * even where their texts share fragments.
 */
export function readSchema(entry: LazyToolEntry | LazyToolIndexEntry, join: (text: SchemaText) => string): JsonSchema {
  return 'parameters' in entry ? (JSON.parse(join(entry.parameters)) as JsonSchema) : entry.definition.parameters
}
