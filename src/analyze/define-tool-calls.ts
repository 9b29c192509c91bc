import type { ModuleReader } from './module-reader.js'
import type { SyntaxNode } from './view.js'

/** The package whose `defineTool` marks a tool definition. */
const TOOLCAT_MODULE = 'toolcat'

/** Recognises calls of `defineTool` imported from 'toolcat' in one module, under any alias. */
export type DefineToolMatcher = (node: SyntaxNode) => boolean

/**
 * Builds the matcher for a module from its imports, syntactically, so a module is recognised
 * even when 'toolcat' does not resolve: `import { defineTool as d }` and `import * as t` both count.
 */
export function defineToolMatcher(reader: ModuleReader): DefineToolMatcher {
  const { k } = reader
  const names = new Set<string>()
  const namespaces = new Set<string>()
  for (const declaration of reader.statements) {
    if (declaration.kind !== k.ImportDeclaration || reader.specifierOf(declaration) !== TOOLCAT_MODULE) continue
    const bindings = declaration.importClause?.namedBindings
    if (bindings?.kind === k.NamedImports) {
      for (const specifier of bindings.elements ?? []) {
        if (reader.nameOf(specifier.propertyName ?? specifier.name) === 'defineTool') names.add(reader.nameOf(specifier.name) ?? '')
      }
    } else if (bindings?.kind === k.NamespaceImport) {
      namespaces.add(reader.nameOf(bindings.name) ?? '')
    }
  }
  return (node) => {
    if (node.kind !== k.CallExpression || node.expression === undefined) return false
    const callee = node.expression
    if (callee.kind === k.Identifier) return names.has(callee.text ?? '')
    return (
      callee.kind === k.PropertyAccessExpression &&
      reader.nameOf(callee.name) === 'defineTool' &&
      callee.expression?.kind === k.Identifier &&
      namespaces.has(callee.expression.text ?? '')
    )
  }
}
