import { Node, type CallExpression, type SourceFile } from 'ts-morph'

/** The package whose `defineTool` marks a tool definition. */
const TOOLCAT_MODULE = 'toolcat'

/** Recognises calls of `defineTool` imported from 'toolcat' in one module, under any alias. */
export type DefineToolMatcher = (node: Node) => node is CallExpression

/**
 * Builds the matcher for `sourceFile` from its imports, syntactically, so a module is recognised
 * even when 'toolcat' does not resolve: `import { defineTool as d }` and `import * as t` both count.
 */
export function defineToolMatcher(sourceFile: SourceFile): DefineToolMatcher {
  const names = new Set<string>()
  const namespaces = new Set<string>()
  for (const declaration of sourceFile.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== TOOLCAT_MODULE) continue
    for (const specifier of declaration.getNamedImports()) {
      if (specifier.getName() === 'defineTool') names.add(specifier.getAliasNode()?.getText() ?? 'defineTool')
    }
    const namespace = declaration.getNamespaceImport()
    if (namespace) namespaces.add(namespace.getText())
  }
  return (node: Node): node is CallExpression => {
    if (!Node.isCallExpression(node)) return false
    const callee = node.getExpression()
    if (Node.isIdentifier(callee)) return names.has(callee.getText())
    return (
      Node.isPropertyAccessExpression(callee) &&
      callee.getName() === 'defineTool' &&
      namespaces.has(callee.getExpression().getText())
    )
  }
}
