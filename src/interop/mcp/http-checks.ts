import { errorCodes, McpProtocolError, type JsonRpcMessage } from './jsonrpc.js'
import { legacyRevisions, metaKeys, modernRevision } from './revisions.js'

/**
 * The header checks of a POST (SEP-2243): a 2026-07-28 request (its `_meta` names the version)
 * must carry `MCP-Protocol-Version`, `Mcp-Method` and, for `tools/call`, `Mcp-Name`, each equal
 * to the body; a request on a handshake revision must not claim 2026-07-28 in its header, and a
 * `MCP-Protocol-Version` naming no revision is refused. Throws the HeaderMismatch error (HTTP 400).
 */
export function checkHeaders(headers: Headers, message: JsonRpcMessage): void {
  const version = headers.get('mcp-protocol-version')
  const meta = message.params?._meta as Record<string, unknown> | undefined
  const claimed = typeof meta === 'object' && meta !== null ? meta[metaKeys.protocolVersion] : undefined
  if (claimed === undefined) {
    if (version === null || legacyRevisions.includes(version)) return
    if (version === modernRevision) mismatch(`MCP-Protocol-Version is ${version}, but the body carries no ${metaKeys.protocolVersion} in _meta`)
    throw new McpProtocolError(errorCodes.unsupportedProtocolVersion, `Unsupported protocol version: ${JSON.stringify(version)}`, { supported: [modernRevision, ...legacyRevisions], requested: version })
  }
  if (message.id === undefined) return
  if (version !== claimed) mismatch(`MCP-Protocol-Version ${version === null ? 'is missing' : `is ${JSON.stringify(version)}`}, but the body's _meta says ${JSON.stringify(claimed)}`)
  const method = headers.get('mcp-method')
  if (method !== message.method) mismatch(`Mcp-Method ${method === null ? 'is missing' : `is ${JSON.stringify(method)}`}, but the body's method is ${JSON.stringify(message.method)}`)
  if (message.method === 'tools/call') {
    const header = headers.get('mcp-name')
    const name = header === null ? null : decodeParamValue(header)
    if (name !== message.params?.name) mismatch(`Mcp-Name ${name === null ? 'is missing' : `is ${JSON.stringify(name)}`}, but the body's params.name is ${JSON.stringify(message.params?.name)}`)
  }
}

function mismatch(message: string): never {
  throw new McpProtocolError(errorCodes.headerMismatch, `Header mismatch: ${message}`)
}

/** A header value as MCP encodes it: plain ASCII, or `=?base64?…?=` around the UTF-8 bytes. */
function decodeParamValue(value: string): string {
  const match = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value)
  if (match === null) return value
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(match[1] ?? ''), (char) => char.charCodeAt(0)))
  } catch {
    return value
  }
}

/**
 * Whether a request may reach the server: its `Host` (when `allowedHosts` is given) and its
 * `Origin` (when present) are known. An `Origin` is accepted only when `allowedOrigins` lists it
 * (or holds `*`), or when its host is one of `allowedHosts` (the server's own origin, as the
 * operator named it). It is never compared with the request's `Host` header, which a DNS name
 * rebound to this address sets to the attacker's own name. A browser sends `Origin` with every
 * POST, so a page of another site, rebound or not, is refused; clients that are not browsers send none.
 */
export function foreignOrigin(request: Request, allowedOrigins: readonly string[], allowedHosts: readonly string[] | undefined): string | undefined {
  // Some runtimes keep Host out of the headers; their URL carries it.
  const host = request.headers.get('host') ?? hostOfUrl(request.url)
  if (allowedHosts !== undefined && !allowedHosts.includes(host.toLowerCase())) return `Host ${host} is not allowed (allowedHosts lists the names clients use)`
  const origin = request.headers.get('origin')
  if (origin === null) return undefined
  if (allowedOrigins.includes(origin) || allowedOrigins.includes('*')) return undefined
  if (allowedHosts !== undefined && /^https?:\/\//i.test(origin) && allowedHosts.includes(hostOfUrl(origin).toLowerCase())) return undefined
  return `Origin ${origin} is not allowed (allowedOrigins lists the origins of the pages that may call)`
}

function hostOfUrl(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}
