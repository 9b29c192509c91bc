import { Node, ts, type Type } from 'ts-morph'
import type { LiteralMember, MemberPosition } from './property-order.js'
import type { TypeView } from './view.js'

/** Where a declaration starts, as `sourceOrderedMembers` and `literalOrderedMembers` compare it. */
export function morphPosition(node: Node | undefined): MemberPosition | undefined {
  return node && { file: node.getSourceFile().getFilePath(), position: node.getStart() }
}

/**
 * The members of the object literal whose value a type is (`return { ...args, extra: 1 }`), each
 * spread with the type of what it spreads, when that literal spreads anything; else undefined
 * (a literal without spreads lists its members as written on both checkers).
 */
export function spreadLiteral(type: Type, view: (type: Type) => TypeView<Node>): LiteralMember<Node>[] | undefined {
  const symbol = type.getSymbol()
  const declarations = symbol?.hasFlags(ts.SymbolFlags.ObjectLiteral) ? symbol.getDeclarations() : []
  const literal = declarations.length === 1 ? declarations[0] : undefined
  if (!Node.isObjectLiteralExpression(literal)) return undefined
  const properties = literal.getProperties()
  if (!properties.some(Node.isSpreadAssignment)) return undefined
  return properties.map((member) => (Node.isSpreadAssignment(member) ? { spread: view(member.getExpression().getType()) } : { at: morphPosition(member) as MemberPosition }))
}
