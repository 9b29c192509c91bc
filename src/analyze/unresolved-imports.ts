import { codes } from './codes.js'
import type { Diagnostic } from './diagnostic.js'
import { diagnosticAt } from './locate.js'
import type { ModuleReader } from './module-reader.js'
import type { ImportQuery, SyntaxNode } from './view.js'

/** The imports and re-exports of a module that name a module specifier, except `toolcat` itself, with the names each takes from its module. */
export function importQueries(reader: ModuleReader): ImportQuery[] {
  const { k } = reader
  return reader.statements.flatMap((statement) => {
    if (statement.kind !== k.ImportDeclaration && statement.kind !== k.ExportDeclaration) return []
    const specifier = statement.moduleSpecifier
    // `toolcat` itself is exempt: `defineTool` is recognised by the analysis, and no tool's schema
    // depends on toolcat's types.
    if (specifier === undefined || !reader.isStringLike(specifier) || specifier.text === 'toolcat') return []
    return [{ specifier, names: importedNames(reader, statement) }]
  })
}

/** The names an import or re-export takes from its module: the default import, and named members as the module spells them. */
function importedNames(reader: ModuleReader, declaration: SyntaxNode): ImportQuery['names'] {
  const { k } = reader
  const named = (list: SyntaxNode | undefined) =>
    (list?.elements ?? []).flatMap((element) => {
      const node = element.propertyName ?? element.name
      const exported = reader.nameOf(node)
      return node === undefined || exported === undefined ? [] : [{ node, exported }]
    })
  if (declaration.kind === k.ExportDeclaration) {
    const clause = declaration.exportClause
    return clause?.kind === k.NamedExports ? named(clause) : []
  }
  const clause = declaration.importClause
  const fallback = clause?.name
  const bindings = clause?.namedBindings
  const members = bindings?.kind === k.NamedImports ? named(bindings) : []
  return fallback === undefined ? members : [{ node: fallback, exported: 'default' }, ...members]
}

/**
 * TC1010: the imports and re-exports of tool modules that the compiler cannot resolve — a module
 * it cannot find, or a name the module does not export. The checker would read every type they
 * bring as `any`, and the schema would silently accept anything. Asks the checker, in one batch
 * for every module, for each specifier's module symbol (ambient `declare module` included) and
 * each imported name's target; checks nothing else.
 */
export function unresolvedImports(readers: readonly ModuleReader[]): Diagnostic[][] {
  const queries = readers.map(importQueries)
  const view = readers[0]?.view
  const answers = view === undefined ? [] : view.resolveImports(queries.flat())
  let index = 0
  return readers.map((reader, module) =>
    (queries[module] ?? []).flatMap((query) => {
      const answer = answers[index++]
      const specifier = reader.text(query.specifier)
      if (answer?.module !== true) {
        return [diagnosticAt(reader, query.specifier, {
          code: codes.unresolvedImport,
          message: `cannot resolve ${specifier}: the types it brings would be read as any`,
          hint: 'check the path, or install the package (with its types) the module imports',
        })]
      }
      return query.names.flatMap(({ node }, name) => {
        if (answer.names[name] === true) return []
        const text = reader.text(node)
        return [diagnosticAt(reader, node, {
          code: codes.unresolvedImport,
          message: `cannot resolve \`${text}\` in ${specifier}: the types it brings would be read as any`,
          hint: `check the name: ${specifier} exports no \`${text}\``,
        })]
      })
    }),
  )
}
