import type { Node } from 'typescript/unstable/ast'
import type { Type } from 'typescript/unstable/sync'
import type { LiteralMember, MemberPosition } from '../../schema/property-order.js'
import type { ViewReader } from './type-view.js'

/** An object literal with the members `spreadLiteral` reads. */
type LiteralLike = Node & { readonly properties?: readonly (Node & { readonly expression?: Node })[] }

/** Where a declaration starts, as `sourceOrderedMembers` and `literalOrderedMembers` compare it. */
export function nativePosition(node: Node | undefined): MemberPosition | undefined {
  return node && { file: node.getSourceFile().fileName, position: node.getStart() }
}

/**
 * The members of the object literal whose value a type is (`return { ...args, extra: 1 }`), each
 * spread with the type of what it spreads (all asked in one request), when that literal spreads
 * anything; else undefined (a literal without spreads lists its members as written on both checkers).
 */
export function spreadLiteral(checker: ViewReader, owner: Type): LiteralMember<Node>[] | undefined {
  const { SymbolFlags } = checker.modules.sync
  const { SyntaxKind } = checker.modules.ast
  // A type literal read at its node is no object literal, and its symbol was never asked for: no request for it.
  const symbol = checker.typeLiteralNode(owner) === undefined ? checker.symbolOf(owner) : undefined
  if (symbol === undefined || (symbol.flags & SymbolFlags.ObjectLiteral) === 0 || symbol.declarations.length !== 1) return undefined
  const literal = checker.declarationOf(symbol) as LiteralLike | undefined
  const properties = literal?.kind === SyntaxKind.ObjectLiteralExpression ? (literal.properties ?? []) : []
  const spreads = properties.flatMap((member) => (member.kind === SyntaxKind.SpreadAssignment && member.expression ? [member.expression] : []))
  if (spreads.length === 0) return undefined
  const types = checker.typesAtNodes(spreads)
  return properties.map((member): LiteralMember<Node> => {
    if (member.kind !== SyntaxKind.SpreadAssignment) return { at: nativePosition(member) as MemberPosition }
    const type = member.expression && types[spreads.indexOf(member.expression)]
    if (type === undefined) throw new Error(`toolcat: the native checker has no type for the spread ${member.getText()}`)
    return { spread: checker.view(type) }
  })
}
