import type { Catalog } from '../../runtime/catalog.js'
import type { ToolManagerInterface } from '../../runtime/manager-types.js'
import type { ToolCall, ToolDefinition } from '../../runtime/types.js'
import { CALL_TOOL_NAME } from '../../runtime/search/search-tool-definition.js'
import { confirmationRequest, confirmKey, isExplicitYes } from './ask-person.js'
import { confirmationStates, type ConfirmationStates } from './confirm-state.js'
import { toCallResult } from './call-result.js'
import { errorCodes, McpProtocolError, resultText, type JsonRpcRequest } from './jsonrpc.js'
import { createListing, type Listing } from './listing.js'
import { legacyRevision, legacyRevisions, revisionOf, supportedRevisions, type ClientCapabilities, type RequestRevision } from './revisions.js'

/**
 * Who answers a consequential tool's confirmation (T9): `ask` asks the person through the client
 * (elicitation, `input_required`) and refuses when the client cannot ask; `allow` approves every
 * call (a trusted host said so); `deny` refuses them all.
 */
export type ConfirmPolicy = 'ask' | 'allow' | 'deny'

/** What an MCP server needs of a registry: its tools' definitions and a way to run them. */
export type McpRegistry = Pick<ToolManagerInterface, 'definitions' | 'execute'>

/** The server's name and version, as `serverInfo`. */
export interface ServerInfo {
  readonly name: string
  readonly version: string
  readonly description?: string
}

/** What the protocol core serves and how; shared by the stdio server and the HTTP handler. */
export interface McpCoreOptions {
  /** Runs the tools; its `definitions()` are what `tools/list` shows (unless `catalog` is given). */
  readonly registry: McpRegistry
  /** The registry's catalog, when there is one: tools are listed from it (with output schemas), in its order. */
  readonly catalog?: Catalog
  /** @default 'ask' */
  readonly confirm?: ConfirmPolicy
  /**
   * The secret authenticating 2026-07-28 confirmation states (`requestState`, an HMAC of the tool,
   * its validated arguments and an expiry). Give every process behind one balancer the same.
   * @default the environment variable `TOOLCAT_CONFIRM_SECRET`, else random bytes made once per process
   */
  readonly confirmSecret?: string
  /** How long a person may take to answer a 2026-07-28 confirmation. @default 600000 (ten minutes) */
  readonly confirmTtlMs?: number
  /** Tools per `tools/list` page. @default 100 */
  readonly pageSize?: number
  /** The cache hint of every 2026-07-28 listing; `cacheScope` is always `public` (one build lists the same to everyone). */
  readonly cache?: { readonly ttlMs: number }
  /** @default the catalog's package, else `toolcat` */
  readonly serverInfo?: ServerInfo
  /** Writes one diagnostic line. @default nothing */
  readonly log?: (line: string) => void
}

/** How the transport lets the core reach the client for one request. */
export interface McpPeer {
  /** Capabilities declared at `initialize`, when the connection kept them (stdio). */
  readonly capabilities?: ClientCapabilities
  /** Sends `elicitation/create` to the client and resolves with its answer; absent when the transport cannot push a request. */
  readonly elicit?: (params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>
}

/** The protocol core: answers one request, whatever carried it. */
export interface McpCore {
  /** Answers a request with the JSON text of its response; a protocol error is thrown as `McpProtocolError`. */
  answer(request: JsonRpcRequest, peer: McpPeer, signal: AbortSignal): Promise<string>
  /** The tools listed (built on first use). */
  listing(): Listing
  /** Whether answering this 2025-11-25 request will ask the person through `elicitation/create` (a transport then opens a stream for it). */
  willElicit(request: JsonRpcRequest, capabilities: ClientCapabilities | undefined): boolean
  readonly serverInfo: ServerInfo
}

const defaultTtlMs = 60_000
const capabilities = { tools: { listChanged: false } }

/** Creates the protocol core over a registry: `initialize`, `ping`, `server/discover`, `tools/list`, `tools/call`. */
export function createMcpCore(options: McpCoreOptions): McpCore {
  const log = options.log ?? (() => undefined)
  const policy = options.confirm ?? 'ask'
  const ttlMs = options.cache?.ttlMs ?? defaultTtlMs
  let listing: Listing | undefined
  const listed = (): Listing => {
    listing ??= createListing(definitionsOf(options), options.catalog, { pageSize: options.pageSize ?? 100, ttlMs })
    return listing
  }
  const serverInfo = options.serverInfo ?? defaultServerInfo(options.catalog)
  let discover: string | undefined
  const states = confirmationStates({ ...(options.confirmSecret === undefined ? {} : { secret: options.confirmSecret }), ...(options.confirmTtlMs === undefined ? {} : { ttlMs: options.confirmTtlMs }) })

  async function callTool(request: JsonRpcRequest, revision: RequestRevision, peer: McpPeer, signal: AbortSignal): Promise<unknown> {
    const params = request.params ?? {}
    const name = params.name
    if (typeof name !== 'string') throw new McpProtocolError(errorCodes.invalidParams, 'tools/call needs params.name, a string')
    const served = listed().byName.get(name)
    if (served === undefined) throw new McpProtocolError(errorCodes.invalidParams, `Unknown tool: ${name}`)
    const args = params.arguments ?? {}
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new McpProtocolError(errorCodes.invalidParams, 'tools/call params.arguments must be an object')
    let needsInput: { state: string; name: string; args: Readonly<Record<string, unknown>> } | undefined
    const confirm = confirmHook(policy, revision, peer, params, signal, states, (state, asked) => (needsInput = { state, name: asked.name, args: asked.arguments }))
    const call: ToolCall = { id: String(request.id), name, arguments: args as Record<string, unknown> }
    const result = await options.registry.execute(call, { signal, ...(confirm === undefined ? {} : { confirm }) })
    if (signal.aborted) log(`toolcat: tools/call ${JSON.stringify(request.id)} (${name}) was cancelled (by its client, by the client leaving, or by the server stopping); its result is dropped`)
    if (needsInput !== undefined && !result.success) {
      return { resultType: 'input_required', inputRequests: { [confirmKey]: confirmationRequest(needsInput.name, needsInput.args) }, requestState: needsInput.state }
    }
    const answer = toCallResult(result, served.tool, served.hasOutputSchema)
    return revision.modern ? { resultType: 'complete', ...answer } : answer
  }

  return {
    serverInfo,
    listing: listed,
    willElicit(request, declared) {
      if (policy !== 'ask' || request.method !== 'tools/call' || declared?.elicitation === undefined) return false
      const name = request.params?.name
      // call_tool (--search) runs the tool it names, which may be consequential.
      const mayAsk = typeof name === 'string' && (listed().byName.get(name)?.consequential === true || name === CALL_TOOL_NAME)
      return mayAsk && revisionOf(request.params, declared).modern === false
    },
    async answer(request, peer, signal) {
      const revision = revisionOf(request.params, peer.capabilities)
      switch (request.method) {
        case 'initialize': {
          const asked = request.params?.protocolVersion
          const protocolVersion = typeof asked === 'string' && legacyRevisions.includes(asked) ? asked : legacyRevision
          return resultText(request.id, { protocolVersion, capabilities, serverInfo })
        }
        case 'ping':
          return resultText(request.id, revision.modern ? { resultType: 'complete' } : {})
        case 'server/discover':
          discover ??= discoverResult(serverInfo, ttlMs, listed())
          return resultText(request.id, discover)
        case 'tools/list': {
          const cursor = request.params?.cursor
          if (cursor !== undefined && typeof cursor !== 'string') throw new McpProtocolError(errorCodes.invalidParams, 'tools/list params.cursor must be a string')
          return resultText(request.id, listed().page(cursor, revision.modern))
        }
        case 'tools/call':
          return resultText(request.id, await callTool(request, revision, peer, signal))
        default:
          throw new McpProtocolError(errorCodes.methodNotFound, `Method not found: ${request.method}`)
      }
    },
  }
}

/**
 * The confirmation hook of one call, for whichever consequential tool the call reaches (the tool
 * called, or the one `call_tool` names: the registry asks the hook with that tool's name and
 * validated arguments). On 2026-07-28 the answer travels in the retried request (`inputResponses`
 * + `requestState`); without one — or with a state this server did not issue for exactly this
 * tool and these arguments, or one expired — the hook records what to ask and refuses, and the
 * core turns the refusal into an `input_required` result. On a handshake revision the hook asks
 * through `elicitation/create` and waits: no answer holds the call until it is cancelled.
 */
function confirmHook(
  policy: ConfirmPolicy,
  revision: RequestRevision,
  peer: McpPeer,
  params: Record<string, unknown>,
  signal: AbortSignal,
  states: ConfirmationStates,
  ask: (state: string, call: ToolCall) => void,
): ((call: ToolCall) => Promise<boolean> | boolean) | undefined {
  if (policy === 'allow') return () => true
  if (policy === 'deny' || revision.capabilities?.elicitation === undefined) return undefined
  if (revision.modern) {
    return async (call) => {
      const responses = params.inputResponses as Record<string, unknown> | undefined
      const answer = typeof responses === 'object' && responses !== null ? responses[confirmKey] : undefined
      if (answer !== undefined && (await states.verify(params.requestState, call.name, call.arguments))) return isExplicitYes(answer)
      ask(await states.issue(call.name, call.arguments), call)
      return false
    }
  }
  const elicit = peer.elicit
  if (elicit === undefined) return undefined
  return async (call) => isExplicitYes(await elicit(confirmationRequest(call.name, call.arguments).params, signal))
}

/** `server/discover`: versions, capabilities, the server and the first page of tools in one answer, with the listing's cache hint. */
function discoverResult(serverInfo: ServerInfo, ttlMs: number, listing: Listing): string {
  const firstPage = JSON.parse(listing.page(undefined, true)) as Record<string, unknown>
  const { tools, nextCursor } = firstPage
  return JSON.stringify({
    resultType: 'complete',
    ttlMs,
    cacheScope: 'public',
    supportedVersions: supportedRevisions,
    capabilities,
    serverInfo,
    tools,
    ...(nextCursor === undefined ? {} : { nextCursor }),
    _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
  })
}

function definitionsOf(options: McpCoreOptions): readonly ToolDefinition[] {
  if (options.catalog === undefined) return options.registry.definitions()
  return options.catalog.tools
}

/** `serverInfo`: the served package and its version when the catalog knows them, else toolcat. */
function defaultServerInfo(catalog: Catalog | undefined): ServerInfo {
  const count = catalog?.tools.length
  const description = count === undefined ? 'tools served by toolcat' : `${count} tool${count === 1 ? '' : 's'} served by toolcat`
  if (catalog?.package === undefined) return { name: 'toolcat', version: catalog?.generator.version ?? '0.0.0', description }
  return { name: catalog.package.name, version: catalog.package.version ?? '0.0.0', description }
}
