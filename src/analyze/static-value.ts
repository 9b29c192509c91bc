import type { ModuleReader } from './module-reader.js'
import type { SyntaxNode } from './view.js'

/** A JSON value read from source text, or the node that kept it from being static. */
export type StaticValue = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly node: SyntaxNode }

/**
 * Reads the JSON value an expression denotes without evaluating anything: literals, object and
 * array literals of literals, and same-module `const`s holding those. Anything else (a template with
 * substitutions, a computed key, a spread, an imported binding, a call) is reported, never guessed.
 */
export function readStaticValue(reader: ModuleReader, expression: SyntaxNode): StaticValue {
  const { k } = reader
  const node = unwrapExpression(reader, expression)
  if (reader.isStringLike(node)) return ok(node.text)
  if (node.kind === k.NumericLiteral) return ok(Number(node.text))
  if (node.kind === k.TrueKeyword || node.kind === k.FalseKeyword) return ok(node.kind === k.TrueKeyword)
  if (node.kind === k.NullKeyword) return ok(null)
  if (node.kind === k.PrefixUnaryExpression && node.operator === k.MinusToken && node.operand) {
    const operand = unwrapExpression(reader, node.operand)
    return operand.kind === k.NumericLiteral ? ok(-Number(operand.text)) : fail(node)
  }
  if (node.kind === k.ArrayLiteralExpression) return readArray(reader, node.elements ?? [])
  if (node.kind === k.ObjectLiteralExpression) return readObject(reader, node.properties ?? [])
  if (node.kind === k.Identifier) return readConstant(reader, node)
  return fail(node)
}

/** The property key of an object-literal member when it is static (identifier, string or number). */
export function staticKey(reader: ModuleReader, member: SyntaxNode): string | undefined {
  const { k } = reader
  if (member.kind !== k.PropertyAssignment && member.kind !== k.ShorthandPropertyAssignment && member.kind !== k.MethodDeclaration) return undefined
  const name = member.name
  if (name === undefined) return undefined
  if (name.kind === k.Identifier || reader.isStringLike(name)) return name.text
  if (name.kind === k.NumericLiteral) return String(Number(name.text))
  return undefined
}

/** The expression a static object member holds (the identifier itself for a shorthand). */
export function memberValue(reader: ModuleReader, member: SyntaxNode): SyntaxNode | undefined {
  if (member.kind === reader.k.PropertyAssignment) return member.initializer
  if (member.kind === reader.k.ShorthandPropertyAssignment) return member.name
  return undefined
}

function readArray(reader: ModuleReader, elements: readonly SyntaxNode[]): StaticValue {
  const values: unknown[] = []
  for (const element of elements) {
    const read = readStaticValue(reader, element)
    if (!read.ok) return read
    values.push(read.value)
  }
  return ok(values)
}

function readObject(reader: ModuleReader, members: readonly SyntaxNode[]): StaticValue {
  const value: Record<string, unknown> = {}
  for (const member of members) {
    const key = staticKey(reader, member)
    const initializer = memberValue(reader, member)
    if (key === undefined || initializer === undefined) return fail(member)
    const read = readStaticValue(reader, initializer)
    if (!read.ok) return read
    value[key] = read.value
  }
  return ok(value)
}

/**
 * Follows an identifier to a module-level `const` initialised with a static value. Definitions sit
 * at the top level of their module, so a name there refers to a top-level declaration: finding it by
 * name needs no checker. Imports, `let`, `var` and functions are not static.
 */
function readConstant(reader: ModuleReader, identifier: SyntaxNode): StaticValue {
  const { k } = reader
  for (const statement of reader.statements) {
    if (statement.kind !== k.VariableStatement || statement.declarationList === undefined) continue
    for (const declaration of statement.declarationList.declarations ?? []) {
      if (declaration.name?.kind !== k.Identifier || declaration.name.text !== identifier.text) continue
      const isConst = reader.view.isConst(statement.declarationList)
      if (!isConst || declaration.initializer === undefined) return fail(identifier)
      const read = readStaticValue(reader, declaration.initializer)
      return read.ok ? read : fail(identifier)
    }
  }
  return fail(identifier)
}

/** Looks through parentheses, `as` and `satisfies`, which change no value. */
export function unwrapExpression(reader: ModuleReader, node: SyntaxNode): SyntaxNode {
  const { k } = reader
  if ((node.kind === k.ParenthesizedExpression || node.kind === k.AsExpression || node.kind === k.SatisfiesExpression) && node.expression) {
    return unwrapExpression(reader, node.expression)
  }
  return node
}

function ok(value: unknown): StaticValue {
  return { ok: true, value }
}

function fail(node: SyntaxNode): StaticValue {
  return { ok: false, node }
}
