import type { Node } from 'typescript/unstable/ast'
import type { Symbol as NativeSymbol, Type } from 'typescript/unstable/sync'
import { literalOrderedMembers, sourceOrderedMembers } from '../../schema/property-order.js'
import { nativePosition, spreadLiteral } from './spread-literal.js'
import type { Docs, MemberKind, PropertyView } from '../../schema/view.js'
import { propertyType, type ViewReader } from './type-view.js'
import { readsThroughValue } from '../../schema/written-rules.js'
import { declaredTypeNode, literalMemberTypeNode, type TypeNodeLike } from './written-nodes.js'

/** The property symbols of an object type and their types, index for index. */
export interface FetchedProperties {
  readonly symbols: readonly NativeSymbol[]
  readonly types: readonly (Type | undefined)[]
}

/** A declaration with the members a property view reads. */
type MemberDeclaration = Node & { readonly initializer?: Node; readonly modifierFlags?: number; readonly modifiers?: readonly Node[] }

/**
 * The property views of an object type, as the ts-morph view gives them: each type read from the
 * property's declared type node when that node writes it (the types of all those nodes asked in
 * one request), JSDoc, member kind, visibility and a class field's initialiser from the
 * declaration; a mapped type's members in source order, an object literal's with spreads in the
 * order its keys take (see `literalOrderedMembers`).
 */
export function propertyViews(checker: ViewReader, owner: Type, { symbols, types }: FetchedProperties): PropertyView<Node>[] {
  const nodes = symbols.map((symbol) => checker.declarationOf(symbol) as MemberDeclaration | undefined)
  const declared = nodes.map((node, index) => {
    const type = types[index]
    return declaredTypeNode(checker.written, node) ?? (type && readsThroughValue(checker.kindOf(type)) ? literalMemberTypeNode(checker.written, node) : undefined)
  })
  // One request for every declared type node not asked before, instead of one per property.
  checker.typesAtNodes(declared.filter((node): node is TypeNodeLike => node !== undefined))
  const views = symbols.map((symbol, index): PropertyView<Node> => {
    const type = types[index]
    if (type === undefined) throw new Error(`toolcat: the native checker has no type for property ${symbol.name}`)
    const node = nodes[index]
    let docs: Docs<Node> | undefined
    const initializerNode = node && isFieldOrParameter(checker, node) ? node.initializer : undefined
    const initializer = initializerNode?.getText()
    const optional = (symbol.flags & checker.modules.sync.SymbolFlags.Optional) !== 0
    return {
      name: memberName(symbol),
      optional,
      type: propertyType(checker, type, declared[index], optional),
      get docs() {
        return (docs ??= checker.docsOf(symbol))
      },
      node,
      member: memberKind(checker, symbol),
      visibility: visibility(checker, symbol, node),
      ...(initializer !== undefined && { initializer, initializerValue: () => initializedValue(checker, initializerNode) }),
    }
  })
  const { ObjectFlags } = checker.modules.sync
  if ((((owner as { objectFlags?: number }).objectFlags ?? 0) & ObjectFlags.Mapped) !== 0) return sourceOrderedMembers(views, ({ node }) => nativePosition(node))
  const literal = spreadLiteral(checker, owner)
  return literal ? literalOrderedMembers(views, literal, ({ node }) => nativePosition(node)) : views
}

/** The literal value of the type the checker gives an initialiser (an enum member, a `const`), if it is one literal. */
function initializedValue(checker: ViewReader, initializer: Node | undefined): string | number | boolean | undefined {
  const [type] = initializer ? checker.typesAtNodes([initializer]) : []
  if (type === undefined) return undefined
  const view = checker.view(type)
  return view.kind === 'literal' || view.kind === 'enum' ? view.literal() : undefined
}

/** A member's key: a `#private` member's symbol is named `__#<n>@#name`, its key `#name` (as TypeScript 6 names it). */
function memberName(symbol: NativeSymbol): string {
  return /^__#\d+@(#.*)$/.exec(symbol.name)?.[1] ?? symbol.name
}

function isFieldOrParameter(checker: ViewReader, node: Node): boolean {
  const { SyntaxKind } = checker.modules.ast
  return node.kind === SyntaxKind.PropertyDeclaration || node.kind === SyntaxKind.Parameter
}

function memberKind(checker: ViewReader, symbol: NativeSymbol): MemberKind {
  const { SymbolFlags } = checker.modules.sync
  if (symbol.flags & SymbolFlags.Method) return 'method'
  if (symbol.flags & (SymbolFlags.GetAccessor | SymbolFlags.SetAccessor)) return 'accessor'
  return 'data'
}

function visibility(checker: ViewReader, symbol: NativeSymbol, node: MemberDeclaration | undefined): PropertyView<Node>['visibility'] {
  if (memberName(symbol).startsWith('#')) return 'private'
  const { ModifierFlags, SyntaxKind } = checker.modules.ast
  const flags = node?.modifierFlags ?? 0
  const written = (kind: number) => node?.modifiers?.some((modifier) => modifier.kind === kind) ?? false
  if (flags & ModifierFlags.Private || written(SyntaxKind.PrivateKeyword)) return 'private'
  if (flags & ModifierFlags.Protected || written(SyntaxKind.ProtectedKeyword)) return 'protected'
  return 'public'
}
