import type { JsonSchema } from '../types.js'
import type { PatternEngine } from './pattern-engine.js'
import { followRefs, isObjectNode, requiredNames, resolveRef, typesOf, type SchemaNode } from './schema-nodes.js'

/**
 * What a set of schemas, all applying at one place of the arguments, says about normalising the
 * value there: the merge of their own keywords, of everything they reference and of their `allOf`
 * parts. Unions are listed, not merged: their branch depends on the value.
 */
export interface Shape {
  /** A reference that cannot be followed: the value is copied as it is. */
  readonly opaque: boolean
  /** The JSON types every schema allows (the intersection), or undefined when none says. */
  readonly types?: ReadonlySet<string>
  /** Object keywords apply: keys no schema declares are dropped. */
  readonly object: boolean
  readonly properties: ReadonlyMap<string, readonly JsonSchema[]>
  /** Names kept as sent, with no schema of their own to normalise them by (required, conditional). */
  readonly declared: ReadonlySet<string>
  readonly patterns: readonly { readonly regex: { test(key: string): boolean }; readonly nodes: readonly JsonSchema[] }[]
  /**
   * Keys neither declared nor matched by a pattern: dropped, kept as sent, or normalised by these
   * schemas. An object schema that declares no key at all (`{ "type": "object" }`, what `object`
   * and an `unknown` root derive) is any object: its keys are kept.
   */
  readonly additional: 'drop' | 'keep' | readonly JsonSchema[]
  /** Defaults of declared properties, filled where the key is absent. */
  readonly defaults: readonly (readonly [string, unknown])[]
  /** Array keywords apply. */
  readonly array: boolean
  /** Schemas of every element (`items` as one schema). */
  readonly items: readonly JsonSchema[]
  /** Schemas by position (`items` as a list), and of the elements after them (`additionalItems`). */
  readonly tuple: readonly (readonly JsonSchema[])[]
  readonly afterTuple: readonly JsonSchema[]
  /** The union nodes among the schemas, in order. */
  readonly unions: readonly JsonSchema[]
  /** The schemas merged, references and `allOf` parts followed. */
  readonly atoms: readonly JsonSchema[]
  /** Nothing here but the unions changes a value: no type, object or array keyword. */
  readonly plain: boolean
}

const OBJECT_KEYWORDS = ['properties', 'patternProperties', 'additionalProperties', 'required', 'propertyNames', 'minProperties', 'maxProperties', 'dependencies']
/** Keywords that say which keys an object has: a schema with none of them declares no key. */
const KEY_KEYWORDS = ['properties', 'patternProperties', 'additionalProperties', 'required', 'dependencies', 'if', 'then', 'else']
const ARRAY_KEYWORDS = ['items', 'additionalItems', 'contains', 'minItems', 'maxItems', 'uniqueItems']

/**
 * Merges the schemas applying at one place (see `Shape`); `root` resolves their references and
 * `patterns` compiles `patternProperties` keys (without it, a place holding any is copied as sent).
 */
export function shapeOf(root: SchemaNode, nodes: readonly JsonSchema[], patterns?: PatternEngine): Shape {
  const atoms: JsonSchema[] = []
  const unions: JsonSchema[] = []
  let opaque = false
  const seen = new Set<JsonSchema>()
  const visit = (node: SchemaNode): void => {
    if (!isObjectNode(node) || seen.has(node)) return
    seen.add(node)
    atoms.push(node)
    if (typeof node.$ref === 'string') {
      const target = resolveRef(root, node.$ref)
      if (target === undefined) opaque = true
      else visit(target)
    }
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(part as SchemaNode)
    if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) unions.push(node)
  }
  nodes.forEach(visit)
  const merged = mergeAtoms(root, atoms, patterns)
  return { ...merged, opaque: opaque || merged.opaque, unions, atoms }
}

function mergeAtoms(root: SchemaNode, atoms: readonly JsonSchema[], engine: PatternEngine | undefined) {
  let types: Set<string> | undefined
  let object = false
  let array = false
  let opaque = false
  let keep = false
  let declaresKeys = false
  const properties = new Map<string, JsonSchema[]>()
  const declared = new Set<string>()
  const patterns: { source: string; regex: { test(key: string): boolean }; nodes: JsonSchema[] }[] = []
  const additional: JsonSchema[] = []
  const defaults: (readonly [string, unknown])[] = []
  const items: JsonSchema[] = []
  const tuple: JsonSchema[][] = []
  const afterTuple: JsonSchema[] = []
  for (const atom of atoms) {
    const own = typesOf(atom)
    if (own !== undefined) types = types === undefined ? new Set(own) : intersectTypes(types, own)
    object ||= own?.includes('object') === true || OBJECT_KEYWORDS.some((keyword) => atom[keyword] !== undefined)
    array ||= own?.includes('array') === true || ARRAY_KEYWORDS.some((keyword) => atom[keyword] !== undefined)
    declaresKeys ||= KEY_KEYWORDS.some((keyword) => atom[keyword] !== undefined)
    if (isObjectNode(atom.properties)) {
      for (const [name, node] of Object.entries(atom.properties)) {
        const list = properties.get(name) ?? []
        properties.set(name, list)
        if (isObjectNode(node)) list.push(node)
        if (isObjectNode(node) && Object.hasOwn(node, 'default') && !defaults.some(([known]) => known === name)) defaults.push([name, node.default])
      }
    }
    requiredNames(atom).forEach((name) => declared.add(name))
    conditionalNames(root, atom).forEach((name) => declared.add(name))
    if (isObjectNode(atom.patternProperties)) {
      for (const [source, node] of Object.entries(atom.patternProperties)) {
        const known = patterns.find((pattern) => pattern.source === source)
        try {
          // Never a native RegExp: keys are caller data, and a backtracking engine can stall on them.
          if (engine === undefined) throw new Error('no linear-time pattern engine')
          const entry = known ?? { source, regex: engine(source, 'u'), nodes: [] }
          if (known === undefined) patterns.push(entry)
          if (isObjectNode(node)) entry.nodes.push(node)
        } catch {
          opaque = true
        }
      }
    }
    const extra = atom.additionalProperties
    if (extra === true || atom.propertyNames !== undefined) keep = true
    if (isObjectNode(extra)) additional.push(extra)
    if (isObjectNode(atom.items) || atom.items === true) {
      if (isObjectNode(atom.items)) items.push(atom.items)
    } else if (Array.isArray(atom.items)) {
      atom.items.forEach((node: unknown, index) => {
        tuple[index] ??= []
        if (isObjectNode(node)) tuple[index]?.push(node)
      })
      if (isObjectNode(atom.additionalItems)) afterTuple.push(atom.additionalItems)
    }
  }
  return {
    opaque,
    ...(types === undefined ? {} : { types }),
    object,
    properties,
    declared,
    patterns,
    additional: additional.length > 0 ? additional : keep || !declaresKeys ? ('keep' as const) : ('drop' as const),
    defaults,
    array,
    items,
    tuple: Array.from(tuple, (nodes) => nodes ?? []),
    afterTuple,
    plain: types === undefined && !object && !array && !opaque,
  }
}

/** The JSON types both lists allow; an integer is also a number. */
function intersectTypes(known: ReadonlySet<string>, own: readonly string[]): Set<string> {
  const both = new Set<string>()
  for (const type of known) {
    if (own.includes(type)) both.add(type)
    else if ((type === 'number' && own.includes('integer')) || (type === 'integer' && own.includes('number'))) both.add('integer')
  }
  return both
}

/** Names that `if` / `then` / `else` and schema `dependencies` declare: kept as sent, never dropped. */
function conditionalNames(root: SchemaNode, atom: JsonSchema): string[] {
  const conditional = [atom.if, atom.then, atom.else]
  if (isObjectNode(atom.dependencies)) conditional.push(...Object.values(atom.dependencies).filter((value) => !Array.isArray(value)))
  const names: string[] = []
  for (const node of conditional) {
    const target = node === undefined ? undefined : followRefs(root, node as SchemaNode)
    if (!isObjectNode(target)) continue
    if (isObjectNode(target.properties)) names.push(...Object.keys(target.properties))
    names.push(...requiredNames(target))
  }
  return names
}
