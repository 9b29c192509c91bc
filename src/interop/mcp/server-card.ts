import { supportedRevisions } from './revisions.js'

/** The `$schema` of a Server Card (SEP-2127's draft, schema family v2). */
export const serverCardSchemaId = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json'
/** The media type a Server Card is served with. */
export const serverCardMediaType = 'application/mcp-server-card+json'
/** Where the draft reserves a server's card: its Streamable HTTP endpoint's URL plus this. */
export const serverCardSuffix = '/server-card'

const cardName = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/
const maxText = 100

/** What a Server Card says beyond `serverInfo`: the registry identity of the server (usually from package.json). */
export interface ServerCardFields {
  /** The reverse-DNS name (package.json's `mcpName`). @default `local/<serverInfo.name>` */
  readonly name?: string
  readonly title?: string
  /** @default serverInfo's description */
  readonly description?: string
  readonly websiteUrl?: string
  readonly repository?: { readonly url: string; readonly source: string; readonly subfolder?: string }
}

/** The server's own name, version and description (`serverInfo`). */
export interface CardServerInfo {
  readonly name: string
  readonly version: string
  readonly description?: string
}

/**
 * The Server Card of SEP-2127's draft: identity, version and description, and one Streamable HTTP
 * remote per endpoint with the protocol revisions it speaks (the same list as `server/discover`).
 * The draft has a card list no tools (a client lists them once connected), so none are.
 */
export function serverCard(info: CardServerInfo, fields: ServerCardFields, endpoints: readonly string[]): Record<string, unknown> {
  const name = fields.name !== undefined && cardName.test(fields.name) && fields.name.length <= 200 ? fields.name : `local/${info.name.replace(/^@/, '').replace(/[^a-zA-Z0-9._-]/g, '-').slice(0, 190) || 'server'}`
  const description = clip(fields.description ?? info.description ?? `${info.name} served by toolcat`)
  return {
    $schema: serverCardSchemaId,
    name,
    version: info.version.slice(0, 255),
    description,
    ...(fields.title === undefined ? {} : { title: clip(fields.title) }),
    ...(fields.websiteUrl === undefined ? {} : { websiteUrl: fields.websiteUrl }),
    ...(fields.repository === undefined ? {} : { repository: fields.repository }),
    ...(endpoints.length === 0 ? {} : { remotes: endpoints.map((url) => ({ type: 'streamable-http', url, supportedProtocolVersions: supportedRevisions })) }),
  }
}

/** The draft's headers for a discovery document: readable from any origin, cached for an hour. */
export const serverCardHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type',
  'cache-control': 'public, max-age=3600',
}

/**
 * Answers `GET <endpoint>/server-card` (and its CORS preflight) with the card, whose endpoint is
 * the request's URL without the suffix unless `url` is given (a server behind a proxy); any
 * other request is left to the MCP handler (undefined). The card is public: it is answered before
 * any Origin, Host or authorization check, as discovery happens before connecting.
 */
export function serverCardAnswerer(info: CardServerInfo, fields: ServerCardFields & { readonly url?: string }): (request: Request) => Response | undefined {
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') return undefined
    const url = new URL(request.url)
    if (!url.pathname.endsWith(serverCardSuffix)) return undefined
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: serverCardHeaders })
    // The Host the client used (a Node listener's request URL may name another).
    const host = request.headers.get('host') ?? url.host
    const endpoint = fields.url ?? `${url.protocol}//${host}${url.pathname.slice(0, -serverCardSuffix.length)}`
    const body = `${JSON.stringify(serverCard(info, fields, [endpoint]), null, 2)}\n`
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: { 'content-type': serverCardMediaType, ...serverCardHeaders } })
  }
}

/** Cut to the card's 100 characters, at a word where one is near. */
function clip(text: string): string {
  if (text.length <= maxText) return text
  const cut = text.slice(0, maxText - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > maxText / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
