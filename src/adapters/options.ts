import type { CatalogTool } from '../runtime/catalog.js'
import type { LazyRegistry, ToolTypeMap } from '../runtime/lazy/types.js'
import type { ToolManagerInterface } from '../runtime/manager-types.js'
import type { ToolCall } from '../runtime/types.js'

/**
 * What an adapter reads tools from: a generated registry (`createRegistry()`, typed by its
 * `registry.d.ts`), the plugin's `~toolcat/registry`, or any runtime registry (`createToolManager`).
 */
export type ToolSource<T extends ToolTypeMap = ToolTypeMap> = LazyRegistry<T> | ToolManagerInterface

/** The part of a catalog entry an adapter can use beyond what the registry carries: output schema and stream flag. */
export type CatalogEntryInfo = Pick<CatalogTool, 'name'> & Partial<Pick<CatalogTool, 'output' | 'stream'>>

/** Options every adapter accepts. */
export interface AdapterOptions<N extends string = string, P extends string = ''> {
  /**
   * Only these tools, in this order; a name the registry does not hold is an error.
   * @default every tool of the registry, in registry order
   */
  readonly tools?: readonly N[]
  /**
   * Put before each tool's name as the framework (and so the model) sees it; calls still reach the
   * registry's tool. The prefixed name must still match `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`.
   * @default ''
   */
  readonly prefix?: P
  /**
   * Asked before a `consequential` tool runs, with the registry's call (its registry name). Where the
   * framework has an approval mechanism (AI SDK, OpenAI Agents SDK, Mastra) a call the framework
   * approved runs without asking; this hook answers for calls the framework did not approve. Only
   * an answer of exactly `true` approves (T9); without a hook such a call fails.
   */
  readonly confirm?: (call: ToolCall) => boolean | Promise<boolean>
  /**
   * Aborts the calls: a signal, or a function called at each call returning the signal for it.
   * Combined with the signal the framework passes, if any: either aborting fails the call.
   */
  readonly signal?: AbortSignal | (() => AbortSignal | undefined)
  /** Passed to handlers as `context.caller` (consumer-asserted identity). */
  readonly caller?: unknown
  /**
   * The catalog (`catalog.json`) or its `tools`: adds each tool's output schema where the framework
   * has a place for one, and its stream flag where the registry does not carry it.
   */
  readonly catalog?: { readonly tools: readonly CatalogEntryInfo[] } | readonly CatalogEntryInfo[]
}
