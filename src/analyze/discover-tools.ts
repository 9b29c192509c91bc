import { Node, type CallExpression, type SourceFile, type Statement } from 'ts-morph'
import type { DefineToolMatcher } from './define-tool-calls.js'
import { unwrapExpression } from './static-value.js'

/** One exported `defineTool(...)` call found in a tool module. */
export interface DefinitionSite {
  /** The export name (`default` for the default export). */
  readonly exportName: string
  readonly call: CallExpression
  /** The statement whose JSDoc describes the tool. */
  readonly documented: Statement
}

/**
 * Finds every exported tool definition of a module: `export const x = defineTool(...)`,
 * `export default defineTool(...)`, and a module-level `const` holding one, exported by name or as default.
 */
export function discoverTools(sourceFile: SourceFile, isDefineTool: DefineToolMatcher): DefinitionSite[] {
  const locals = localDefinitions(sourceFile, isDefineTool)
  const sites: DefinitionSite[] = []
  for (const statement of sourceFile.getStatements()) {
    if (Node.isExportAssignment(statement) && !statement.isExportEquals()) {
      const expression = unwrapExpression(statement.getExpression())
      if (isDefineTool(expression)) sites.push({ exportName: 'default', call: expression, documented: statement })
      const local = Node.isIdentifier(expression) ? locals.get(expression.getText()) : undefined
      if (local) sites.push({ ...local, exportName: 'default' })
    } else if (Node.isVariableStatement(statement) && statement.isExported()) {
      for (const declaration of statement.getDeclarations()) {
        const local = locals.get(declaration.getName())
        if (local) sites.push({ ...local, exportName: declaration.getName() })
      }
    } else if (Node.isExportDeclaration(statement) && !statement.hasModuleSpecifier()) {
      for (const specifier of statement.getNamedExports()) {
        const local = locals.get(specifier.getName())
        const exportName = specifier.getAliasNode()?.getText() ?? specifier.getName()
        if (local) sites.push({ ...local, exportName })
      }
    }
  }
  return sites
}

function localDefinitions(sourceFile: SourceFile, isDefineTool: DefineToolMatcher): Map<string, Omit<DefinitionSite, 'exportName'>> {
  const locals = new Map<string, Omit<DefinitionSite, 'exportName'>>()
  for (const statement of sourceFile.getVariableStatements()) {
    for (const declaration of statement.getDeclarations()) {
      const initializer = declaration.getInitializer()
      const call = initializer && unwrapExpression(initializer)
      if (call && isDefineTool(call) && Node.isIdentifier(declaration.getNameNode())) {
        locals.set(declaration.getName(), { call, documented: statement })
      }
    }
  }
  return locals
}
