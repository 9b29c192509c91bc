import type { EmitterInterface, ListenerErrorHandler, Listener } from './emitter.js'
import type { ArgumentLimits } from './limits.js'
import type { CallContext, ToolCall, ToolDefinition, ToolInterface, ToolResult } from './types.js'

/** Names the events a tool registry publishes, with their payloads. */
export type ToolManagerEventMap = {
  readonly add: readonly [tool: ToolInterface]
  readonly remove: readonly [tool: ToolInterface]
  readonly clear: readonly [tools: readonly ToolInterface[]]
}

/** Configures a tool registry's initial listeners, the handler of listener throws, and call safeguards. */
export interface ToolManagerOptions {
  readonly on?: { readonly [K in keyof ToolManagerEventMap]?: Listener<ToolManagerEventMap, K> }
  readonly error?: ListenerErrorHandler<ToolManagerEventMap>
  /**
   * Depth and size bounds on each call's arguments; a call beyond them fails before validation.
   * @default { maxDepth: 64, maxBytes: 4194304 }
   */
  readonly limits?: ArgumentLimits
  /**
   * When the signal aborts while a handler runs, answer the caller at once with the abort failure
   * instead of waiting for the handler. The handler is not stopped: it keeps running until it
   * observes the signal, and its eventual outcome is discarded.
   * @default false (the registry awaits a running handler, as the runtime guide specifies)
   */
  readonly releaseOnAbort?: boolean
}

/** One part of a streamed execution: each chunk as produced, then exactly one result. */
export type ToolStreamPart = { readonly type: 'chunk'; readonly value: unknown } | { readonly type: 'result'; readonly result: ToolResult }

/** Represents a registry of executable tools with per-call error isolation. */
export interface ToolManagerInterface {
  /** How many tools are registered. */
  readonly count: number
  /** Publishes `add`, `remove` and `clear`. */
  readonly emitter: EmitterInterface<ToolManagerEventMap>
  /** Registers one tool or a batch; a known name is replaced in place. */
  add(tool: ToolInterface | readonly ToolInterface[]): void
  /** Finds one registered tool by name. */
  tool(name: string): ToolInterface | undefined
  /** Lists the registered tools in insertion order (a fresh array). */
  tools(): readonly ToolInterface[]
  /** Lists the definitions advertised to a caller, in insertion order. */
  definitions(): readonly ToolDefinition[]
  /** Executes one call; resolves with its result, never rejects for a call of plain values. Every context member is optional. */
  execute(call: ToolCall, context?: CallContext): Promise<ToolResult>
  /** Executes a batch concurrently, sharing one context; results come back in input order. */
  execute(calls: readonly ToolCall[], context?: CallContext): Promise<readonly ToolResult[]>
  /** Executes one call, yielding each chunk a streaming handler produces, then the result. */
  stream(call: ToolCall, context?: CallContext): AsyncIterable<ToolStreamPart>
  /** Removes one tool or a batch; true only when every named tool was present. */
  remove(name: string | readonly string[]): boolean
  /** Removes every registered tool. */
  clear(): void
  /** Removes every tool and releases the emitter's listeners. */
  destroy(): void
}
