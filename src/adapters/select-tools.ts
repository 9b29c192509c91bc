import type { JsonSchema, ToolInterface } from '../runtime/types.js'
import type { AdapterOptions, CatalogEntryInfo, ToolSource } from './options.js'

/** T1: the one name pattern every provider accepts; a prefixed name must still match it. */
const toolName = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/

/** One registry tool as an adapter hands it to a framework. */
export interface SelectedTool {
  /** The registry's name, which calls are dispatched on. */
  readonly name: string
  /** The name the framework and the model see: the prefix, then the registry's name. */
  readonly exposedName: string
  readonly title?: string
  /** The advertised description: the summary when authored, else the description. */
  readonly description?: string
  /** The parameter schema, read (and, for a generated registry, parsed) only when called. */
  readonly parameters: () => JsonSchema
  /** The output schema, when the catalog option carries one. */
  readonly output?: JsonSchema
  readonly stream: boolean
  readonly consequential: boolean
}

/**
 * Picks the tools an adapter exposes, in order, with their exposed names. Reads definitions only:
 * no tool module is imported and no schema is parsed here.
 */
export function selectTools(registry: ToolSource, options: AdapterOptions<string, string>): readonly SelectedTool[] {
  const prefix = options.prefix ?? ''
  const info = catalogInfo(options.catalog)
  const chosen = options.tools === undefined ? registry.tools() : options.tools.map((name) => requireTool(registry, name))
  const exposed = new Set<string>()
  return chosen.map((tool) => {
    const exposedName = `${prefix}${tool.name}`
    if (!toolName.test(exposedName)) throw new TypeError(`tool name ${JSON.stringify(exposedName)} does not match ${toolName.source}`)
    if (exposed.has(exposedName)) throw new TypeError(`tool ${exposedName} is listed twice`)
    exposed.add(exposedName)
    const entry = info.get(tool.name)
    const description = tool.summary ?? tool.description
    return {
      name: tool.name,
      exposedName,
      ...(tool.title !== undefined && { title: tool.title }),
      ...(description !== undefined && { description }),
      parameters: () => tool.parameters ?? { type: 'object', properties: {} },
      ...(entry?.output !== undefined && { output: entry.output }),
      stream: tool.stream === true || entry?.stream === true,
      consequential: tool.annotations?.consequential === true,
    }
  })
}

function requireTool(registry: ToolSource, name: string): ToolInterface {
  const tool = registry.tool(name)
  if (tool === undefined) throw new TypeError(`tool not found: ${name}`)
  return tool
}

function catalogInfo(catalog: AdapterOptions['catalog']): ReadonlyMap<string, CatalogEntryInfo> {
  const tools: readonly CatalogEntryInfo[] = catalog === undefined ? [] : 'tools' in catalog ? catalog.tools : catalog
  return new Map(tools.map((tool) => [tool.name, tool]))
}
