/**
 * Runs a model's program in a WebAssembly JavaScript engine (QuickJS, through quickjs-emscripten):
 * a separate heap the host's objects never enter, so the program reaches only what it is handed —
 * one function per tool and a captured `console` — and nothing of the host (`process`, `require`,
 * `import()`, `fetch` do not exist there). Only strings cross the boundary: a tool call leaves as
 * the tool's name and the JSON text of its arguments and comes back as JSON text, so tampering
 * with anything inside the sandbox (prototypes, the bridge, `JSON`) changes nothing on the host.
 * Each program gets a fresh runtime, with a deadline, a memory limit and a stack limit.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core'
import { codeApiTools, type CodeApi } from './code-api.js'
import { stripTypes } from './strip-types.js'

/** Limits and the API of one `runCode`. */
export interface RunCodeOptions {
  /** The functions the program may call (from `createCodeApi`). */
  readonly api: CodeApi
  /** Wall-clock limit for the whole program, tool calls included. @default 10000 */
  readonly timeoutMs?: number
  /** Memory the program's heap may use. @default 64 MiB */
  readonly memoryBytes?: number
  /** Stack the program may use (bounds recursion; QuickJS's frames run on the host's stack, so keep it well under the host's). @default 256 KiB */
  readonly stackBytes?: number
  /** Most tool calls one program may make. @default 1000 */
  readonly maxCalls?: number
  /** Most console lines kept (later ones are counted, not kept). @default 1000 */
  readonly maxLogLines?: number
  /** Turns the program's TypeScript into JavaScript. @default the oxc transformer of toolcat's rolldown dependency (Node); in a browser, pass your own */
  readonly stripTypes?: (source: string) => Promise<string>
}

/** One line the program wrote to its console. */
export interface RunCodeLog {
  readonly level: 'log' | 'info' | 'warn' | 'error' | 'debug'
  readonly text: string
}

/** What a program gave back: its return value (as JSON data), or why it failed; its console lines either way. */
export type RunCodeResult =
  | { readonly success: true; readonly value: unknown; readonly logs: readonly RunCodeLog[]; readonly calls: number }
  | { readonly success: false; readonly error: string; readonly errorName: string; readonly logs: readonly RunCodeLog[]; readonly calls: number }

let engine: Promise<QuickJSWASMModule> | undefined

/** The QuickJS engine, compiled once per process (release build, synchronous variant). */
function loadEngine(): Promise<QuickJSWASMModule> {
  engine ??= (async () => {
    const [{ newQuickJSWASMModuleFromVariant }, variant] = await Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')])
    // The variant module's default export is the variant (CommonJS interop may nest it once more).
    const loaded = variant as unknown as { default: Parameters<typeof newQuickJSWASMModuleFromVariant>[0] }
    return newQuickJSWASMModuleFromVariant(loaded.default)
  })()
  return engine
}

const maxArgumentBytes = 1 << 20

/**
 * Strips the program's TypeScript, then runs it as the body of an async function in a fresh
 * QuickJS runtime: each tool is a global function (and a member of `tools`), `console` is captured,
 * `return` gives the result. Never rejects for anything the program does: a throw, a syntax error,
 * the deadline, the memory or stack limit are a failure result.
 */
export async function runCode(source: string, options: RunCodeOptions): Promise<RunCodeResult> {
  const logs: RunCodeLog[] = []
  let calls = 0
  const fail = (errorName: string, error: string): RunCodeResult => ({ success: false, error, errorName, logs, calls })
  let script: string
  try {
    script = await (options.stripTypes ?? stripTypes)(`(async () => {\n${source}\n})`)
  } catch (error) {
    return fail('SyntaxError', error instanceof Error ? error.message : String(error))
  }
  const quickjs = await loadEngine()
  const timeoutMs = options.timeoutMs ?? 10_000
  const deadline = Date.now() + timeoutMs
  const runtime = quickjs.newRuntime()
  runtime.setMemoryLimit(options.memoryBytes ?? 64 * 1024 * 1024)
  runtime.setMaxStackSize(options.stackBytes ?? 256 * 1024)
  runtime.setInterruptHandler(() => Date.now() > deadline)
  const context = runtime.newContext()
  let disposed = false
  const tools = codeApiTools(options.api)
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const maxCalls = options.maxCalls ?? 1000
  const maxLogLines = options.maxLogLines ?? 1000
  let droppedLogs = 0
  const pending = new Set<Promise<void>>()
  try {
    const log = context.newFunction('log', (level, text) => {
      if (logs.length >= maxLogLines) droppedLogs++
      else logs.push({ level: logLevel(context.getString(level)), text: context.getString(text).slice(0, 10_000) })
    })
    const call = context.newFunction('call', (nameHandle, argsHandle) => {
      const deferred = context.newPromise()
      const reply = (text: string): void => {
        if (disposed) return
        const value = context.newString(text)
        deferred.resolve(value)
        value.dispose()
        deferred.dispose()
      }
      const name = context.typeof(nameHandle) === 'string' ? context.getString(nameHandle) : ''
      const argsText = context.typeof(argsHandle) === 'string' ? context.getString(argsHandle) : ''
      const settled = hostCall(options.api, byName.get(name), argsText, ++calls > maxCalls ? maxCalls : undefined).then(reply)
      pending.add(settled)
      void settled.finally(() => pending.delete(settled))
      return deferred.handle
    })
    const program = evaluate(context, bridgeSource(tools), script)
    if ('error' in program) return fail(program.error.name, program.error.message)
    const started = context.callFunction(program.value, context.undefined, call, log)
    program.value.dispose()
    log.dispose()
    call.dispose()
    if (started.error) return failWith(context, started.error, fail)
    const promise = started.value
    // One timer for the whole program: waiting on tool calls ends at the deadline at the latest.
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs + 1)))
    try {
      for (;;) {
        const jobs = runtime.executePendingJobs()
        // An interrupt may surface as any error of the job it stopped: past the deadline, it is the deadline.
        if (jobs.error) return Date.now() > deadline ? (jobs.error.dispose(), fail('TimeoutError', `the program ran longer than ${timeoutMs} ms`)) : failWith(context, jobs.error, fail)
        const state = context.getPromiseState(promise)
        if (state.type === 'fulfilled') {
          const text = context.typeof(state.value) === 'string' ? context.getString(state.value) : undefined
          state.value.dispose()
          if (droppedLogs > 0) logs.push({ level: 'warn', text: `(${droppedLogs} more console lines dropped)` })
          if (text === undefined) return fail('TypeError', 'the program returned a value that is not JSON data')
          return { success: true, value: JSON.parse(text) as unknown, logs, calls }
        }
        if (state.type === 'rejected') return Date.now() > deadline ? (state.error.dispose(), fail('TimeoutError', `the program ran longer than ${timeoutMs} ms`)) : failWith(context, state.error, fail)
        if (Date.now() > deadline) return fail('TimeoutError', `the program ran longer than ${timeoutMs} ms`)
        if (pending.size === 0) return fail('Error', 'the program awaits something that never settles (only tool calls settle in the sandbox)')
        await Promise.race([Promise.race(pending), expired])
      }
    } finally {
      clearTimeout(timer)
      promise.dispose()
    }
  } finally {
    disposed = true
    disposeAll(context, runtime)
  }
}

/** Runs one bridged call on the host: the reply is JSON text, `{ value }` or `{ error, name, tool }`. */
async function hostCall(api: CodeApi, tool: { name: string; identifier: string; stream: boolean } | undefined, argsText: string, overLimit: number | undefined): Promise<string> {
  const failure = (name: string, error: string, toolName?: string): string => JSON.stringify({ error, name, ...(toolName !== undefined && { tool: toolName }) })
  if (overLimit !== undefined) return failure('Error', `the program made more than ${overLimit} tool calls`)
  if (tool === undefined) return failure('TypeError', 'no such tool')
  if (argsText.length > maxArgumentBytes) return failure('ToolCallError', `the arguments exceed ${maxArgumentBytes} bytes of JSON`, tool.name)
  let args: unknown
  try {
    args = JSON.parse(argsText)
  } catch {
    return failure('ToolCallError', 'the arguments are not JSON data', tool.name)
  }
  try {
    const run = api[tool.identifier]
    if (run === undefined) return failure('TypeError', 'no such tool')
    const outcome = run(args as Record<string, unknown>)
    const value = tool.stream ? await collect(outcome as AsyncIterable<unknown>) : await outcome
    return JSON.stringify({ value: value === undefined ? null : value })
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error'
    return failure(name === 'ToolCallError' ? name : 'ToolCallError', error instanceof Error ? error.message : String(error), tool.name)
  }
}

async function collect(chunks: AsyncIterable<unknown>): Promise<unknown[]> {
  const all: unknown[] = []
  for await (const chunk of chunks) all.push(chunk)
  return all
}

/**
 * The sandbox's side of the bridge, evaluated before the program: a function of the two host
 * functions that installs `console`, `ToolCallError`, one global per tool and `tools`, then runs the
 * program and returns the JSON text of its result. `JSON` is captured first, so a program that
 * replaces it breaks only its own calls.
 */
function bridgeSource(tools: readonly { name: string; identifier: string; stream: boolean }[]): string {
  const list = JSON.stringify(tools.map((tool) => [tool.name, tool.identifier, tool.stream]))
  return `(function (program) { return async function (call, log) {
  'use strict'
  const { parse, stringify } = JSON
  const text = (value) => { if (typeof value === 'string') return value; try { const json = stringify(value); return json === undefined ? String(value) : json } catch { return String(value) } }
  const console = {}
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) console[level] = (...values) => { log(level, values.map(text).join(' ')) }
  class ToolCallError extends Error { constructor(tool, message) { super(message); this.name = 'ToolCallError'; this.tool = tool } }
  const invoke = async (name, args) => {
    const reply = parse(await call(name, stringify(args === undefined ? {} : args)))
    if ('error' in reply) { if (reply.name !== 'ToolCallError') throw new TypeError(reply.error); throw new ToolCallError(reply.tool, reply.error) }
    return reply.value
  }
  const tools = {}
  for (const [name, identifier, stream] of ${list}) {
    tools[identifier] = stream
      ? (args) => ({ async *[Symbol.asyncIterator]() { for (const chunk of await invoke(name, args)) yield chunk } })
      : (args) => invoke(name, args)
  }
  Object.freeze(tools)
  globalThis.console = console
  globalThis.ToolCallError = ToolCallError
  globalThis.tools = tools
  for (const identifier of Object.keys(tools)) globalThis[identifier] = tools[identifier]
  const value = await program()
  return stringify(value === undefined ? null : value)
} })`
}

/** Evaluates `bridge` then the stripped program (`(async () => {…})`), giving the bridge applied to the program. */
function evaluate(context: QuickJSContext, bridge: string, program: string): { value: QuickJSHandle } | { error: { name: string; message: string } } {
  const bridgeResult = context.evalCode(bridge, 'toolcat-bridge.js')
  if (bridgeResult.error) return { error: errorOf(context, bridgeResult.error) }
  const programResult = context.evalCode(program, 'program.js')
  if (programResult.error) {
    bridgeResult.value.dispose()
    return { error: errorOf(context, programResult.error) }
  }
  const applied = context.callFunction(bridgeResult.value, context.undefined, programResult.value)
  bridgeResult.value.dispose()
  programResult.value.dispose()
  if (applied.error) return { error: errorOf(context, applied.error) }
  return { value: applied.value }
}

function failWith(context: QuickJSContext, handle: QuickJSHandle, fail: (name: string, message: string) => RunCodeResult): RunCodeResult {
  const { name, message } = errorOf(context, handle)
  return fail(name, message)
}

/** A thrown value's name and message, read as strings (never as host objects). */
function errorOf(context: QuickJSContext, handle: QuickJSHandle): { name: string; message: string } {
  try {
    const read = (key: string): string | undefined => {
      if (context.typeof(handle) !== 'object') return undefined
      const property = context.getProp(handle, key)
      const value = context.typeof(property) === 'string' ? context.getString(property) : undefined
      property.dispose()
      return value
    }
    const name = read('name') ?? 'Error'
    const message = read('message') ?? (context.typeof(handle) === 'string' ? context.getString(handle) : 'the program threw a value that is not an Error')
    return { name, message: name === 'InternalError' && message === 'interrupted' ? 'the program ran longer than its time limit' : message }
  } finally {
    handle.dispose()
  }
}

function logLevel(level: string): RunCodeLog['level'] {
  return level === 'info' || level === 'warn' || level === 'error' || level === 'debug' ? level : 'log'
}

function disposeAll(context: QuickJSContext, runtime: QuickJSRuntime): void {
  try {
    context.dispose()
    runtime.dispose()
  } catch {
    // A runtime left with live objects (a program stopped mid-way) is dropped with its whole heap.
  }
}
