// `toolcat/mastra`: a registry's tools as Mastra tools (`@mastra/core` 0.24 or 1.x, an optional peer dependency).
import type { ToolTypeMap } from '../runtime/lazy/types.js'
import type { JsonSchema, ToolResult } from '../runtime/types.js'
import { callRegistry, streamRegistry, type FrameworkCall } from './call-registry.js'
import { loadPeer } from './load-peer.js'
import type { AdapterOptions, ToolSource } from './options.js'
import { selectTools, type SelectedTool } from './select-tools.js'

export type { AdapterOptions, CatalogEntryInfo, ToolSource } from './options.js'

const mastra = await loadPeer(() => import('@mastra/core/tools'), 'mastra', '@mastra/core')

/**
 * Whether this Mastra reads a tool's schemas as Standard Schema, as Mastra 1 does: its `Tool`
 * turns a JSON Schema into one (a `~standard` member) and validates input and output with it
 * around `execute`, with messages of its own. Mastra 0.24 keeps the JSON Schema as given.
 */
const standardSchemas = hasStandardSchema(mastra.createTool({ id: 'toolcat_probe', description: 'probe', inputSchema: { type: 'object' } }))

function hasStandardSchema(tool: unknown): boolean {
  const schema = (tool as { inputSchema?: unknown } | null)?.inputSchema
  return typeof schema === 'object' && schema !== null && '~standard' in schema
}

/**
 * A tool schema as this Mastra takes it. For Mastra 1, a Standard Schema (with its JSON Schema,
 * which the model is shown) that lets every value through: the registry validates each call (T3),
 * so the model reads toolcat's fault message, and a failure result is not rejected as output.
 */
function schemaFor(schema: JsonSchema): unknown {
  if (!standardSchemas) return schema
  return { '~standard': { version: 1, vendor: 'toolcat', validate: (value: unknown) => ({ value }), jsonSchema: { input: () => schema, output: () => schema } } }
}

/** A failed call as Mastra reports a tool's failed input validation to the model. */
export interface MastraToolError {
  readonly error: true
  readonly message: string
}

/**
 * A Mastra tool whose `execute` resolves with the tool's declared result, or a `MastraToolError`.
 * Typed on its own rather than through `@mastra/core`'s types, which differ between the majors:
 * Mastra 1 calls `execute(input, context)`, Mastra 0.24 `execute({ context: input, … }, options)`.
 */
export interface MastraTool<R> {
  readonly id: string
  readonly description: string
  readonly requireApproval?: boolean
  readonly inputSchema?: unknown
  readonly outputSchema?: unknown
  execute(first: unknown, second?: unknown): Promise<R | MastraToolError>
}

/** The Mastra tools of the selected registry tools, keyed by prefixed name, typed from the registry's `Tools`. */
export type MastraTools<T extends ToolTypeMap, N extends keyof T & string, P extends string> = {
  [K in N as `${P}${K}`]: MastraTool<T[K]['result']>
}

/** What the adapter reads of one call, whichever major made it. */
interface MastraCall {
  readonly args: unknown
  readonly id?: string
  readonly signal?: AbortSignal
  /** Mastra's own approval granted this call. */
  readonly approved: boolean
  readonly writer?: { write(chunk: unknown): Promise<void> }
}

/** Mastra 1's execution context (the second argument), the members the adapter reads. */
interface ExecutionContext {
  readonly requestContext?: unknown
  readonly abortSignal?: AbortSignal
  readonly writer?: { write(chunk: unknown): Promise<void> }
  readonly agent?: { readonly toolCallId?: string }
}

/** Mastra 0.24's first argument and second argument, the members the adapter reads. */
interface LegacyContext {
  readonly context?: unknown
  readonly resumeData?: { readonly approved?: unknown }
  readonly writer?: { write(chunk: unknown): Promise<void> }
}
interface LegacyInvocation {
  readonly toolCallId?: string
  readonly abortSignal?: AbortSignal
}

/**
 * One call as either major makes it. Mastra 1 passes the input first and an execution context
 * holding `requestContext` (the name Mastra 1 gave 0.24's `runtimeContext`; its `Tool` always
 * supplies one); Mastra 0.24 passes `{ context: input, resumeData, writer }`, then the invocation.
 * Approval: Mastra 1 runs a `requireApproval` tool for an agent (`context.agent`) only once the
 * call is approved, and no longer passes the approval to the tool; Mastra 0.24 passes it as
 * `resumeData.approved`. Any other call of a consequential tool asks the `confirm` hook.
 */
function readCall(first: unknown, second: unknown, consequential: boolean): MastraCall {
  const modern = typeof second === 'object' && second !== null && 'requestContext' in second
  if (modern) {
    const context = second as ExecutionContext
    const id = context.agent?.toolCallId
    return {
      args: first,
      ...(id !== undefined && { id }),
      ...(context.abortSignal !== undefined && { signal: context.abortSignal }),
      approved: consequential && id !== undefined,
      ...(context.writer !== undefined && { writer: context.writer }),
    }
  }
  const context = (first ?? {}) as LegacyContext
  const invocation = (second ?? {}) as LegacyInvocation
  return {
    args: context.context,
    ...(invocation.toolCallId !== undefined && { id: invocation.toolCallId }),
    ...(invocation.abortSignal !== undefined && { signal: invocation.abortSignal }),
    approved: consequential && context.resumeData?.approved === true,
    ...(context.writer !== undefined && { writer: context.writer }),
  }
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
  const execute = async (first: unknown, second?: unknown): Promise<unknown> => {
    const { writer, ...read } = readCall(first, second, selected.consequential)
    const call: FrameworkCall = read
    if (!selected.stream) return answer(await callRegistry(registry, selected, options, call))
    for await (const part of streamRegistry(registry, selected, options, call)) {
      if (part.type === 'result') return answer(part.result)
      await writer?.write(part.value)
    }
    return undefined
  }
  return mastra.createTool({
    id: selected.exposedName,
    description: selected.description ?? selected.exposedName,
    inputSchema: schemaFor(selected.parameters()),
    ...(selected.output !== undefined && { outputSchema: schemaFor(selected.output) }),
    ...(selected.consequential && { requireApproval: true }),
    execute,
  })
}

function answer(result: ToolResult): unknown {
  return result.success ? result.value : ({ error: true, message: result.error } satisfies MastraToolError)
}
