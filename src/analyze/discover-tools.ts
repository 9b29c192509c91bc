import type { DefineToolMatcher } from './define-tool-calls.js'
import type { ModuleReader } from './module-reader.js'
import { unwrapExpression } from './static-value.js'
import type { SyntaxNode } from './view.js'

/** One exported `defineTool(...)` call found in a tool module. */
export interface DefinitionSite {
  /** The export name (`default` for the default export). */
  readonly exportName: string
  readonly call: SyntaxNode
  /** The statement whose JSDoc describes the tool. */
  readonly documented: SyntaxNode
}

/**
 * Finds every exported tool definition of a module: `export const x = defineTool(...)`,
 * `export default defineTool(...)`, and a module-level `const` holding one, exported by name or as default.
 */
export function discoverTools(reader: ModuleReader, isDefineTool: DefineToolMatcher): DefinitionSite[] {
  const { k } = reader
  const locals = localDefinitions(reader, isDefineTool)
  const sites: DefinitionSite[] = []
  for (const statement of reader.statements) {
    if (statement.kind === k.ExportAssignment && !statement.isExportEquals && statement.expression) {
      const expression = unwrapExpression(reader, statement.expression)
      if (isDefineTool(expression)) sites.push({ exportName: 'default', call: expression, documented: statement })
      const local = expression.kind === k.Identifier ? locals.get(expression.text ?? '') : undefined
      if (local) sites.push({ ...local, exportName: 'default' })
    } else if (statement.kind === k.VariableStatement && reader.hasModifier(statement, k.ExportKeyword)) {
      for (const declaration of statement.declarationList?.declarations ?? []) {
        const name = reader.nameOf(declaration.name)
        const local = name === undefined ? undefined : locals.get(name)
        if (local && name !== undefined) sites.push({ ...local, exportName: name })
      }
    } else if (statement.kind === k.ExportDeclaration && statement.moduleSpecifier === undefined && statement.exportClause?.kind === k.NamedExports) {
      for (const specifier of statement.exportClause.elements ?? []) {
        const local = locals.get(reader.nameOf(specifier.propertyName ?? specifier.name) ?? '')
        const exportName = reader.nameOf(specifier.name)
        if (local && exportName !== undefined) sites.push({ ...local, exportName })
      }
    }
  }
  return sites
}

function localDefinitions(reader: ModuleReader, isDefineTool: DefineToolMatcher): Map<string, Omit<DefinitionSite, 'exportName'>> {
  const { k } = reader
  const locals = new Map<string, Omit<DefinitionSite, 'exportName'>>()
  for (const statement of reader.statements) {
    if (statement.kind !== k.VariableStatement) continue
    for (const declaration of statement.declarationList?.declarations ?? []) {
      const call = declaration.initializer && unwrapExpression(reader, declaration.initializer)
      if (call && isDefineTool(call) && declaration.name?.kind === k.Identifier) {
        locals.set(declaration.name.text ?? '', { call, documented: statement })
      }
    }
  }
  return locals
}
