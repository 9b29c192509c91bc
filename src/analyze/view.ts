/**
 * The small slice of a compiler that the analysis reads, so that it runs on either checker backend
 * (ts-morph's TypeScript 6, or the native TypeScript 7 checker). Syntax is read from the backend's
 * own tree, whose nodes have the shape every TypeScript AST shares (`kind`, `pos`, `end`,
 * `expression`, `arguments`…); only the numbers of the syntax kinds differ, so the view carries a
 * table of them. Checker questions are asked in batches: on the native backend each request is a
 * round trip to another process.
 */
import type { TypeView } from '../schema/view.js'

/** A syntax node of either backend, with the members the analysis reads (absent where a kind has none). */
export interface SyntaxNode {
  readonly kind: number
  readonly pos: number
  readonly end: number
  readonly flags: number
  readonly parent?: SyntaxNode
  readonly text?: string
  readonly name?: SyntaxNode
  readonly propertyName?: SyntaxNode
  readonly expression?: SyntaxNode
  readonly initializer?: SyntaxNode
  readonly arguments?: readonly SyntaxNode[]
  readonly typeArguments?: readonly SyntaxNode[]
  readonly properties?: readonly SyntaxNode[]
  readonly elements?: readonly SyntaxNode[]
  readonly statements?: readonly SyntaxNode[]
  readonly declarationList?: SyntaxNode
  readonly declarations?: readonly SyntaxNode[]
  readonly modifiers?: readonly SyntaxNode[]
  readonly importClause?: SyntaxNode
  readonly namedBindings?: SyntaxNode
  readonly exportClause?: SyntaxNode
  readonly moduleSpecifier?: SyntaxNode
  readonly isExportEquals?: boolean
  readonly operator?: number
  readonly operand?: SyntaxNode
  readonly operatorToken?: SyntaxNode
  readonly members?: readonly SyntaxNode[]
  readonly body?: SyntaxNode
  readonly parameters?: readonly SyntaxNode[]
  readonly type?: SyntaxNode
  forEachChild<T>(visit: (node: SyntaxNode) => T): T | undefined
}

/** The syntax kinds the analysis distinguishes, by their TypeScript names. */
export const syntaxKindNames = [
  'Identifier', 'StringLiteral', 'NumericLiteral', 'NoSubstitutionTemplateLiteral', 'TrueKeyword', 'FalseKeyword', 'NullKeyword',
  'PrefixUnaryExpression', 'PostfixUnaryExpression', 'BinaryExpression', 'CallExpression', 'NewExpression', 'TaggedTemplateExpression',
  'AwaitExpression', 'YieldExpression', 'DeleteExpression', 'PropertyAccessExpression', 'ParenthesizedExpression', 'AsExpression',
  'SatisfiesExpression', 'ArrayLiteralExpression', 'ObjectLiteralExpression', 'PropertyAssignment', 'ShorthandPropertyAssignment',
  'MethodDeclaration', 'GetAccessor', 'SetAccessor', 'Constructor', 'FunctionDeclaration', 'FunctionExpression', 'ArrowFunction',
  'ClassDeclaration', 'ClassExpression', 'ClassStaticBlockDeclaration', 'PropertyDeclaration', 'Decorator', 'InterfaceDeclaration',
  'TypeAliasDeclaration', 'EnumDeclaration', 'ModuleDeclaration', 'ModuleBlock', 'ImportDeclaration', 'ImportEqualsDeclaration',
  'NamespaceImport', 'NamedImports', 'ExportAssignment', 'ExportDeclaration', 'NamedExports', 'VariableStatement',
  'ExpressionStatement', 'EmptyStatement', 'ExportKeyword', 'DeclareKeyword', 'StaticKeyword', 'MinusToken', 'PlusPlusToken',
  'MinusMinusToken', 'EqualsToken', 'PlusEqualsToken', 'MinusEqualsToken', 'AsteriskEqualsToken', 'AsteriskAsteriskEqualsToken',
  'SlashEqualsToken', 'PercentEqualsToken', 'LessThanLessThanEqualsToken', 'GreaterThanGreaterThanEqualsToken',
  'GreaterThanGreaterThanGreaterThanEqualsToken', 'AmpersandEqualsToken', 'BarEqualsToken', 'CaretEqualsToken',
  'BarBarEqualsToken', 'AmpersandAmpersandEqualsToken', 'QuestionQuestionEqualsToken',
] as const

/** The backend's number for each syntax kind the analysis distinguishes. */
export type SyntaxKinds = Readonly<Record<(typeof syntaxKindNames)[number], number>>

/** The table of `kinds` from a backend's `SyntaxKind` enum; throws if the enum lacks one, so a renamed kind fails loudly. */
export function syntaxKindsOf(enumeration: Readonly<Record<string, unknown>>): SyntaxKinds {
  const table: Record<string, number> = {}
  for (const name of syntaxKindNames) {
    const value = enumeration[name]
    if (typeof value !== 'number') throw new Error(`toolcat: this TypeScript has no SyntaxKind.${name}`)
    table[name] = value
  }
  return table as SyntaxKinds
}

/** One module as the backend parsed it. */
export interface ModuleSyntax {
  readonly file: string
  readonly text: string
  readonly node: SyntaxNode
}

/** The one `ModuleSyntax` of a checker's source file, made on first use and kept in `cache`. */
export function moduleSyntaxOf<F extends { readonly fileName: string; readonly text: string }>(cache: WeakMap<F, ModuleSyntax>, sourceFile: F): ModuleSyntax {
  let module = cache.get(sourceFile)
  if (module === undefined) {
    module = { file: sourceFile.fileName, text: sourceFile.text, node: sourceFile as unknown as SyntaxNode }
    cache.set(sourceFile, module)
  }
  return module
}

/** A text span of a module with a message, e.g. a syntax error. */
export interface SpanMessage {
  readonly start: number
  readonly end: number
  readonly message: string
}

/** An import or re-export's module specifier (a string literal) and the names it takes: each name node, and the export it names (`default` for a default import). */
export interface ImportQuery {
  readonly specifier: SyntaxNode
  readonly names: readonly { readonly node: SyntaxNode; readonly exported: string }[]
}

/** Whether the specifier resolves to a module and, if it does, whether each name resolves (empty when the module does not). */
export interface ImportAnswer {
  readonly module: boolean
  readonly names: readonly boolean[]
}

/** What the checker says about one handler: its parameter type (none when it takes no parameter) and its return type. */
export interface HandlerTypes {
  readonly parameter: TypeView<unknown> | undefined
  readonly returns: TypeView<unknown>
}

/**
 * The analysis view of one program. `start` and `jsDocComment` are syntax; the rest asks the
 * checker, one batch per call.
 */
export interface AnalysisView {
  readonly kinds: SyntaxKinds
  /** The module at an absolute path, when it is part of the program. */
  module(file: string): ModuleSyntax | undefined
  /** The module a node is in (a schema problem may point into another module than the tool's). */
  moduleOf(node: SyntaxNode): ModuleSyntax
  /** Whether a variable declaration list declares `const` (not `let`, `var` or `using`). */
  isConst(list: SyntaxNode): boolean
  /** Where a node's first token starts (after trivia and JSDoc). */
  start(node: SyntaxNode): number
  /** The comment text (tags excluded) of the last JSDoc block attached to a node, untrimmed. */
  jsDocComment(node: SyntaxNode): string | undefined
  /** The source text of that block, `/**` to `*\/`, tags included. */
  jsDocText(node: SyntaxNode): string | undefined
  /** The module's syntax errors, flattened to one line each. */
  syntaxErrors(module: ModuleSyntax): SpanMessage[]
  /**
   * For each import or re-export, whether the checker resolves its module specifier to a module
   * (ambient `declare module` included) and, when it does, each name it takes to a declaration
   * (through every alias: a re-export of a missing name does not resolve).
   */
  resolveImports(imports: readonly ImportQuery[]): ImportAnswer[]
  /** The call signature of each `execute` (undefined when it is not callable). */
  handlerTypes(handlers: readonly SyntaxNode[]): (HandlerTypes | undefined)[]
  /** The type at each node: the type a type node denotes (the `Args` of `defineTool<Args>`), a declaration name's declared type. */
  typesAt(nodes: readonly SyntaxNode[]): TypeView<unknown>[]
  /** The syntax node a schema problem points at (type views carry the backend's own nodes). */
  syntaxNodeOf(node: unknown): SyntaxNode
}
