import type { AnalysisView, ModuleSyntax, SyntaxKinds, SyntaxNode } from './view.js'

/** One module being analysed: its syntax, the view that parsed it and the project root diagnostics are relative to. */
export class ModuleReader {
  readonly k: SyntaxKinds

  constructor(
    readonly view: AnalysisView,
    readonly module: ModuleSyntax,
    readonly root: string,
  ) {
    this.k = view.kinds
  }

  /** The module's top-level statements. */
  get statements(): readonly SyntaxNode[] {
    return this.module.node.statements ?? []
  }

  /** Where a node's first token starts. */
  start(node: SyntaxNode): number {
    return this.view.start(node)
  }

  /** The source text of a node, without leading trivia. */
  text(node: SyntaxNode): string {
    return this.module.text.slice(this.view.start(node), node.end)
  }

  /** The text of an identifier or string-like literal, else undefined. */
  nameOf(node: SyntaxNode | undefined): string | undefined {
    return node !== undefined && (node.kind === this.k.Identifier || this.isStringLike(node)) ? node.text : undefined
  }

  isStringLike(node: SyntaxNode): boolean {
    return node.kind === this.k.StringLiteral || node.kind === this.k.NoSubstitutionTemplateLiteral
  }

  /** Whether a declaration carries a modifier keyword (`export`, `declare`, `static`). */
  hasModifier(node: SyntaxNode, kind: number): boolean {
    return node.modifiers?.some((modifier) => modifier.kind === kind) ?? false
  }

  /** The string of an import or export declaration's module specifier. */
  specifierOf(declaration: SyntaxNode): string | undefined {
    const specifier = declaration.moduleSpecifier
    return specifier !== undefined && specifier.kind === this.k.StringLiteral ? specifier.text : undefined
  }
}
