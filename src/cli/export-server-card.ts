import { defaultServerInfo } from '../interop/mcp/core.js'
import { serverCard } from '../interop/mcp/server-card.js'
import type { Catalog } from '../runtime/catalog.js'
import { UsageError, type CommandInput } from './command.js'
import { serverCardFieldsAt } from './server-card-fields.js'

/**
 * `export --format server-card`: the card `serve --http` answers, for static hosting — built from
 * the catalog's `serverInfo` and the package.json holding the exported path, one remote per `--remote`.
 */
export function exportServerCard(input: CommandInput, catalog: Catalog): string {
  const remotes = (input.values.remote as string[] | undefined) ?? []
  for (const url of remotes) if (!/^https?:\/\/\S+$/.test(url)) throw new UsageError(`--remote ${JSON.stringify(url)} is not an http(s) URL`)
  const from = input.positionals[0] ?? (typeof input.values.catalog === 'string' ? input.values.catalog : '.')
  return `${JSON.stringify(serverCard(defaultServerInfo(catalog), serverCardFieldsAt(from), remotes), null, 2)}\n`
}
