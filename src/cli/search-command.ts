import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Catalog } from '../runtime/catalog.js'
import { buildSearchIndex } from '../runtime/search/build-index.js'
import type { SearchIndex } from '../runtime/search/format.js'
import { search } from '../runtime/search/search.js'
import { UsageError, type Command } from './command.js'
import { readCatalogFile } from './read-catalog.js'

/** `toolcat search <outDir|catalog.json> "<query>"`: the tools matching a query, best first, as a registry's `search` ranks them. */
export const searchCommand: Command = {
  name: 'search',
  help: `Usage: toolcat search <outDir|catalog.json> "<query>" [options]

Ranks the tools of a build's output folder (its search.js index and catalog.json) or of a catalog
file (indexed on the spot) for a query, as registry.search does, and prints the best: name, score
and title or description. Nothing of the tools is run.

Options:
  --limit <n>    how many tools to print (default: 5)
  --json         print a JSON array of { name, score, title?, description? }
  -h, --help     show this help

Exit status: 0 (also when nothing matches), 2 on bad usage or an unreadable catalog or index.`,
  options: { help: { type: 'boolean', short: 'h' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  maxPositionals: 2,
  async run(input) {
    const [where, query] = input.positionals
    if (where === undefined || query === undefined) throw new UsageError('search needs an output folder or catalog file, and a query')
    const limitText = input.values.limit ?? '5'
    if (typeof limitText !== 'string' || !/^[1-9][0-9]*$/.test(limitText)) throw new UsageError(`--limit must be a positive integer, got ${JSON.stringify(limitText)}`)
    const { catalog, index } = await load(where)
    const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
    const found = search(index, query, { limit: Number(limitText) }).map((hit) => {
      const tool = byName.get(hit.name)
      return { name: hit.name, score: Math.round(hit.score * 1000) / 1000, ...(tool?.title !== undefined && { title: tool.title }), ...(tool?.description !== undefined && { description: tool.description }) }
    })
    if (input.values.json === true) {
      process.stdout.write(`${JSON.stringify(found, null, 2)}\n`)
      return 0
    }
    if (found.length === 0) process.stdout.write(`no tool matches ${JSON.stringify(query)}\n`)
    for (const tool of found) process.stdout.write(`${tool.name}  ${tool.score}  ${oneLine(tool.title ?? tool.description ?? '')}\n`)
    return 0
  },
}

/** A folder's catalog.json and search.js (the catalog indexed when search.js is missing), or a catalog file indexed now. */
async function load(where: string): Promise<{ catalog: Catalog; index: SearchIndex }> {
  if (!existsSync(where)) throw new UsageError(`${where}: no such file or folder`)
  if (!statSync(where).isDirectory()) {
    const catalog = readCatalogFile(where)
    return { catalog, index: buildSearchIndex(catalog.tools) }
  }
  const catalog = readCatalogFile(path.join(where, 'catalog.json'))
  const module = path.resolve(where, 'search.js')
  if (!existsSync(module)) return { catalog, index: buildSearchIndex(catalog.tools) }
  try {
    // The index module imports nothing: loading it runs no tool code.
    const loaded = (await import(pathToFileURL(module).href)) as { default: SearchIndex }
    return { catalog, index: loaded.default }
  } catch (error) {
    throw new UsageError(`cannot read ${module}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 100 ? `${line.slice(0, 99)}…` : line
}
