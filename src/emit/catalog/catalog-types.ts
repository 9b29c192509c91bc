import type { Catalog } from '../../runtime/catalog.js'
import { advertisedDescription, generatedHeader, identifierOf, jsdoc, stringLiteral, toolIdentifiers } from '../shared/literals.js'

/** `catalog.d.ts`: each named definition typed with its literal tool name, and the default array as a tuple. */
export function generateCatalogTypes(catalog: Catalog): string {
  const identifiers = toolIdentifiers(catalog)
  const declarations = catalog.tools.map((tool) => {
    const type = `ToolDefinition & { readonly name: ${stringLiteral(tool.name)} }`
    return `${jsdoc(advertisedDescription(tool))}export declare const ${identifierOf(identifiers, tool)}: ${type}\n`
  })
  const all = catalog.tools.map((tool) => `typeof ${identifierOf(identifiers, tool)}`).join(', ')
  return (
    `${generatedHeader(catalog)}import type { ToolDefinition } from 'toolcat'\n\n${declarations.join('\n')}\n` +
    `/** Every definition of the catalog, in catalog order. */\ndeclare const definitions: readonly [${all}]\nexport default definitions\n`
  )
}
