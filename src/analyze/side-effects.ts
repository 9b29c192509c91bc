import { Node, SyntaxKind, type ClassDeclaration, type ClassExpression, type SourceFile, type Statement } from 'ts-morph'
import type { DefineToolMatcher } from './define-tool-calls.js'

/** One top-level effect found by the T10 check: the node at fault and what it does. */
export interface SideEffect {
  readonly node: Node
  /** What runs, e.g. "a call", "`await`". */
  readonly effect: string
  /** The whole top-level statement holding it, for quoting. */
  readonly statement: Statement
}

/**
 * T10: a tool module's top level may only import and declare, so reading or bundling it never runs
 * anything. Returns every statement that would do something when the module is imported.
 */
export function findSideEffects(sourceFile: SourceFile, isDefineTool: DefineToolMatcher): SideEffect[] {
  const found: SideEffect[] = []
  const visit = (statements: readonly Statement[]): void => {
    for (const statement of statements) {
      const fault = statementEffect(statement, isDefineTool, visit)
      if (fault) found.push({ ...fault, statement })
    }
  }
  visit(sourceFile.getStatements())
  return found
}

type Fault = { node: Node; effect: string }

function statementEffect(statement: Statement, isDefineTool: DefineToolMatcher, visitBody: (s: Statement[]) => void): Fault | undefined {
  if (Node.isImportDeclaration(statement)) {
    return statement.getImportClause() ? undefined : { node: statement, effect: 'a side-effect-only import' }
  }
  if (Node.isVariableStatement(statement)) {
    if (statement.hasModifier(SyntaxKind.DeclareKeyword)) return undefined
    for (const declaration of statement.getDeclarations()) {
      const initializer = declaration.getInitializer()
      const fault = initializer && expressionEffect(initializer, isDefineTool)
      if (fault) return fault
    }
    return undefined
  }
  if (Node.isExportAssignment(statement)) return expressionEffect(statement.getExpression(), isDefineTool)
  if (Node.isModuleDeclaration(statement)) {
    // A namespace body runs when the module loads, so it obeys the same rule.
    if (!statement.hasModifier(SyntaxKind.DeclareKeyword)) visitBody(statement.getStatements() as Statement[])
    return undefined
  }
  if (Node.isClassDeclaration(statement)) return classEffect(statement, isDefineTool)
  if (isDeclarationOnly(statement)) return undefined
  return { node: statement, effect: statementKind(statement, isDefineTool) }
}

function isDeclarationOnly(statement: Statement): boolean {
  return (
    Node.isFunctionDeclaration(statement) ||
    Node.isInterfaceDeclaration(statement) ||
    Node.isTypeAliasDeclaration(statement) ||
    Node.isEnumDeclaration(statement) ||
    Node.isExportDeclaration(statement) ||
    Node.isImportEqualsDeclaration(statement) ||
    Node.isEmptyStatement(statement)
  )
}

function statementKind(statement: Statement, isDefineTool: DefineToolMatcher): string {
  if (Node.isExpressionStatement(statement)) {
    // An unexported defineTool(...) on its own is still a call that builds nothing reachable.
    return expressionEffect(statement.getExpression(), isDefineTool)?.effect ?? 'an expression statement'
  }
  return `a \`${statement.getFirstChild()?.getText() ?? 'statement'}\` statement`
}

/** The first part of `expression` that runs code when evaluated, if any. */
export function expressionEffect(expression: Node, isDefineTool: DefineToolMatcher): Fault | undefined {
  if (isDefineTool(expression)) {
    for (const argument of expression.getArguments()) {
      const fault = expressionEffect(argument, isDefineTool)
      if (fault) return fault
    }
    return undefined
  }
  if (Node.isCallExpression(expression) || Node.isTaggedTemplateExpression(expression)) return { node: expression, effect: 'a call' }
  if (Node.isNewExpression(expression)) return { node: expression, effect: '`new`' }
  if (Node.isAwaitExpression(expression)) return { node: expression, effect: '`await`' }
  if (Node.isYieldExpression(expression) || Node.isDeleteExpression(expression)) return { node: expression, effect: `\`${expression.getFirstChild()?.getText()}\`` }
  if (isAssignment(expression)) return { node: expression, effect: 'an assignment' }
  // Function and class bodies run later, when called; only their declaration happens now.
  if (Node.isFunctionLikeDeclaration(expression)) return undefined
  if (Node.isClassExpression(expression)) return classEffect(expression, isDefineTool)
  let fault: Fault | undefined
  expression.forEachChild((child) => {
    fault ??= expressionEffect(child, isDefineTool)
  })
  return fault
}

const updateOperators = new Set([SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken])

function isAssignment(expression: Node): boolean {
  if (Node.isBinaryExpression(expression)) {
    const operator = expression.getOperatorToken().getKind()
    return operator >= SyntaxKind.FirstAssignment && operator <= SyntaxKind.LastAssignment
  }
  if (Node.isPrefixUnaryExpression(expression) || Node.isPostfixUnaryExpression(expression)) {
    return updateOperators.has(expression.getOperatorToken())
  }
  return false
}

/** Decorators, static initialisers and static blocks run when the class is declared. */
function classEffect(declaration: ClassDeclaration | ClassExpression, isDefineTool: DefineToolMatcher): Fault | undefined {
  const decorator = declaration.getDecorators()[0]
  if (decorator) return { node: decorator, effect: 'a decorator call' }
  const staticBlock = declaration.getStaticBlocks()[0]
  if (staticBlock) return { node: staticBlock, effect: 'a static block' }
  for (const property of declaration.getStaticProperties()) {
    const initializer = Node.isPropertyDeclaration(property) ? property.getInitializer() : undefined
    const fault = initializer && expressionEffect(initializer, isDefineTool)
    if (fault) return fault
  }
  return undefined
}
