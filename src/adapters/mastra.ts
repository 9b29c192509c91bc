// `toolcat/mastra`: a registry's tools as Mastra tools (`@mastra/core`, an optional peer dependency).
import type { Tool, ToolExecutionContext } from '@mastra/core/tools'
import type { ToolTypeMap } from '../runtime/lazy/types.js'
import type { JsonSchema, ToolResult } from '../runtime/types.js'
import { callRegistry, streamRegistry, type FrameworkCall } from './call-registry.js'
import { loadPeer } from './load-peer.js'
import type { AdapterOptions, ToolSource } from './options.js'
import { selectTools, type SelectedTool } from './select-tools.js'

export type { AdapterOptions, CatalogEntryInfo, ToolSource } from './options.js'

const mastra = await loadPeer(() => import('@mastra/core/tools'), 'mastra', '@mastra/core')

/** A failed call as Mastra reports a tool's failed input validation to the model. */
export interface MastraToolError {
  readonly error: true
  readonly message: string
}

/** A Mastra tool whose `execute` resolves with the tool's declared result, or a `MastraToolError`. */
export type MastraTool<R> = Omit<Tool<undefined, undefined>, 'execute'> & {
  execute: (context: ToolExecutionContext<undefined>, options?: MastraInvocation) => Promise<R | MastraToolError>
}

/** The Mastra tools of the selected registry tools, keyed by prefixed name, typed from the registry's `Tools`. */
export type MastraTools<T extends ToolTypeMap, N extends keyof T & string, P extends string> = {
  [K in N as `${P}${K}`]: MastraTool<T[K]['result']>
}

/** The invocation options Mastra passes to `execute` that the adapter reads. */
interface MastraInvocation {
  readonly toolCallId?: string
  readonly abortSignal?: AbortSignal
}

/** The execution context members the adapter reads (`resumeData` carries Mastra's approval). */
interface MastraContext {
  readonly context?: unknown
  readonly resumeData?: { readonly approved?: unknown }
  readonly writer?: { write(chunk: unknown): Promise<void> }
}

/**
 * The registry's tools as Mastra tools for `new Agent({ tools })`: the catalog's JSON Schema as
 * `inputSchema` (and `outputSchema` where the `catalog` option has one), `requireApproval` for
 * consequential tools, and `execute` calling the registry, which imports the tool's module on its
 * first call and validates before entry. A failure is returned as `{ error: true, message }`, the
 * shape Mastra itself hands the model for invalid input; a streaming tool writes each chunk to
 * the tool's stream writer.
 */
export function toMastraTools<T extends ToolTypeMap = ToolTypeMap, N extends keyof T & string = keyof T & string, P extends string = ''>(
  registry: ToolSource<T>,
  options: AdapterOptions<N, P> = {},
): MastraTools<T, N, P> {
  const tools: Record<string, unknown> = {}
  for (const selected of selectTools(registry, options)) tools[selected.exposedName] = mastraTool(registry, selected, options)
  return tools as MastraTools<T, N, P>
}

function mastraTool(registry: ToolSource, selected: SelectedTool, options: AdapterOptions<string, string>): unknown {
  const execute = async (context: MastraContext, invocation?: MastraInvocation): Promise<unknown> => {
    const call: FrameworkCall = {
      ...(invocation?.toolCallId !== undefined && { id: invocation.toolCallId }),
      args: context.context,
      ...(invocation?.abortSignal !== undefined && { signal: invocation.abortSignal }),
      approved: selected.consequential && context.resumeData?.approved === true,
    }
    if (!selected.stream) return answer(await callRegistry(registry, selected, options, call))
    for await (const part of streamRegistry(registry, selected, options, call)) {
      if (part.type === 'result') return answer(part.result)
      await context.writer?.write(part.value)
    }
    return undefined
  }
  return mastra.createTool({
    id: selected.exposedName,
    description: selected.description ?? selected.exposedName,
    // Mastra reads a JSON Schema as well as a zod schema here (and validates with a zod schema derived from it).
    inputSchema: selected.parameters() as never,
    ...(selected.output !== undefined && { outputSchema: selected.output as JsonSchema as never }),
    ...(selected.consequential && { requireApproval: true }),
    execute: execute as never,
  })
}

function answer(result: ToolResult): unknown {
  return result.success ? result.value : ({ error: true, message: result.error } satisfies MastraToolError)
}
