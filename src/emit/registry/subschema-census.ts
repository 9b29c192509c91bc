/** Which objects and arrays of some JSON values repeat, by content: what `shareSchemaTexts` shares. */
export interface SubschemaCensus {
  /** The content id of every object and array: equal JSON texts, equal ids. */
  readonly idOf: ReadonlyMap<object, number>
  /** Ids worth sharing: long enough, and occurring twice or more outside each other. */
  readonly shared: ReadonlySet<number>
  /** Objects and arrays holding a shared one somewhere inside: the only ones whose text is split. */
  readonly mixed: ReadonlySet<object>
}

/**
 * Counts the repeated objects and arrays of JSON values (no `undefined`, functions or `toJSON`)
 * whose text is at least `minimumLength` characters. Occurrences inside a repeated one count once,
 * so a subschema repeated only within one shared subschema is not shared on its own.
 */
export function takeCensus(values: readonly unknown[], minimumLength: number): SubschemaCensus {
  // Hash-consing, bottom-up: a container's identity is its children's ids and its text length is
  // summed from theirs, so no subtree's text is built or hashed more than once.
  const ids = new Map<string, number>()
  const lengths: number[] = []
  const idOf = new Map<object, number>()
  const everywhere = new Map<number, number>()
  const labels = new Map<string, { readonly id: number; readonly length: number }>()
  const intern = (key: string, length: number): number => {
    let id = ids.get(key)
    if (id === undefined) {
      id = lengths.push(length) - 1
      ids.set(key, id)
    }
    return id
  }
  // Primitives by value, one table per type (the string "1" is not the number 1): most of a
  // schema's leaves repeat ("string", true), and stringifying each occurrence cost a third of the census.
  const primitives = { string: new Map<unknown, number>(), number: new Map<unknown, number>(), other: new Map<unknown, number>() }
  const measure = (value: unknown): number => {
    if (typeof value !== 'object' || value === null) {
      const table = typeof value === 'string' ? primitives.string : typeof value === 'number' ? primitives.number : primitives.other
      let id = table.get(value)
      if (id === undefined) {
        const text = JSON.stringify(value)
        id = intern(text, text.length)
        table.set(value, id)
      }
      return id
    }
    const array = Array.isArray(value)
    let key = array ? '[' : '{'
    let length = 1
    for (const name of Object.keys(value)) {
      const id = measure((value as Record<string, unknown>)[name])
      if (array) {
        length += 1 + (lengths[id] ?? 0)
        key += `${id},`
        continue
      }
      // A key names each property by a number: shorter keys hash faster than the names' JSON.
      let label = labels.get(name)
      if (label === undefined) labels.set(name, (label = { id: labels.size, length: JSON.stringify(name).length + 1 }))
      length += 1 + label.length + (lengths[id] ?? 0)
      key += `${label.id}:${id},`
    }
    const id = intern(key, Math.max(length, 2))
    idOf.set(value, id)
    if ((lengths[id] ?? 0) >= minimumLength) everywhere.set(id, (everywhere.get(id) ?? 0) + 1)
    return id
  }
  values.forEach(measure)

  const reached = new Map<number, number>()
  const mixed = new Set<object>()
  // Descends into a repeated container on its first occurrence only; true if it holds a candidate.
  const count = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null) return false
    const id = idOf.get(value) ?? -1
    const candidate = (everywhere.get(id) ?? 0) >= 2
    if (candidate) {
      const before = reached.get(id) ?? 0
      reached.set(id, before + 1)
      if (before > 0) return true
    }
    let inner = false
    for (const name of Object.keys(value)) inner = count((value as Record<string, unknown>)[name]) || inner
    if (inner) mixed.add(value)
    return candidate || inner
  }
  values.forEach(count)
  const shared = new Set([...reached].filter(([, times]) => times >= 2).map(([id]) => id))
  return { idOf, shared, mixed }
}
