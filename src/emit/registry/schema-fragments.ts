import type { SchemaText } from '../../runtime/lazy/types.js'
import { takeCensus } from './subschema-census.js'

/** Schemas as JSON text in pieces, with the subschema texts they share stored once in `fragments`. */
export interface SharedSchemaTexts {
  /** Fragment texts, in order of first occurrence; a fragment may reference others. */
  readonly fragments: readonly SchemaText[]
  /** One entry per input schema, in input order. */
  readonly schemas: readonly SchemaText[]
}

/** Shorter subschema texts cost more as a reference and a join than they save. */
const minimumLength = 64

type Pieces = (string | number)[]

/**
 * Encodes JSON values (schemas: no `undefined`, functions or `toJSON`) so that joining each
 * schema's pieces, with fragment indices replaced by their joined fragments, gives exactly its
 * `JSON.stringify`. An object or array whose text is at least 64 characters and occurs in two
 * places or more is stored once, as a fragment. With nothing repeated, each schema is one string.
 */
export function shareSchemaTexts(values: readonly unknown[]): SharedSchemaTexts {
  const { idOf, shared, mixed } = takeCensus(values, minimumLength)
  const fragments: SchemaText[] = []
  const indices = new Map<number, number>()
  const encode = (value: unknown, pieces: Pieces): void => {
    // A shared subschema becomes a reference; a subtree holding none is plain JSON text.
    if (typeof value !== 'object' || value === null) return append(pieces, JSON.stringify(value))
    const id = idOf.get(value) ?? -1
    if (!shared.has(id)) return mixed.has(value) ? encodeBody(value, pieces) : append(pieces, JSON.stringify(value))
    let index = indices.get(id)
    if (index === undefined) {
      index = fragments.push('') - 1
      indices.set(id, index)
      fragments[index] = collapse(value, encodeBody)
    }
    pieces.push(index)
  }
  const encodeBody = (value: object, pieces: Pieces): void => {
    const array = Array.isArray(value)
    append(pieces, array ? '[' : '{')
    Object.keys(value).forEach((name, position) => {
      append(pieces, `${position > 0 ? ',' : ''}${array ? '' : `${JSON.stringify(name)}:`}`)
      encode((value as Record<string, unknown>)[name], pieces)
    })
    append(pieces, array ? ']' : '}')
  }
  return { fragments, schemas: values.map((value) => collapse(value, encode)) }
}

/** Encodes one value into pieces: a single string when it references no fragment. */
function collapse<T>(value: T, encode: (value: T, pieces: Pieces) => void): SchemaText {
  const pieces: Pieces = []
  encode(value, pieces)
  return pieces.length === 1 && typeof pieces[0] === 'string' ? pieces[0] : pieces
}

/** Appends text, merging it into a preceding text piece. */
function append(pieces: Pieces, text: string): void {
  const last = pieces.length - 1
  if (typeof pieces[last] === 'string') pieces[last] += text
  else pieces.push(text)
}
