import type { CatalogTool } from '../../runtime/catalog.js'

/** A group of deferred tools as a provider's namespace shows it: a name, what it holds, its tools. */
export interface ToolNamespace {
  readonly name: string
  readonly description: string
  readonly tools: readonly CatalogTool[]
}

/** How many tools' summaries a namespace without a module doc comment lists before it counts the rest. */
const summarised = 5

/**
 * Groups tools into namespaces: by the `@namespace` tag of a tool when it has one, else by its
 * module (the file it comes from), named after the module (see `moduleNames`); a tag naming a
 * module's namespace joins it. Each is described by the doc comment of
 * its (first) module, else by its tools' summaries. Namespaces come in the order of their first
 * tool, tools in catalog order: the same catalog gives the same groups.
 */
export function groupNamespaces(tools: readonly CatalogTool[]): ToolNamespace[] {
  const names = moduleNames(tools.map((tool) => tool.source.module))
  const groups = new Map<string, CatalogTool[]>()
  for (const tool of tools) {
    const name = tool.namespace ?? (names.get(tool.source.module) as string)
    groups.set(name, [...(groups.get(name) ?? []), tool])
  }
  return [...groups].map(([name, members]) => ({ name, description: describe(members), tools: members }))
}

function describe(tools: readonly CatalogTool[]): string {
  const documented = tools.find((tool) => tool.moduleDescription !== undefined)?.moduleDescription
  if (documented !== undefined) return documented
  const sentences = tools.slice(0, summarised).map((tool) => {
    const summary = (tool.summary ?? firstSentence(tool.description) ?? tool.title ?? '').trim()
    return summary === '' ? `${tool.name}.` : `${tool.name}: ${/[.!?]$/.test(summary) ? summary : `${summary}.`}`
  })
  const rest = tools.slice(summarised).map((tool) => tool.name)
  return [...sentences, ...(rest.length > 0 ? [`And ${rest.length} more: ${rest.join(', ')}.`] : [])].join(' ')
}

function firstSentence(text: string | undefined): string | undefined {
  return text === undefined ? undefined : /^[^\n]*?(?:[.!?](?=\s|$)|$)/m.exec(text)?.[0]
}

/**
 * A name for each module: the shortest end of its path (without extension) no other module's
 * path ends with (`billing`, or `shop_billing` beside `admin/billing.ts`), each run of other
 * characters than letters, digits, `_` and `-` as one `_`, at most 64 characters and never
 * starting with a digit. A dependency's specifier (`pkg/tools/a.js`) is a path like any other.
 */
function moduleNames(modules: readonly string[]): Map<string, string> {
  const paths = [...new Set(modules)].map((module) => [module, module.replace(/\.[cm]?[jt]sx?$/, '').split('/')] as const)
  const end = (segments: readonly string[], length: number): string => segments.slice(-length).join('/')
  return new Map(paths.map(([module, segments]) => {
    let length = 1
    while (length < segments.length && paths.some(([other, theirs]) => other !== module && end(theirs, length) === end(segments, length))) length++
    const base = end(segments, length).replace(/[^a-zA-Z0-9_-]+/g, '_')
    return [module, (/^[a-zA-Z_]/.test(base) ? base : `tools_${base}`).slice(0, 64)]
  }))
}
