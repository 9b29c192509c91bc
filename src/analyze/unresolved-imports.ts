import type { SourceFile } from 'ts-morph'
import { codes } from './codes.js'
import type { Diagnostic } from './diagnostic.js'
import { diagnosticAt } from './locate.js'

/**
 * TC1010: the imports and re-exports of a tool module that the compiler cannot resolve. The
 * checker would read every type they bring as `any`, and the schema would silently accept anything.
 * Asks the checker for each specifier's module symbol only (ambient `declare module` included);
 * checks nothing else.
 */
export function unresolvedImports(sourceFile: SourceFile, root: string): Diagnostic[] {
  const checker = sourceFile.getProject().getTypeChecker().compilerObject
  const specifiers = [...sourceFile.getImportDeclarations(), ...sourceFile.getExportDeclarations()].flatMap((declaration) => {
    const specifier = declaration.getModuleSpecifier()
    return specifier === undefined ? [] : [specifier]
  })
  return specifiers
    // `toolcat` itself is exempt: `defineTool` is recognised by the analysis, and no tool's schema
    // depends on toolcat's types.
    .filter((specifier) => specifier.getLiteralText() !== 'toolcat' && checker.getSymbolAtLocation(specifier.compilerNode) === undefined)
    .map((specifier) =>
      diagnosticAt(root, specifier, {
        code: codes.unresolvedImport,
        message: `cannot resolve ${specifier.getText()}: the types it brings would be read as any`,
        hint: 'check the path, or install the package (with its types) the module imports',
      }),
    )
}
