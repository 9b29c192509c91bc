import type { Catalog } from '../../runtime/catalog.js'
import { advertisedDefinition, advertisedDescription, generatedHeader, identifierOf, jsdoc, toolIdentifiers, valueLiteral } from '../shared/literals.js'

/**
 * `catalog.js`: one named export per tool definition and a default export listing them all in
 * catalog order, nothing else. Each export is a plain object literal (no call a bundler would have
 * to keep; every key kept as data, see `valueLiteral`), so importing one definition pulls no other into a bundle.
 */
export function generateCatalogModule(catalog: Catalog): string {
  const identifiers = toolIdentifiers(catalog)
  const exports = catalog.tools.map((tool) => {
    const definition = valueLiteral(advertisedDefinition(tool))
    return `${jsdoc(advertisedDescription(tool))}export const ${identifierOf(identifiers, tool)} = ${definition}\n`
  })
  const all = catalog.tools.map((tool) => identifierOf(identifiers, tool)).join(', ')
  return `${generatedHeader(catalog)}\n${exports.join('\n')}\n/** Every definition of the catalog, in catalog order. */\nexport default [${all}]\n`
}
