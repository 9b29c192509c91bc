import type { DefineToolMatcher } from './define-tool-calls.js'
import type { ModuleReader } from './module-reader.js'
import type { SyntaxNode } from './view.js'

/** One top-level effect found by the T10 check: the node at fault and what it does. */
export interface SideEffect {
  readonly node: SyntaxNode
  /** What runs, e.g. "a call", "`await`". */
  readonly effect: string
  /** The whole top-level statement holding it, for quoting. */
  readonly statement: SyntaxNode
}

type Fault = { node: SyntaxNode; effect: string }

/**
 * T10: a tool module's top level may only import and declare, so reading or bundling it never runs
 * anything. Returns every statement that would do something when the module is imported.
 */
export function findSideEffects(reader: ModuleReader, isDefineTool: DefineToolMatcher): SideEffect[] {
  const found: SideEffect[] = []
  const checker = new EffectChecker(reader, isDefineTool)
  const visit = (statements: readonly SyntaxNode[]): void => {
    for (const statement of statements) {
      const fault = checker.statementEffect(statement, visit)
      if (fault) found.push({ ...fault, statement })
    }
  }
  visit(reader.statements)
  return found
}

class EffectChecker {
  private readonly k: ModuleReader['k']
  private readonly declarationOnly: ReadonlySet<number>
  private readonly functionLike: ReadonlySet<number>
  private readonly assignments: ReadonlySet<number>

  constructor(
    private readonly reader: ModuleReader,
    private readonly isDefineTool: DefineToolMatcher,
  ) {
    const k = (this.k = reader.k)
    this.declarationOnly = new Set([
      k.FunctionDeclaration, k.InterfaceDeclaration, k.TypeAliasDeclaration, k.EnumDeclaration,
      k.ExportDeclaration, k.ImportEqualsDeclaration, k.EmptyStatement,
    ])
    this.functionLike = new Set([
      k.FunctionDeclaration, k.FunctionExpression, k.ArrowFunction, k.MethodDeclaration, k.GetAccessor, k.SetAccessor, k.Constructor,
    ])
    this.assignments = new Set([
      k.EqualsToken, k.PlusEqualsToken, k.MinusEqualsToken, k.AsteriskEqualsToken, k.AsteriskAsteriskEqualsToken, k.SlashEqualsToken,
      k.PercentEqualsToken, k.LessThanLessThanEqualsToken, k.GreaterThanGreaterThanEqualsToken,
      k.GreaterThanGreaterThanGreaterThanEqualsToken, k.AmpersandEqualsToken, k.BarEqualsToken, k.CaretEqualsToken,
      k.BarBarEqualsToken, k.AmpersandAmpersandEqualsToken, k.QuestionQuestionEqualsToken,
    ])
  }

  statementEffect(statement: SyntaxNode, visitBody: (statements: readonly SyntaxNode[]) => void): Fault | undefined {
    const { k, reader } = this
    if (statement.kind === k.ImportDeclaration) {
      return statement.importClause ? undefined : { node: statement, effect: 'a side-effect-only import' }
    }
    if (statement.kind === k.VariableStatement) {
      if (reader.hasModifier(statement, k.DeclareKeyword)) return undefined
      for (const declaration of statement.declarationList?.declarations ?? []) {
        const fault = declaration.initializer && this.expressionEffect(declaration.initializer)
        if (fault) return fault
      }
      return undefined
    }
    if (statement.kind === k.ExportAssignment) return statement.expression && this.expressionEffect(statement.expression)
    if (statement.kind === k.ModuleDeclaration) {
      // A namespace body runs when the module loads, so it obeys the same rule.
      if (!reader.hasModifier(statement, k.DeclareKeyword)) visitBody(namespaceStatements(statement, k.ModuleDeclaration))
      return undefined
    }
    if (statement.kind === k.ClassDeclaration) return this.classEffect(statement)
    if (this.declarationOnly.has(statement.kind)) return undefined
    return { node: statement, effect: this.statementKind(statement) }
  }

  private statementKind(statement: SyntaxNode): string {
    if (statement.kind === this.k.ExpressionStatement && statement.expression) {
      // An unexported defineTool(...) on its own is still a call that builds nothing reachable.
      return this.expressionEffect(statement.expression)?.effect ?? 'an expression statement'
    }
    return `a \`${firstToken(this.reader.text(statement))}\` statement`
  }

  /** The first part of `expression` that runs code when evaluated, if any. */
  expressionEffect(expression: SyntaxNode): Fault | undefined {
    const { k } = this
    if (this.isDefineTool(expression)) {
      for (const argument of expression.arguments ?? []) {
        const fault = this.expressionEffect(argument)
        if (fault) return fault
      }
      return undefined
    }
    if (expression.kind === k.CallExpression || expression.kind === k.TaggedTemplateExpression) return { node: expression, effect: 'a call' }
    if (expression.kind === k.NewExpression) return { node: expression, effect: '`new`' }
    if (expression.kind === k.AwaitExpression) return { node: expression, effect: '`await`' }
    if (expression.kind === k.YieldExpression || expression.kind === k.DeleteExpression) {
      return { node: expression, effect: `\`${firstToken(this.reader.text(expression))}\`` }
    }
    if (this.isAssignment(expression)) return { node: expression, effect: 'an assignment' }
    // Function and class bodies run later, when called; only their declaration happens now.
    if (this.functionLike.has(expression.kind)) return undefined
    if (expression.kind === k.ClassExpression) return this.classEffect(expression)
    let fault: Fault | undefined
    expression.forEachChild((child) => {
      fault ??= this.expressionEffect(child)
    })
    return fault
  }

  private isAssignment(expression: SyntaxNode): boolean {
    const { k } = this
    if (expression.kind === k.BinaryExpression) return this.assignments.has(expression.operatorToken?.kind ?? -1)
    if (expression.kind === k.PrefixUnaryExpression || expression.kind === k.PostfixUnaryExpression) {
      return expression.operator === k.PlusPlusToken || expression.operator === k.MinusMinusToken
    }
    return false
  }

  /** Decorators, static initialisers and static blocks run when the class is declared. */
  private classEffect(declaration: SyntaxNode): Fault | undefined {
    const { k, reader } = this
    const decorator = declaration.modifiers?.find((modifier) => modifier.kind === k.Decorator)
    if (decorator) return { node: decorator, effect: 'a decorator call' }
    const members = declaration.members ?? []
    const staticBlock = members.find((member) => member.kind === k.ClassStaticBlockDeclaration)
    if (staticBlock) return { node: staticBlock, effect: 'a static block' }
    for (const member of members) {
      if (member.kind !== k.PropertyDeclaration || !reader.hasModifier(member, k.StaticKeyword)) continue
      const fault = member.initializer && this.expressionEffect(member.initializer)
      if (fault) return fault
    }
    return undefined
  }
}

/** The statements of a namespace, through dotted names (`namespace a.b { … }` nests declarations). */
function namespaceStatements(declaration: SyntaxNode, moduleKind: number): readonly SyntaxNode[] {
  let body = declaration.body
  while (body?.kind === moduleKind) body = body.body
  return body?.statements ?? []
}

/** The first token of a statement's text: its keyword (`for`, `if`), or its first character. */
function firstToken(text: string): string {
  return /^[A-Za-z_$][\w$]*/.exec(text)?.[0] ?? text.charAt(0) ?? 'statement'
}
