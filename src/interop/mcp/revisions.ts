import { errorCodes, McpProtocolError } from './jsonrpc.js'

/** The stateless revision: no handshake, every request says its version and capabilities in `_meta`. */
export const modernRevision = '2026-07-28'
/** The newest revision with the `initialize` handshake. */
export const legacyRevision = '2025-11-25'
/** Handshake revisions an `initialize` may ask for; anything else gets the newest. */
export const legacyRevisions: readonly string[] = [legacyRevision, '2025-06-18', '2025-03-26']
/** Every revision served, newest first (`server/discover`'s `supportedVersions`). */
export const supportedRevisions: readonly string[] = [modernRevision, ...legacyRevisions]

/** `_meta` keys of a 2026-07-28 request. */
export const metaKeys = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const

/** What the client said it can do: MCP `ClientCapabilities`, read only for `elicitation`. */
export interface ClientCapabilities {
  readonly elicitation?: Record<string, unknown>
  readonly [key: string]: unknown
}

/** Which revision governs one request, and the capabilities it declared. */
export interface RequestRevision {
  readonly revision: string
  readonly modern: boolean
  /** Per request on 2026-07-28; from `initialize` (when the connection kept it) on 2025-11-25. */
  readonly capabilities: ClientCapabilities | undefined
}

/**
 * Reads a request's revision from its `_meta` envelope: a request carrying
 * `io.modelcontextprotocol/protocolVersion` is on the stateless revision and must carry
 * `clientCapabilities` too; one without speaks a handshake revision. An envelope naming a version
 * the server does not speak is UnsupportedProtocolVersion, with the supported list as data.
 */
export function revisionOf(params: Record<string, unknown> | undefined, legacyCapabilities: ClientCapabilities | undefined): RequestRevision {
  const meta = params?._meta
  const version = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[metaKeys.protocolVersion] : undefined
  if (version === undefined) return { revision: legacyRevision, modern: false, capabilities: legacyCapabilities }
  if (typeof version !== 'string' || version !== modernRevision) {
    throw new McpProtocolError(errorCodes.unsupportedProtocolVersion, `Unsupported protocol version: ${JSON.stringify(version)}`, { supported: supportedRevisions, requested: version })
  }
  const capabilities = (meta as Record<string, unknown>)[metaKeys.clientCapabilities]
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    throw new McpProtocolError(errorCodes.invalidParams, `Invalid _meta envelope: ${metaKeys.clientCapabilities} must be an object`)
  }
  return { revision: modernRevision, modern: true, capabilities: capabilities as ClientCapabilities }
}
