import { Node, SyntaxKind, VariableDeclarationKind } from 'ts-morph'

/** A JSON value read from source text, or the node that kept it from being static. */
export type StaticValue = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly node: Node }

/**
 * Reads the JSON value an expression denotes without evaluating anything: literals, object and
 * array literals of literals, and same-module `const`s holding those. Anything else (a template with
 * substitutions, a computed key, a spread, an imported binding, a call) is reported, never guessed.
 */
export function readStaticValue(expression: Node): StaticValue {
  const node = unwrapExpression(expression)
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return ok(node.getLiteralValue())
  if (Node.isNumericLiteral(node)) return ok(node.getLiteralValue())
  if (Node.isTrueLiteral(node) || Node.isFalseLiteral(node)) return ok(node.getLiteralValue())
  if (Node.isNullLiteral(node)) return ok(null)
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.MinusToken) {
    const operand = unwrapExpression(node.getOperand())
    return Node.isNumericLiteral(operand) ? ok(-operand.getLiteralValue()) : fail(node)
  }
  if (Node.isArrayLiteralExpression(node)) return readArray(node.getElements())
  if (Node.isObjectLiteralExpression(node)) return readObject(node.getProperties())
  if (Node.isIdentifier(node)) return readConstant(node)
  return fail(node)
}

/** The property key of an object-literal member when it is static (identifier, string or number). */
export function staticKey(member: Node): string | undefined {
  if (!Node.isPropertyAssignment(member) && !Node.isShorthandPropertyAssignment(member) && !Node.isMethodDeclaration(member)) return undefined
  const name = member.getNameNode()
  if (Node.isIdentifier(name)) return name.getText()
  if (Node.isStringLiteral(name) || Node.isNumericLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return String(name.getLiteralValue())
  return undefined
}

/** The expression a static object member holds (the identifier itself for a shorthand). */
export function memberValue(member: Node): Node | undefined {
  if (Node.isPropertyAssignment(member)) return member.getInitializer()
  if (Node.isShorthandPropertyAssignment(member)) return member.getNameNode()
  return undefined
}

function readArray(elements: readonly Node[]): StaticValue {
  const values: unknown[] = []
  for (const element of elements) {
    const read = readStaticValue(element)
    if (!read.ok) return read
    values.push(read.value)
  }
  return ok(values)
}

function readObject(members: readonly Node[]): StaticValue {
  const value: Record<string, unknown> = {}
  for (const member of members) {
    const key = staticKey(member)
    const initializer = memberValue(member)
    if (key === undefined || initializer === undefined) return fail(member)
    const read = readStaticValue(initializer)
    if (!read.ok) return read
    value[key] = read.value
  }
  return ok(value)
}

/** Follows an identifier to a `const` of this module initialised with a static value. */
function readConstant(identifier: Node): StaticValue {
  const parent = identifier.getParent()
  const symbol = Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol() : identifier.getSymbol()
  const declaration = symbol?.getDeclarations()[0]
  if (!Node.isVariableDeclaration(declaration) || declaration.getSourceFile() !== identifier.getSourceFile()) return fail(identifier)
  const initializer = declaration.getInitializer()
  const isConst = declaration.getVariableStatement()?.getDeclarationKind() === VariableDeclarationKind.Const
  if (!isConst || !initializer) return fail(identifier)
  const read = readStaticValue(initializer)
  return read.ok ? read : fail(identifier)
}

/** Looks through parentheses, `as` and `satisfies`, which change no value. */
export function unwrapExpression(node: Node): Node {
  if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) {
    return unwrapExpression(node.getExpression())
  }
  return node
}

function ok(value: unknown): StaticValue {
  return { ok: true, value }
}

function fail(node: Node): StaticValue {
  return { ok: false, node }
}
