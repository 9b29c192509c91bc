import { uniqueIdentifiers } from '../../identifiers.js'
import type { CatalogTool } from '../catalog.js'
import type { ToolManagerInterface } from '../manager-types.js'
import type { CallContext, ToolCall } from '../types.js'
import { ToolCallError } from './tool-call-error.js'

/** One tool as a function of a code API: a promise of its result, or the chunks of a streaming tool. */
export type CodeFunction = (args?: Readonly<Record<string, unknown>>) => Promise<unknown> | AsyncIterable<unknown>

/** The tools as async functions, by the identifiers `toolcat export --format code` declares them with. */
export type CodeApi = { readonly [identifier: string]: CodeFunction }

/** What code mode knows of one function of an API: its tool, and whether it streams. */
export interface CodeApiTool {
  readonly name: string
  readonly identifier: string
  readonly stream: boolean
}

/** Options of `createCodeApi` over a registry: what every call carries. */
export interface CodeApiOptions {
  /** Asked before a consequential tool runs; only `true` approves (T9). Without it such a call throws. */
  readonly confirm?: (call: ToolCall) => boolean | Promise<boolean>
  /** Aborts every call made through the API. */
  readonly signal?: AbortSignal
  /** Passed to handlers as `context.caller`. */
  readonly caller?: unknown
  /**
   * The catalog (or its `tools`): marks the streaming tools a registry that is not generated from
   * it (`createToolManager`) cannot tell; their functions then return an AsyncIterable of chunks.
   */
  readonly catalog?: { readonly tools: readonly CatalogStreamInfo[] } | readonly CatalogStreamInfo[]
}

/** What code mode reads from a catalog entry: whether the tool streams. */
export type CatalogStreamInfo = Pick<CatalogTool, 'name'> & Partial<Pick<CatalogTool, 'stream'>>

/** The part of an MCP SDK client code mode uses (`Client` of `@modelcontextprotocol/sdk` or `@modelcontextprotocol/client`). */
export interface McpToolClient {
  listTools(params?: { cursor?: string }): Promise<{ tools: readonly { name: string }[]; nextCursor?: string }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>
}

const described = new WeakMap<CodeApi, readonly CodeApiTool[]>()

/** The tools behind an API made by `createCodeApi`, in order; for another object, each function as a non-streaming tool named by its key. */
export function codeApiTools(api: CodeApi): readonly CodeApiTool[] {
  return described.get(api) ?? Object.keys(api).filter((key) => typeof api[key] === 'function').map((key) => ({ name: key, identifier: key, stream: false }))
}

let calls = 0

/**
 * The tools of a registry (a generated registry or any `ToolManager`), or of a remote MCP server
 * through an SDK client, as one async function each, named as `toolcat export --format code`
 * declares them. A call is validated and, for a consequential tool, confirmed by the registry (over
 * MCP, by the server); it resolves with the result or throws a `ToolCallError` carrying toolcat's
 * fault text. A streaming tool's function returns an AsyncIterable of its chunks.
 */
export async function createCodeApi(source: ToolManagerInterface | McpToolClient, options: CodeApiOptions = {}): Promise<CodeApi> {
  return isMcpClient(source) ? mcpCodeApi(source) : registryCodeApi(source, options)
}

function isMcpClient(source: object): source is McpToolClient {
  return typeof (source as Partial<McpToolClient>).callTool === 'function' && typeof (source as Partial<McpToolClient>).listTools === 'function'
}

type Arguments = Readonly<Record<string, unknown>>

function build(names: readonly string[], stream: (name: string) => boolean, call: (name: string, args: Arguments) => Promise<unknown>, chunks?: (name: string, args: Arguments) => AsyncIterable<unknown>): CodeApi {
  const identifiers = uniqueIdentifiers(names)
  const api: Record<string, CodeFunction> = Object.create(null) as Record<string, CodeFunction>
  const tools: CodeApiTool[] = []
  for (const name of names) {
    const identifier = identifiers.get(name) ?? name
    const streams = chunks !== undefined && stream(name)
    tools.push({ name, identifier, stream: streams })
    api[identifier] = streams ? (args = {}) => chunks(name, args) : (args = {}) => call(name, args)
  }
  const frozen = Object.freeze(api)
  described.set(frozen, Object.freeze(tools))
  return frozen
}

function registryCodeApi(registry: ToolManagerInterface, options: CodeApiOptions): CodeApi {
  const context: CallContext = {
    ...(options.signal !== undefined && { signal: options.signal }),
    ...(options.caller !== undefined && { caller: options.caller }),
    ...(options.confirm !== undefined && { confirm: options.confirm }),
  }
  const tools = registry.tools()
  const entries = options.catalog === undefined ? [] : 'tools' in options.catalog ? options.catalog.tools : options.catalog
  const streaming = new Set([...tools, ...entries].filter((tool) => tool.stream === true).map((tool) => tool.name))
  const toolCall = (name: string, args: Readonly<Record<string, unknown>>): ToolCall => ({ id: `code-call-${++calls}`, name, arguments: args })
  return build(
    tools.map((tool) => tool.name),
    (name) => streaming.has(name),
    async (name, args) => {
      const result = await registry.execute(toolCall(name, args), context)
      if (!result.success) throw new ToolCallError(name, result.error)
      return result.value
    },
    (name, args) => ({
      async *[Symbol.asyncIterator]() {
        for await (const part of registry.stream(toolCall(name, args), context)) {
          if (part.type === 'chunk') yield part.value
          else if (!part.result.success) throw new ToolCallError(name, part.result.error)
        }
      },
    }),
  )
}

async function mcpCodeApi(client: McpToolClient): Promise<CodeApi> {
  const names: string[] = []
  let cursor: string | undefined
  for (let page = 0; page < 1000; page++) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor })
    names.push(...listed.tools.map((tool) => tool.name))
    cursor = listed.nextCursor
    if (cursor === undefined) break
  }
  const call = async (name: string, args: Readonly<Record<string, unknown>>): Promise<unknown> => {
    const result = (await client.callTool({ name, arguments: { ...args } })) as McpCallResult
    if (result.isError === true) throw new ToolCallError(name, textOf(result) ?? 'the server reported an error without text')
    if (result.structuredContent !== undefined) return result.structuredContent
    const text = textOf(result)
    if (text === undefined) return undefined
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  // MCP answers a call with one result: a server's streaming tool arrives whole.
  return build(names, () => false, call)
}

interface McpCallResult {
  readonly isError?: boolean
  readonly structuredContent?: unknown
  readonly content?: readonly { readonly type: string; readonly text?: string }[]
}

function textOf(result: McpCallResult): string | undefined {
  const texts = (result.content ?? []).filter((part) => part.type === 'text' && typeof part.text === 'string').map((part) => part.text as string)
  return texts.length === 0 ? undefined : texts.join('\n')
}
