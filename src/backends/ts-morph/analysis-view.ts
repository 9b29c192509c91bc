import { Node, ts, type Project, type SourceFile, type Type } from 'ts-morph'
import type { AnalysisView, HandlerTypes, ImportAnswer, ImportQuery, ModuleSyntax, SpanMessage, SyntaxNode } from '../../analyze/view.js'
import { moduleSyntaxOf, syntaxKindsOf } from '../../analyze/view.js'
import type { TypeView } from '../../schema/view.js'
import { tsMorphViews, writtenAt } from '../../schema/view-ts-morph.js'

const kinds = syntaxKindsOf(ts.SyntaxKind as unknown as Record<string, unknown>)

/**
 * The analysis view over a ts-morph Project. Syntax is read from the compiler's own nodes (cheaper
 * than ts-morph's wrappers); the few nodes whose types are asked for are wrapped on the way in.
 */
export class TsMorphAnalysisView implements AnalysisView {
  readonly kinds = kinds
  private readonly modules = new WeakMap<ts.SourceFile, ModuleSyntax>()

  constructor(private readonly project: Project) {}

  isConst(list: SyntaxNode): boolean {
    return (list.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Const
  }

  module(file: string): ModuleSyntax | undefined {
    const sourceFile = this.project.getSourceFile(file)
    return sourceFile && this.syntaxOf(sourceFile.compilerNode)
  }

  moduleOf(node: SyntaxNode): ModuleSyntax {
    return this.syntaxOf(compiler(node).getSourceFile())
  }

  // ts-morph's file paths: absolute, forward slashes, as the compiler's file names.
  private syntaxOf(sourceFile: ts.SourceFile): ModuleSyntax {
    return moduleSyntaxOf(this.modules, sourceFile)
  }

  start(node: SyntaxNode): number {
    return compiler(node).getStart()
  }

  jsDocComment(node: SyntaxNode): string | undefined {
    const docs = ts.getJSDocCommentsAndTags(compiler(node)).filter(ts.isJSDoc)
    const last = docs[docs.length - 1]
    return last ? ts.getTextOfJSDocComment(last.comment) : undefined
  }

  jsDocText(node: SyntaxNode): string | undefined {
    const last = ts.getJSDocCommentsAndTags(compiler(node)).filter(ts.isJSDoc).at(-1)
    return last && last.getSourceFile().text.slice(last.pos, last.end)
  }

  syntaxErrors(module: ModuleSyntax): SpanMessage[] {
    const program = this.project.getProgram().compilerObject
    return program.getSyntacticDiagnostics(compiler(module.node) as ts.SourceFile).map((diagnostic) => ({
      start: diagnostic.start,
      end: diagnostic.start + diagnostic.length,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    }))
  }

  resolveImports(imports: readonly ImportQuery[]): ImportAnswer[] {
    const checker = this.project.getTypeChecker().compilerObject
    return imports.map(({ specifier, names }) =>
      checker.getSymbolAtLocation(compiler(specifier)) === undefined
        ? { module: false, names: [] }
        : { module: true, names: names.map(({ node }) => resolves(checker, compiler(node))) },
    )
  }

  handlerTypes(handlers: readonly SyntaxNode[]): (HandlerTypes | undefined)[] {
    return handlers.map((handler) => {
      const execute = this.wrap(handler)
      const signature = execute.getType().getCallSignatures()[0]
      if (!signature) return undefined
      const parameter = signature.getParameters()[0]?.getTypeAtLocation(execute)
      const views = tsMorphViews(execute)
      // Views read from the written type nodes give union members their written order.
      const declared = Node.isFunctionLikeDeclaration(execute) ? execute : undefined
      const parameterNode = declared?.getParameters()[0]
      return {
        parameter: parameter && views(parameter, parameterNode && writtenAt(parameterNode)),
        returns: views(signature.getReturnType(), declared?.getReturnTypeNode()),
      }
    })
  }

  typesAt(nodes: readonly SyntaxNode[]): TypeView<unknown>[] {
    return nodes.map((node) => {
      const wrapped = this.wrap(node)
      return tsMorphViews(wrapped)(wrapped.getType() as Type, writtenAt(wrapped))
    })
  }

  syntaxNodeOf(node: unknown): SyntaxNode {
    return (node instanceof Node ? node.compilerNode : node) as SyntaxNode
  }

  /** ts-morph's wrapper of a compiler node: the ancestor of the deepest node at its start that wraps it. */
  private wrap(node: SyntaxNode): Node {
    const target = compiler(node)
    const sourceFile = this.project.getSourceFileOrThrow(target.getSourceFile().fileName) as SourceFile
    let wrapped: Node | undefined = sourceFile.getDescendantAtPos(target.getStart())
    while (wrapped !== undefined && wrapped.compilerNode !== target) wrapped = wrapped.getParent()
    if (wrapped === undefined) throw new Error(`toolcat: no ts-morph node wraps ${ts.SyntaxKind[target.kind]} at ${target.pos}`)
    return wrapped
  }
}

function compiler(node: SyntaxNode): ts.Node {
  return node as unknown as ts.Node
}

/** Whether an imported name resolves to a declaration (an unresolved alias ends at the checker's `unknown` symbol, which has none). */
function resolves(checker: ts.TypeChecker, name: ts.Node): boolean {
  const symbol = checker.getSymbolAtLocation(name)
  if (symbol === undefined) return false
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  return (target.declarations?.length ?? 0) > 0
}
