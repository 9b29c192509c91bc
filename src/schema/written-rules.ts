import { parseLiteral } from './jsdoc-values.js'
import type { KeyCase, RenamePart, TypeKind } from './view.js'

/**
 * Rules for reading what the source writes that every checker backend applies alike; the backends
 * only find the syntax (their trees differ), these decide what it means.
 */

/**
 * The default lib's aliases that only take members away from their first argument: what remains
 * is still described by that argument's JSDoc (`Exclude<CountOrWord, number>`).
 */
export const filteringAliases: ReadonlySet<string> = new Set(['Exclude', 'Extract', 'NonNullable'])

/**
 * The default lib's mapped aliases that keep every member of their argument with its value as
 * written there, changing only modifiers: `Partial<Record<K, V>>`'s members are still written `V`.
 */
export const modifierAliases: ReadonlySet<string> = new Set(['Partial', 'Required', 'Readonly'])

/**
 * The value an enum member's initialiser writes where the checker computes none: TypeScript
 * accepts `Lit = true as any` or `Named = 'named' as any`, whose values are the literals before
 * the assertions. Undefined when the text is no JSON literal.
 */
export function enumInitializerValue(text: string): string | number | boolean | undefined {
  let inner = text.trim()
  for (let previous = ''; previous !== inner; ) {
    previous = inner
    inner = inner.replace(/\s+(?:as|satisfies)\s+[\w$.]+$/, '').replace(/^\((.*)\)$/s, '$1').trim()
  }
  const literal = parseLiteral(inner)
  const { value } = literal.found ? literal : { value: undefined }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined
}

/** Kinds whose schema nothing written elsewhere can change: no member order, no element nodes, no alias to name. */
const plainKinds: ReadonlySet<TypeKind> = new Set<TypeKind>(['string', 'number', 'boolean', 'null', 'undefined', 'void', 'never', 'any', 'unknown', 'literal', 'bigint', 'symbol', 'templateLiteral'])

/**
 * Whether an object literal's property of this kind is worth reading through the value it names
 * (`{ units }` → the `units` member of the destructured parameter's type): a union, enum, array,
 * tuple or object may owe its order or names to that declaration; a plain value never does, so
 * no checker is asked (`fields: Object.keys(args).length`).
 */
export function readsThroughValue(kind: TypeKind): boolean {
  return !plainKinds.has(kind)
}

const keyCases: Readonly<Record<KeyCase, (text: string) => string>> = {
  'as-is': (text) => text,
  Capitalize: (text) => text.charAt(0).toUpperCase() + text.slice(1),
  Uncapitalize: (text) => text.charAt(0).toLowerCase() + text.slice(1),
  Uppercase: (text) => text.toUpperCase(),
  Lowercase: (text) => text.toLowerCase(),
}

/** The default lib's aliases that keep a key's text or drop the key (`as Exclude<K, 'id'>`): names as is. */
const keepingAliases = new Set(['Exclude', 'Extract', 'NonNullable'])

/** The syntax kinds `renameParts` reads, as the tree at hand numbers them. */
export interface RenameKinds {
  readonly TypeReference: number
  readonly TemplateLiteralType: number
  readonly LiteralType: number
  readonly StringLiteral: number
  readonly ParenthesizedType: number
  readonly IntersectionType: number
  readonly StringKeyword: number
}

/** A type node as both trees give it (TypeScript 6's compiler node, TypeScript 7's AST), with the members `renameParts` reads. */
export interface RenameNode {
  readonly kind: number
  readonly type?: RenameNode
  readonly types?: readonly RenameNode[]
  readonly typeName?: { readonly text?: string }
  readonly typeArguments?: readonly RenameNode[]
  readonly head?: { readonly text: string }
  readonly templateSpans?: readonly { readonly type: RenameNode; readonly literal: { readonly text: string } }[]
  readonly literal?: { readonly kind: number; readonly text?: string }
}

/**
 * How the `as` clause `node` of a mapped type over the key parameter `parameter` names each member:
 * the key itself (`as K`, `as Exclude<K, 'id'>`, `K & string`), an intrinsic of it (`as Capitalize<K>`), or a
 * template of those and literal text (`` as `${K}Label` ``, `` as `get${Capitalize<K>}` ``).
 * Undefined for any other clause, whose names the build does not follow.
 */
export function renameParts(node: RenameNode, parameter: string, kinds: RenameKinds): RenamePart[] | undefined {
  let inner = node
  while (inner.kind === kinds.ParenthesizedType && inner.type) inner = inner.type
  if (inner.kind === kinds.TemplateLiteralType && inner.head && inner.templateSpans) {
    const parts: RenamePart[] = [{ text: inner.head.text }]
    for (const span of inner.templateSpans) {
      const hole = span.type.kind === kinds.LiteralType && span.type.literal?.kind === kinds.StringLiteral ? [{ text: span.type.literal.text ?? '' }] : renameParts(span.type, parameter, kinds)
      if (hole === undefined) return undefined
      parts.push(...hole, { text: span.literal.text })
    }
    return parts
  }
  // `K & string`, as keys of `keyof T` are written for a template: the key as is.
  const [left, right, ...more] = inner.kind === kinds.IntersectionType ? (inner.types ?? []) : []
  if (left && right && more.length === 0) {
    const [key, string] = right.kind === kinds.StringKeyword ? [left, right] : [right, left]
    return string.kind === kinds.StringKeyword ? renameParts(key, parameter, kinds) : undefined
  }
  if (inner.kind !== kinds.TypeReference) return undefined
  const name = inner.typeName?.text
  const [argument] = inner.typeArguments ?? []
  if (name === parameter && argument === undefined) return [{ key: 'as-is' }]
  const intrinsic = name !== undefined && name !== 'as-is' && name in keyCases
  const of = argument !== undefined && (intrinsic || keepingAliases.has(name ?? '')) ? renameParts(argument, parameter, kinds) : undefined
  const [only] = of?.length === 1 ? of : []
  if (only === undefined || !('key' in only)) return undefined
  if (!intrinsic) return [only]
  // An intrinsic of an intrinsic (`Capitalize<Lowercase<K>>`) is not followed.
  return only.key === 'as-is' ? [{ key: name as KeyCase }] : undefined
}

/** The member name the parts of an `as` clause give a key (see `renameParts`). */
export function renamedKey(key: string, parts: readonly RenamePart[]): string {
  return parts.map((part) => ('text' in part ? part.text : keyCases[part.key](key))).join('')
}
