import { ts } from 'ts-morph'

/** What a piece of source text spells, if it spells a JSON value. */
export type Literal = { readonly found: true; readonly value: unknown } | { readonly found: false }

const notFound: Literal = { found: false }

/**
 * The JSON value a JSDoc tag's text spells as issue 13 reads it: JSON, else a JavaScript literal
 * (object and array literals with unquoted keys, single-quoted strings, trailing commas, signed
 * numbers, `null`, booleans). The JavaScript reading goes through TypeScript's own parser, not the
 * JSON5 library the build uses, so the two readings are checked against each other.
 */
export function literalOfText(text: string): Literal {
  const trimmed = text.trim()
  if (trimmed === '') return notFound
  try {
    return { found: true, value: JSON.parse(trimmed) }
  } catch {
    // Not JSON: read it as a JavaScript expression.
  }
  // Parenthesised, so `{ a: 1 }` is an object literal rather than a block.
  const file = ts.createSourceFile('literal.ts', `(${trimmed}\n)`, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const statement = file.statements[0]
  const errors = (file as unknown as { parseDiagnostics: readonly unknown[] }).parseDiagnostics
  if (errors.length > 0 || file.statements.length !== 1 || statement === undefined || !ts.isExpressionStatement(statement)) return notFound
  const expression = statement.expression
  return ts.isParenthesizedExpression(expression) ? literalOfNode(expression.expression) : notFound
}

/** The JSON value a literal expression node spells (a class field's initialiser, a parsed tag). */
export function literalOfNode(node: ts.Node): Literal {
  try {
    return { found: true, value: read(node) }
  } catch (error) {
    if (error instanceof NotLiteral) return notFound
    throw error
  }
}

class NotLiteral extends Error {}

function read(node: ts.Node): unknown {
  if (ts.isStringLiteral(node)) return node.text
  if (ts.isNumericLiteral(node)) return finite(Number(node.text.replaceAll('_', '')))
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false
  if (node.kind === ts.SyntaxKind.NullKeyword) return null
  if (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand)) {
    if (node.operator === ts.SyntaxKind.MinusToken) return finite(-Number(node.operand.text))
    if (node.operator === ts.SyntaxKind.PlusToken) return finite(Number(node.operand.text))
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((element) => (ts.isOmittedExpression(element) ? fail() : read(element)))
  if (ts.isObjectLiteralExpression(node)) {
    const record: Record<string, unknown> = {}
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) fail()
      const { name } = property
      const key = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : ts.isNumericLiteral(name) ? String(Number(name.text)) : fail()
      Object.defineProperty(record, key, { value: read(property.initializer), enumerable: true, writable: true, configurable: true })
    }
    return record
  }
  return fail()
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : fail()
}

function fail(): never {
  throw new NotLiteral()
}
