import { Ref, type Entry } from './ir.js'
import { compare } from './order.js'

/**
 * Decides which types of one tool's schema go under `$defs`, and names them: named types
 * (interfaces, aliases, enums) used more than once, and every type that refers back to itself.
 * Everything else is inlined. Returns the chosen entries with their names.
 */
export function planDefinitions<N>(root: Entry<N>): Map<Entry<N>, string> {
  const uses = new Map<Entry<N>, number>()
  const recursive = new Set<Entry<N>>()
  const seen: Entry<N>[] = []
  const onPath = new Set<Entry<N>>()
  const visit = (entry: Entry<N>): void => {
    onPath.add(entry)
    for (const { target } of refsIn<N>(entry.schema)) {
      const count = (uses.get(target) ?? 0) + 1
      uses.set(target, count)
      if (count === 1) seen.push(target)
      if (onPath.has(target)) recursive.add(target)
      // An unnamed type is inlined at every use, so whatever it refers to is used once per use.
      else if (count === 1 || !target.named) visit(target)
    }
    onPath.delete(entry)
  }
  visit(root)
  return nameDefinitions(seen.filter((entry) => recursive.has(entry) || (entry.named && (uses.get(entry) ?? 0) > 1)))
}

/** Every reference in a schema under construction, in document order (not through other entries). */
export function refsIn<N>(ir: unknown): Ref<N>[] {
  const found: Ref<N>[] = []
  collectRefs(ir, found)
  return found
}

/** One array for the whole walk: a schema's keyword tree is walked for every entry of every tool. */
function collectRefs<N>(ir: unknown, found: Ref<N>[]): void {
  // Keyword values are untyped, but one walker only ever stores references of its own node type.
  if (ir instanceof Ref) found.push(ir as Ref<N>)
  else if (typeof ir === 'object' && ir !== null) for (const value of Object.values(ir)) if (typeof value === 'object' && value !== null) collectRefs(value, found)
}

/**
 * Collision-free names: a type keeps its own name, and types sharing one get `_2`, `_3`… ordered by
 * declaration file and position (then first use), so the names do not depend on traversal luck.
 * Absolute declaration paths only order types of one project, which orders them as their
 * project-relative paths would.
 */
function nameDefinitions<N>(definitions: Entry<N>[]): Map<Entry<N>, string> {
  const baseName = (entry: Entry<N>): string => entry.named?.name ?? describedName(entry) ?? 'Type'
  const ordered = [...definitions].sort((a, b) =>
    compare(baseName(a), baseName(b)) || compare(a.named?.file ?? '', b.named?.file ?? '') ||
    (a.named?.position ?? 0) - (b.named?.position ?? 0),
  )
  const taken = new Set(ordered.map(baseName))
  const names = new Map<Entry<N>, string>()
  let previous: string | undefined
  for (const entry of ordered) {
    const base = baseName(entry)
    let name = base
    if (base === previous) for (let suffix = 2; taken.has(name); suffix++) name = `${base}_${suffix}`
    taken.add(name)
    names.set(entry, name)
    previous = base
  }
  return names
}

/**
 * A name for an unnamed type from what it holds: an array of a named type `JsonArray`, a record of
 * one `JsonRecord` (a recursive alias's members meet as definitions of their own).
 */
function describedName<N>(entry: Entry<N>): string | undefined {
  const { schema } = entry
  if (schema instanceof Ref) return undefined
  const { items, additionalProperties, properties } = schema
  if (items instanceof Ref && items.target.named) return `${items.target.named.name}Array`
  if (additionalProperties instanceof Ref && additionalProperties.target.named && properties === undefined) return `${additionalProperties.target.named.name}Record`
  return undefined
}
