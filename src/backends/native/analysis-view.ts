import type { Node, SourceFile } from 'typescript/unstable/ast'
import type { Diagnostic, Project, Symbol as NativeSymbol } from 'typescript/unstable/sync'
import type { AnalysisView, HandlerTypes, ImportAnswer, ImportQuery, ModuleSyntax, SpanMessage, SyntaxKinds, SyntaxNode } from '../../analyze/view.js'
import { moduleSyntaxOf, syntaxKindsOf } from '../../analyze/view.js'
import type { TypeView } from '../../schema/view.js'
import { NativeChecker } from './checker.js'
import type { NativeModules } from './load.js'
import { prefetchProperties } from './prefetch.js'
import type { TypeNodeLike } from './written-nodes.js'

/**
 * The analysis view of one snapshot of the native program. Syntax comes from the binary ASTs the
 * API sends once per module; checker questions go out in batches (one request for every
 * specifier, every handler's type, every syntax error of the program).
 */
export class NativeAnalysisView implements AnalysisView {
  readonly kinds: SyntaxKinds
  readonly checker: NativeChecker
  private readonly modules = new Map<string, ModuleSyntax | undefined>()
  private readonly syntaxes = new WeakMap<SourceFile, ModuleSyntax>()
  private syntaxDiagnostics: Map<string, readonly Diagnostic[]> | undefined

  constructor(
    private readonly native: NativeModules,
    private readonly project: Project,
  ) {
    this.kinds = syntaxKindsOf(native.ast.SyntaxKind as unknown as Record<string, unknown>)
    this.checker = new NativeChecker(native, project)
  }

  isConst(list: SyntaxNode): boolean {
    const { NodeFlags } = this.native.ast
    return (list.flags & NodeFlags.BlockScoped) === NodeFlags.Const
  }

  module(file: string): ModuleSyntax | undefined {
    if (!this.modules.has(file)) {
      const sourceFile = this.project.program.getSourceFile(file)
      this.modules.set(file, sourceFile && this.syntaxOf(sourceFile))
    }
    return this.modules.get(file)
  }

  moduleOf(node: SyntaxNode): ModuleSyntax {
    return this.syntaxOf(native(node).getSourceFile())
  }

  private syntaxOf(sourceFile: SourceFile): ModuleSyntax {
    return moduleSyntaxOf(this.syntaxes, sourceFile)
  }

  start(node: SyntaxNode): number {
    return native(node).getStart()
  }

  jsDocComment(node: SyntaxNode): string | undefined {
    const last = native(node).jsDoc?.at(-1) as { comment?: Parameters<NativeModules['ast']['getTextOfJSDocComment']>[0] } | undefined
    return last?.comment === undefined ? undefined : this.native.ast.getTextOfJSDocComment(last.comment)
  }

  jsDocText(node: SyntaxNode): string | undefined {
    const last = native(node).jsDoc?.at(-1)
    return last && native(node).getSourceFile().text.slice(last.pos, last.end)
  }

  syntaxErrors(module: ModuleSyntax): SpanMessage[] {
    // One request for the whole program the first time; most modules have none.
    if (this.syntaxDiagnostics === undefined) {
      this.syntaxDiagnostics = new Map()
      for (const diagnostic of this.project.program.getSyntacticDiagnostics()) {
        const file = diagnostic.fileName ?? ''
        this.syntaxDiagnostics.set(file, [...(this.syntaxDiagnostics.get(file) ?? []), diagnostic])
      }
    }
    const fileName = (module.node as unknown as SourceFile).fileName
    return (this.syntaxDiagnostics.get(fileName) ?? []).map((diagnostic) => ({ start: diagnostic.pos, end: diagnostic.end, message: flatten(diagnostic) }))
  }

  resolveImports(imports: readonly ImportQuery[]): ImportAnswer[] {
    if (imports.length === 0) return []
    const { checker } = this.project
    // One request for every specifier; then one per distinct module for its exports (`export *`
    // included), looked up locally by name. A name the exports lack (a default import of an
    // `export =` module…) is asked where it is written, in one more request.
    const modules = checker.getSymbolAtLocation(imports.map(({ specifier }) => native(specifier)))
    const answers = imports.map(({ names }, index) => {
      const module = modules[index]
      if (module === undefined) return { module: false, names: [] as (boolean | undefined)[] }
      const exports = this.exportsOf(module)
      return { module: true, names: names.map(({ exported }) => {
        const symbol = exports.get(exported)
        return symbol === undefined ? undefined : this.declares(symbol)
      }) }
    })
    const unknown = imports.flatMap(({ names }, index) => names.filter((_, name) => answers[index]?.names[name] === undefined).map(({ node }) => native(node)))
    const asked = unknown.length === 0 ? [] : checker.getSymbolAtLocation(unknown)
    let next = 0
    return answers.map(({ module, names }) => ({
      module,
      names: names.map((known) => {
        if (known !== undefined) return known
        const symbol = asked[next++]
        return symbol !== undefined && this.declares(symbol)
      }),
    }))
  }

  private readonly moduleExports = new Map<number, ReadonlyMap<string, NativeSymbol>>()
  private readonly aliasTargets = new Map<number, boolean>()

  /** A module's exports by name, asked once per module. */
  private exportsOf(module: NativeSymbol): ReadonlyMap<string, NativeSymbol> {
    let exports = this.moduleExports.get(module.id)
    if (exports === undefined) {
      exports = new Map(this.project.checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]))
      this.moduleExports.set(module.id, exports)
    }
    return exports
  }

  /** Whether a symbol ends, through every alias, at a declaration (an unresolved alias ends at the checker's `unknown` symbol, which has none). */
  private declares(symbol: NativeSymbol): boolean {
    if ((symbol.flags & this.native.sync.SymbolFlags.Alias) === 0) return symbol.declarations.length > 0
    let resolved = this.aliasTargets.get(symbol.id)
    if (resolved === undefined) {
      const target = this.project.checker.getAliasedSymbol(symbol)
      resolved = !this.project.checker.isUnknownSymbol(target) && target.declarations.length > 0
      this.aliasTargets.set(symbol.id, resolved)
    }
    return resolved
  }

  handlerTypes(handlers: readonly SyntaxNode[]): (HandlerTypes | undefined)[] {
    if (handlers.length === 0) return []
    const { checker } = this.project
    const { SignatureKind } = this.native.sync
    const written = handlers.map((handler) => this.writtenParameter(handler))
    // One batch for the types of the handlers not written as functions, one for every written first parameter.
    const others = handlers.filter((_, index) => written[index] === undefined)
    const otherTypes = others.length === 0 ? [] : checker.getTypeAtLocation(others.map(native))
    const parameterNodes = written.filter((parameter) => parameter !== undefined && parameter !== 'none') as Node[]
    const parameterTypes = parameterNodes.length === 0 ? [] : checker.getTypeAtLocation(parameterNodes)
    // The parameters' own interfaces (`args: Tool_0001_Params`), whose symbols the views' kinds read, in one request.
    this.checker.localSymbols.seed(parameterNodes.map((parameter) => (parameter as TypeNodeLike).type))
    let other = 0
    let parameterIndex = 0
    const found = handlers.map((handler, index) => {
      const parameter = written[index]
      const signature =
        parameter === undefined
          ? (() => {
              const type = otherTypes[other++]
              return type === undefined ? undefined : checker.getSignaturesOfType(type, SignatureKind.Call)[0]
            })()
          : checker.getSignatureFromDeclaration(native(handler))
      const parameterType =
        parameter === undefined ? this.firstParameterType(signature) : parameter === 'none' ? undefined : parameterTypes[parameterIndex++]
      const returns = signature && checker.getReturnTypeOfSignature(signature)
      if (!signature || !returns) return undefined
      // Views read from the written type nodes give union members their written order.
      const writtenParameter = parameter === undefined || parameter === 'none' ? undefined : (parameter as TypeNodeLike).type
      const writtenReturn = parameter === undefined ? undefined : (native(handler) as TypeNodeLike).type
      return { parameter: parameterType && this.checker.view(parameterType, writtenParameter), returns: this.checker.view(returns, writtenReturn) }
    })
    // What the schemas will read of every parameter and (awaited, or streamed) output type, fetched by levels.
    const outputs = found.map((types) => types && (types.returns.awaited().asyncElement() ?? types.returns.awaited()))
    prefetchProperties(this.checker, [...found.map((types) => types?.parameter), ...outputs].filter((view) => view !== undefined))
    return found
  }

  /** The first parameter of a handler written as a function (`this` is no parameter), as ts-morph's function-like declarations; `none` when it takes none. */
  private writtenParameter(handler: SyntaxNode): Node | 'none' | undefined {
    const k = this.kinds
    const functionLike = [k.MethodDeclaration, k.FunctionExpression, k.ArrowFunction, k.FunctionDeclaration]
    if (!functionLike.includes(handler.kind)) return undefined
    const parameters = (handler.parameters ?? []).filter((parameter) => !(parameter.name?.kind === k.Identifier && parameter.name.text === 'this'))
    return parameters[0] === undefined ? 'none' : native(parameters[0])
  }

  private firstParameterType(signature: ReturnType<Project['checker']['getSignaturesOfType']>[number] | undefined) {
    const symbol = signature?.getParameters()[0]
    return symbol && this.project.checker.getTypeOfSymbol(symbol)
  }

  typesAt(nodes: readonly SyntaxNode[]): TypeView<unknown>[] {
    if (nodes.length === 0) return []
    const { isTypeNode } = this.native.ast
    return this.project.checker.getTypeAtLocation(nodes.map(native)).map((type, index) => {
      if (type === undefined) throw new Error('toolcat: the native checker has no type at a node it parsed')
      const node = native(nodes[index] as SyntaxNode)
      return this.checker.view(type, isTypeNode(node) ? (node as TypeNodeLike) : undefined)
    })
  }

  syntaxNodeOf(node: unknown): SyntaxNode {
    return node as SyntaxNode
  }
}

function native(node: SyntaxNode): Node {
  return node as unknown as Node
}

/** A diagnostic and its chained messages on one line, as TypeScript 6's `flattenDiagnosticMessageText(…, ' ')` writes them. */
function flatten(diagnostic: Diagnostic, indent = 0): string {
  const own = indent === 0 ? diagnostic.text : ` ${'  '.repeat(indent)}${diagnostic.text}`
  return own + (diagnostic.messageChain ?? []).map((next) => flatten(next, indent + 1)).join('')
}
