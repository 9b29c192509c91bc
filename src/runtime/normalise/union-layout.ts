import type { JsonSchema } from '../types.js'
import { followRefs, isObjectNode, requiredNames, typesOf, type SchemaNode } from './schema-nodes.js'

/**
 * How the value of a union (`anyOf` / `oneOf`) finds its branch. Object branches that share a
 * discriminator (a required property with string `const` / `enum` values, distinct across
 * branches), or a single object branch, are selected by the value itself, provided no other branch
 * can take an object; the remaining branches, and every branch of any other union, are tried in
 * order against their validators.
 */
export interface UnionLayout {
  /** The keyword holding the branches. */
  readonly keyword: 'anyOf' | 'oneOf'
  /** Set when object values choose their branch without trial. */
  readonly objects?: ObjectBranches
  /** The branches tried in order: every branch, or those left for non-object values when `objects` is set. */
  readonly trial: readonly SchemaNode[]
}

/** Object branches selected by a discriminator, or the one object branch. */
export type ObjectBranches =
  | { readonly tag: string; readonly byTag: ReadonlyMap<string, SchemaNode>; readonly values: readonly string[]; readonly branches: readonly SchemaNode[] }
  | { readonly only: SchemaNode }

/** Lays out a union node's branches (see `UnionLayout`); `root` resolves their references. */
export function layOutUnion(root: SchemaNode, node: JsonSchema): UnionLayout | undefined {
  const keyword = Array.isArray(node.anyOf) ? 'anyOf' : Array.isArray(node.oneOf) ? 'oneOf' : undefined
  if (keyword === undefined) return undefined
  const branches = node[keyword] as SchemaNode[]
  // A hand-written discriminator already names its branches' selection for ajv.
  if (node.discriminator !== undefined) return { keyword, trial: branches }
  const objects: SchemaNode[] = []
  const rest: SchemaNode[] = []
  for (const branch of branches) {
    const kind = branchKind(root, branch)
    if (kind === 'unknown') return { keyword, trial: branches }
    ;(kind === 'object' ? objects : rest).push(branch)
  }
  if (objects.length === 0) return { keyword, trial: branches }
  if (objects.length === 1) return { keyword, objects: { only: objects[0] as SchemaNode }, trial: rest }
  const discriminated = discriminatorOf(root, objects)
  return discriminated === undefined ? { keyword, trial: branches } : { keyword, objects: discriminated, trial: rest }
}

/** Whether a branch takes objects only, never an object, or either (its type is not stated). */
function branchKind(root: SchemaNode, branch: SchemaNode): 'object' | 'other' | 'unknown' {
  const target = followRefs(root, branch)
  if (!isObjectNode(target)) return 'unknown'
  const types = typesOf(target)
  if (types === undefined || types.length === 0) return 'unknown'
  if (types.every((type) => type === 'object')) return 'object'
  return types.includes('object') ? 'unknown' : 'other'
}

/**
 * The first required property of the first branch that every branch declares with string
 * `const` / `enum` values, no value shared by two branches, as ajv's `discriminator` requires
 * (which also rules out names of `Object.prototype`, such as `constructor`).
 */
function discriminatorOf(root: SchemaNode, branches: readonly SchemaNode[]): ObjectBranches | undefined {
  const targets = branches.map((branch) => followRefs(root, branch) as JsonSchema)
  const [first] = targets
  if (first === undefined) return undefined
  for (const tag of requiredNames(first)) {
    const byTag = new Map<string, SchemaNode>()
    const values: string[] = []
    const fits = targets.every((target, index) => {
      const own = tagValues(target, tag)
      if (own === undefined || !requiredNames(target).includes(tag)) return false
      for (const value of own) {
        if (byTag.has(value) || value in {}) return false
        byTag.set(value, branches[index] as SchemaNode)
        values.push(value)
      }
      return true
    })
    if (fits) return { tag, byTag, values, branches }
  }
  return undefined
}

/** The string values a branch's tag property allows, read as ajv reads them (no reference followed). */
function tagValues(target: JsonSchema, tag: string): readonly string[] | undefined {
  const properties = target.properties
  if (!isObjectNode(properties) || !Object.hasOwn(properties, tag)) return undefined
  const property = properties[tag]
  if (!isObjectNode(property)) return undefined
  if (property.const !== undefined) return typeof property.const === 'string' && property.const !== '' ? [property.const] : undefined
  const values = property.enum
  return Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string' && value !== '') ? (values as string[]) : undefined
}
