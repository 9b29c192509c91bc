import { ts, type Node, type SourceFile } from 'ts-morph'

const { SymbolFlags } = ts
import { codes } from './codes.js'
import type { Diagnostic } from './diagnostic.js'
import { diagnosticAt } from './locate.js'

/**
 * TC1010: the imports and re-exports of a tool module that the compiler cannot resolve — a module
 * it cannot find, or a name the module does not export. The checker would read every type they
 * bring as `any`, and the schema would silently accept anything. Asks the checker for each
 * specifier's module symbol (ambient `declare module` included) and each imported name's target;
 * checks nothing else.
 */
export function unresolvedImports(sourceFile: SourceFile, root: string): Diagnostic[] {
  const checker = sourceFile.getProject().getTypeChecker().compilerObject
  const found: Diagnostic[] = []
  for (const declaration of [...sourceFile.getImportDeclarations(), ...sourceFile.getExportDeclarations()]) {
    const specifier = declaration.getModuleSpecifier()
    // `toolcat` itself is exempt: `defineTool` is recognised by the analysis, and no tool's schema
    // depends on toolcat's types.
    if (specifier === undefined || specifier.getLiteralText() === 'toolcat') continue
    if (checker.getSymbolAtLocation(specifier.compilerNode) === undefined) {
      found.push(
        diagnosticAt(root, specifier, {
          code: codes.unresolvedImport,
          message: `cannot resolve ${specifier.getText()}: the types it brings would be read as any`,
          hint: 'check the path, or install the package (with its types) the module imports',
        }),
      )
      continue
    }
    for (const name of importedNames(declaration)) {
      if (resolves(checker, name.compilerNode)) continue
      found.push(
        diagnosticAt(root, name, {
          code: codes.unresolvedImport,
          message: `cannot resolve \`${name.getText()}\` in ${specifier.getText()}: the types it brings would be read as any`,
          hint: `check the name: ${specifier.getText()} exports no \`${name.getText()}\``,
        }),
      )
    }
  }
  return found
}

/** The names an import or re-export takes from its module: named members (as the module spells them) and the default import. */
function importedNames(declaration: ReturnType<SourceFile['getImportDeclarations']>[number] | ReturnType<SourceFile['getExportDeclarations']>[number]): Node[] {
  if ('getNamedImports' in declaration) {
    const named = declaration.getNamedImports().map((specifier) => specifier.getNameNode())
    const fallback = declaration.getDefaultImport()
    return fallback === undefined ? named : [fallback, ...named]
  }
  return declaration.getNamedExports().map((specifier) => specifier.getNameNode())
}

/** Whether an imported name resolves to a declaration (an unresolved alias ends at the checker's `unknown` symbol, which has none). */
function resolves(checker: ts.TypeChecker, name: ts.Node): boolean {
  const symbol = checker.getSymbolAtLocation(name)
  if (symbol === undefined) return false
  const target = symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  return (target.declarations?.length ?? 0) > 0
}
