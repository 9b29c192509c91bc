import { codes } from './codes.js'
import type { Diagnostic } from './diagnostic.js'
import { diagnosticAt } from './locate.js'
import type { ModuleReader } from './module-reader.js'
import type { SyntaxNode } from './view.js'

/** The module specifiers of a module's imports and re-exports, except `toolcat` itself. */
export function importSpecifiers(reader: ModuleReader): SyntaxNode[] {
  const { k } = reader
  return reader.statements.flatMap((statement) => {
    if (statement.kind !== k.ImportDeclaration && statement.kind !== k.ExportDeclaration) return []
    const specifier = statement.moduleSpecifier
    // `toolcat` itself is exempt: `defineTool` is recognised by the analysis, and no tool's schema
    // depends on toolcat's types.
    return specifier !== undefined && reader.isStringLike(specifier) && specifier.text !== 'toolcat' ? [specifier] : []
  })
}

/**
 * TC1010: the imports and re-exports of tool modules that the compiler cannot resolve. The
 * checker would read every type they bring as `any`, and the schema would silently accept anything.
 * Asks the checker, in one batch for every module, for each specifier's module symbol only
 * (ambient `declare module` included); checks nothing else.
 */
export function unresolvedImports(readers: readonly ModuleReader[]): Diagnostic[][] {
  const specifiers = readers.map(importSpecifiers)
  const view = readers[0]?.view
  const resolved = view === undefined ? [] : view.resolvesModules(specifiers.flat())
  let index = 0
  return readers.map((reader, module) =>
    (specifiers[module] ?? []).flatMap((specifier) =>
      resolved[index++] === true
        ? []
        : [diagnosticAt(reader, specifier, {
            code: codes.unresolvedImport,
            message: `cannot resolve ${reader.text(specifier)}: the types it brings would be read as any`,
            hint: 'check the path, or install the package (with its types) the module imports',
          })],
    ),
  )
}
