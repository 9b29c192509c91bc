import { Emitter, type EmitterInterface } from './emitter.js'
import type { ToolManagerEventMap, ToolManagerInterface, ToolManagerOptions, ToolStreamPart } from './manager-types.js'
import { runCall, settle, type RunPolicy } from './run-call.js'
import { toolToDefinition } from './to-definition.js'
import type { CallContext, ToolCall, ToolContext, ToolDefinition, ToolInterface, ToolResult } from './types.js'

/**
 * An insertion-ordered tool registry with per-call error isolation. Replacing a name keeps its
 * position; every listing is computed on demand, so no stale copy can outlive a mutation.
 */
export class ToolManager implements ToolManagerInterface {
  readonly #tools = new Map<string, ToolInterface>()
  readonly #emitter: Emitter<ToolManagerEventMap>
  readonly #policy: RunPolicy

  constructor(options: ToolManagerOptions = {}) {
    this.#emitter = new Emitter(options.error)
    this.#policy = { limits: options.limits, releaseOnAbort: options.releaseOnAbort }
    const on = options.on ?? {}
    if (on.add) this.#emitter.on('add', on.add)
    if (on.remove) this.#emitter.on('remove', on.remove)
    if (on.clear) this.#emitter.on('clear', on.clear)
  }

  /** How many tools are registered. */
  get count(): number {
    return this.#tools.size
  }

  /** Publishes `add`, `remove` and `clear`, synchronously. */
  get emitter(): EmitterInterface<ToolManagerEventMap> {
    return this.#emitter
  }

  /**
   * Registers tools in argument order. A new name publishes `add`. A known name is replaced in
   * place and publishes `remove` with the previous instance (the replacement is already installed),
   * then `add` only if a removal listener did not swap the name again.
   */
  add(tool: ToolInterface | readonly ToolInterface[]): void {
    for (const one of listOf(tool)) {
      const previous = this.#tools.get(one.name)
      this.#tools.set(one.name, one)
      if (previous !== undefined) this.#emitter.emit('remove', previous)
      if (this.#tools.get(one.name) === one) this.#emitter.emit('add', one)
    }
  }

  /** Finds one registered tool by name. */
  tool(name: string): ToolInterface | undefined {
    return this.#tools.get(name)
  }

  /** A fresh array of the registered tools, in insertion order. */
  tools(): readonly ToolInterface[] {
    return [...this.#tools.values()]
  }

  /** Fresh definitions of the registered tools, in insertion order. */
  definitions(): readonly ToolDefinition[] {
    return this.tools().map(toolToDefinition)
  }

  /** Executes one call, or a batch dispatched in one synchronous pass sharing one context. */
  execute(call: ToolCall, context?: CallContext): Promise<ToolResult>
  execute(calls: readonly ToolCall[], context?: CallContext): Promise<readonly ToolResult[]>
  async execute(input: ToolCall | readonly ToolCall[], context?: CallContext): Promise<ToolResult | readonly ToolResult[]> {
    const shared = executionContext(context)
    if (!Array.isArray(input)) return settle(this.#run(input as ToolCall, shared))
    return Promise.all((input as readonly ToolCall[]).map((call) => settle(this.#run(call, shared))))
  }

  /** Executes one call, yielding each chunk of a streaming handler as produced, then the result. */
  stream(call: ToolCall, context?: CallContext): AsyncIterable<ToolStreamPart> {
    return this.#run(call, executionContext(context))
  }

  /** Removes tools in argument order, publishing `remove` after each deletion; true only if every name was present. */
  remove(name: string | readonly string[]): boolean {
    let all = true
    for (const one of listOf(name)) {
      const tool = this.#tools.get(one)
      if (tool === undefined) {
        all = false
        continue
      }
      this.#tools.delete(one)
      this.#emitter.emit('remove', tool)
    }
    return all
  }

  /** Empties the registry and publishes one `clear` with the removed tools, in registration order. */
  clear(): void {
    const removed = this.tools()
    this.#tools.clear()
    this.#emitter.emit('clear', removed)
  }

  /** Clears while listeners are attached, destroys the emitter, then empties the map again silently. */
  destroy(): void {
    this.clear()
    this.#emitter.destroy()
    this.#tools.clear()
  }

  #run(call: ToolCall, context: ToolContext): AsyncGenerator<ToolStreamPart, void> {
    return runCall((name) => this.#tools.get(name), call, context, this.#policy)
  }
}

/** Creates an empty registry, typed as the published `ToolManagerInterface` rather than the class. */
export function createToolManager(options?: ToolManagerOptions): ToolManagerInterface {
  return new ToolManager(options)
}

/**
 * The context an execution runs with: the caller's as passed when it carries a signal, else the
 * caller's members (if any) with a fresh signal that never aborts.
 */
function executionContext(context: CallContext | undefined): ToolContext {
  if (context?.signal !== undefined) return context as ToolContext
  return { ...context, signal: new AbortController().signal }
}

function listOf<T>(value: T | readonly T[]): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [value as T]
}
