import { createHash } from 'node:crypto'
import type { ValidationPlan } from '../../runtime/normalise/validation-plan.js'
import { isObjectNode, pointerSegment, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from '../../runtime/normalise/schema-nodes.js'
import type { JsonSchema } from '../../runtime/types.js'

/** The keyword that stands, in a linked schema, for a subschema validated by a shared module. */
export const SUBSCHEMA_KEYWORD = 'toolcat:subschema'

/**
 * The smallest subschema (in characters of its JSON text) worth a module of its own: below this,
 * a call and an import cost more than generating the few checks inline again.
 */
const MIN_SHARED_LENGTH = 160

/** A plan's schema with its shareable subschemas replaced by references to shared validators. */
export interface LinkedSchema {
  /** What ajv compiles for the tool: the plan's schema, each shared subschema replaced by `{ [SUBSCHEMA_KEYWORD]: id }`. */
  readonly schema: JsonSchema
  /** The shared subschemas by id (a hash of their JSON text). */
  readonly subschemas: ReadonlyMap<string, JsonSchema>
}

/**
 * Finds, in a validation plan's schema, the subschemas another tool may well repeat — the largest
 * closed objects that are self-contained (no `$id` or definitions inside, references only to
 * definitions that reference nothing, which the shared validator carries; nothing else pointing
 * into them) — and replaces each by a reference to a validator of its own, named by a hash of its
 * JSON text. Which subschemas are shared and their names depend on the subschema alone,
 * never on the other tools of the catalog, so adding or removing a tool changes no other tool's
 * validator. Left in place: the root, the branches a `discriminator` reads its tags from, a
 * subschema holding a trial branch of the plan (its validator is compiled from a pointer into it).
 */
export function linkSharedSubschemas(plan: Pick<ValidationPlan, 'schema' | 'branchPointers'>): LinkedSchema {
  const subschemas = new Map<string, JsonSchema>()
  const texts = new Map<string, string>()
  const root = plan.schema
  const { refs, usesKeyword } = refsIn(root)
  // A schema already using the keyword (never derived by toolcat) is compiled as it is.
  if (usesKeyword) return { schema: root, subschemas }
  // Pointers compared decoded: plan pointers escape segments as URI fragments (`%24defs`), references may not.
  const pinned = [...plan.branchPointers, ...refs.map(({ target }) => target)].map(safeDecode)
  const holdsPinned = (pointer: string): boolean => pinned.some((target) => target.startsWith(`${safeDecode(pointer)}/`))
  // ajv reads a discriminator's tags from its branches, through one reference: those stay in place.
  const tagged = new Set(refs.filter(({ discriminated }) => discriminated).map(({ target }) => safeDecode(target)))
  const refFree = new Map<unknown, boolean>()

  const link = (node: unknown, pointer: string, discriminated: boolean): unknown => {
    if (!isObjectNode(node)) return node
    const shareable = pointer === '' || discriminated || tagged.has(safeDecode(pointer)) || holdsPinned(pointer) ? undefined : shareableForm(node, root, refFree)
    if (shareable !== undefined) {
      const { form, json } = shareable
      const id = subschemaId(json)
      const known = texts.get(id)
      if (known !== undefined && known !== json) throw new Error(`toolcat: two subschemas share the id ${id}`)
      texts.set(id, json)
      subschemas.set(id, form)
      return { [SUBSCHEMA_KEYWORD]: id }
    }
    const out: Record<string, unknown> = {}
    for (const [keyword, value] of Object.entries(node)) {
      const at = `${pointer}/${pointerSegment(keyword)}`
      const branchesOfTag = keyword === 'oneOf' && isObjectNode(node.discriminator)
      out[keyword] = linkKeyword(keyword, value, at, branchesOfTag)
    }
    return out
  }

  const linkKeyword = (keyword: string, value: unknown, pointer: string, discriminated: boolean): unknown => {
    if (SINGLE_SCHEMA_KEYWORDS.has(keyword) || (keyword === 'items' && isObjectNode(value))) return link(value, pointer, false)
    if ((SCHEMA_LIST_KEYWORDS.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      return value.map((item: unknown, index) => link(item, `${pointer}/${index}`, discriminated))
    }
    if (SCHEMA_MAP_KEYWORDS.has(keyword) && isObjectNode(value)) {
      const map: Record<string, unknown> = {}
      for (const [name, item] of Object.entries(value)) {
        Object.defineProperty(map, name, { value: link(item, `${pointer}/${pointerSegment(name)}`, false), enumerable: true, writable: true, configurable: true })
      }
      return map
    }
    return value
  }

  const schema = link(root, '', false) as JsonSchema
  return { schema, subschemas }
}

/** The id of a shared subschema: a hash of its JSON text, so equal subschemas share one module. */
export function subschemaId(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, 24)
}

/** The definition containers a shared subschema may take referenced definitions from. */
const DEFINITIONS = ['$defs', 'definitions'] as const

/**
 * The self-contained form of a closed object of some size, else undefined: the object itself, plus
 * under `$defs` / `definitions` the root's definitions it references, when each is free of further
 * references (ajv compiles those in place, and reports their errors at `#/$defs/<name>/…` wherever
 * they are used, which the shared validator then does too).
 */
function shareableForm(node: JsonSchema, root: JsonSchema, refFree: Map<unknown, boolean>): { form: JsonSchema; json: string } | undefined {
  if (node.type !== 'object' || !isObjectNode(node.properties)) return undefined
  const json = JSON.stringify(node)
  if (json.length < MIN_SHARED_LENGTH || /"\$(id|defs|schema|recursiveRef|dynamicRef|anchor)"\s*:|"definitions"\s*:/.test(json)) return undefined
  const used: Record<string, Record<string, unknown>> = {}
  for (const match of json.matchAll(/"\$ref"\s*:\s*("(?:[^"\\]|\\.)*")/g)) {
    const ref = JSON.parse(match[1] as string) as string
    const [, container, name, rest] = /^#\/(\$defs|definitions)\/([^/]+)(.*)$/.exec(ref) ?? []
    if (container === undefined || name === undefined || rest !== '' || name.includes('%') || name.includes('~')) return undefined
    const definitions = root[container]
    const target = isObjectNode(definitions) && Object.hasOwn(definitions, name) ? definitions[name] : undefined
    if (!isObjectNode(target)) return undefined
    if (!refFree.has(target)) refFree.set(target, !JSON.stringify(target).includes('"$ref"'))
    if (refFree.get(target) !== true) return undefined
    const into = (used[container] ??= {})
    Object.defineProperty(into, name, { value: target, enumerable: true, writable: true, configurable: true })
  }
  if (Object.keys(used).length === 0) return { form: node, json }
  const form: Record<string, unknown> = { ...node }
  for (const container of DEFINITIONS) {
    const definitions = used[container]
    if (definitions === undefined) continue
    const sorted: Record<string, unknown> = {}
    for (const name of Object.keys(definitions).sort()) Object.defineProperty(sorted, name, { value: definitions[name], enumerable: true, writable: true, configurable: true })
    form[container] = sorted
  }
  return { form: form as JsonSchema, json: JSON.stringify(form) }
}

/**
 * Each local `$ref` of the schema: the JSON pointer it names, and whether it is a branch of a
 * discriminated `oneOf`; and whether any object of it has the key `SUBSCHEMA_KEYWORD`.
 */
function refsIn(schema: JsonSchema): { refs: { target: string; discriminated: boolean }[]; usesKeyword: boolean } {
  const refs: { target: string; discriminated: boolean }[] = []
  let usesKeyword = false
  const pending: { node: unknown; discriminated: boolean }[] = [{ node: schema, discriminated: false }]
  while (pending.length > 0) {
    const { node, discriminated } = pending.pop() as { node: unknown; discriminated: boolean }
    if (node === null || typeof node !== 'object') continue
    if (Array.isArray(node)) {
      pending.push(...node.map((item: unknown) => ({ node: item, discriminated })))
      continue
    }
    const record = node as Record<string, unknown>
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#')) refs.push({ target: record.$ref.slice(1), discriminated })
    if (Object.hasOwn(record, SUBSCHEMA_KEYWORD)) usesKeyword = true
    const tags = isObjectNode(record.discriminator)
    for (const [key, value] of Object.entries(record)) pending.push({ node: value, discriminated: tags && key === 'oneOf' && Array.isArray(value) })
  }
  return { refs, usesKeyword }
}

function safeDecode(pointer: string): string {
  try {
    return decodeURIComponent(pointer)
  } catch {
    return pointer
  }
}
