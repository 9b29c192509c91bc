import type { Catalog } from '../../runtime/catalog.js'
import { advertisedDescription, generatedHeader, identifierOf, jsdoc, stringLiteral, toolIdentifiers } from '../shared/literals.js'
import { toolTypes } from './registry-types.js'

/**
 * The declaration file the bundler plugin writes for an app: it fills the `Tools` interface that
 * `toolcat/client` declares in `~toolcat/registry`, so `createRegistry()` is typed by the app's
 * tools as the CLI's `registry.d.ts` is (`call`, `stream` chunks, `handlers`), and declares each
 * named export of `~toolcat/catalog`. A script, not a module: its `declare module` blocks merge
 * with those of `toolcat/client`, which it references.
 */
export function generateVirtualModuleTypes(catalog: Catalog): string {
  const { members, aliases } = toolTypes(catalog, '    ')
  const identifiers = toolIdentifiers(catalog)
  const definitions = catalog.tools.map((tool) => {
    const type = `ToolDefinition & { readonly name: ${stringLiteral(tool.name)} }`
    return `${jsdoc(advertisedDescription(tool), '  ')}  export const ${identifierOf(identifiers, tool)}: ${type}\n`
  })
  return (
    `${generatedHeader(catalog)}// Written by the toolcat bundler plugin (option \`dts\`) whenever the tools' types change.\n` +
    '/// <reference types="toolcat/client" />\n\n' +
    "declare module '~toolcat/registry' {\n" +
    '  /** Argument, result and stream chunk types of each tool of the app, by tool name. */\n' +
    `  export interface Tools {\n${members.join('')}  }\n` +
    aliases.map((alias) => `  ${alias}`).join('') +
    '}\n\n' +
    "declare module '~toolcat/catalog' {\n" +
    "  import type { ToolDefinition } from 'toolcat'\n" +
    `${definitions.join('')}}\n`
  )
}
