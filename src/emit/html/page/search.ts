import type { CatalogTool } from '../../../runtime/catalog.js'
import { propertiesOf } from './schema-read.js'

/**
 * The page's search seam: a query in, the names of the matching tools out, best first. The page
 * shows exactly these tools in this order (all of them, in catalog order, for an empty query).
 * A ranked search index plugs in here; `plainFilter` is the fallback.
 */
export type ToolSearch = (query: string) => readonly string[]

/**
 * A plain filter: every word of the query must occur (case-insensitively) in the tool's name,
 * title, description or parameter names; tools whose name or title contain a word come first,
 * otherwise catalog order is kept.
 */
export function plainFilter(tools: readonly Pick<CatalogTool, 'name' | 'title' | 'description' | 'parameters'>[]): ToolSearch {
  const haystacks = tools.map((tool) => ({
    name: tool.name,
    head: `${tool.name} ${tool.name.replace(/[_-]/g, ' ')} ${tool.title ?? ''}`.toLowerCase(),
    body: `${tool.description ?? ''} ${propertiesOf(tool.parameters).map(([name]) => name).join(' ')}`.toLowerCase(),
  }))
  return (query) => {
    const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '')
    if (words.length === 0) return haystacks.map((tool) => tool.name)
    const matches = haystacks.filter((tool) => words.every((word) => tool.head.includes(word) || tool.body.includes(word)))
    const inHead = (tool: (typeof haystacks)[number]) => (words.some((word) => tool.head.includes(word)) ? 0 : 1)
    return matches.map((tool, order) => ({ tool, order })).sort((a, b) => inHead(a.tool) - inHead(b.tool) || a.order - b.order).map(({ tool }) => tool.name)
  }
}
