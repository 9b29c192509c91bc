import type { CatalogTool } from '../catalog.js'
import type { ToolManagerInterface, ToolManagerOptions } from '../manager-types.js'
import type { RegistrySearchOptions } from '../search/registry-search.js'
import type { SearchToolOptions } from '../search/search-tool.js'
import type { CallContext, JsonSchema, ToolCall, ToolDefinition, ToolFailure, ToolHandler, ToolInterface } from '../types.js'
import type { PatternEngine } from '../normalise/pattern-engine.js'
import type { CompiledValidator } from '../validation.js'

/** What a tool's lazy entry module provides once imported: its handler and its precompiled validators. */
export interface LazyToolModule {
  readonly handler?: ToolHandler<any, unknown>
  /** Checks normalised arguments against the schema of the parameters' validation plan (see `standaloneValidator`). */
  readonly validate?: CompiledValidator
  /** The validators of the plan's union branches tried in turn, in the plan's order. */
  readonly branches?: readonly CompiledValidator[]
  /** The validators' pattern engine, exported when the schema has `patternProperties` (the normaliser matches their keys). */
  readonly regExp?: PatternEngine
}

/** The part of a catalog entry a lazy registry advertises and dispatches on. */
export type LazyToolDefinition = Pick<CatalogTool, 'name' | 'parameters'> &
  Partial<Pick<CatalogTool, 'title' | 'description' | 'summary' | 'annotations' | 'stream' | 'declarationOnly'>>

/** One tool of a lazy registry: its definition at once, its module imported on the first call. */
export interface LazyToolEntry {
  readonly definition: LazyToolDefinition
  /** Imports the tool's entry module; called at most once at a time, and again only after a failure. */
  readonly load: () => Promise<LazyToolModule>
}

/**
 * JSON text, whole or in pieces: text pieces, and indices into the registry's table of shared
 * fragments (each itself a `SchemaText`) standing for the fragment's joined text. A lone index
 * stands for that fragment's text (a generated registry's schemas are entries of its table).
 */
export type SchemaText = string | number | readonly (string | number)[]

/**
 * The texts that index entries' schema texts reference by index: an array, a function returning
 * one (called once, on the first read of such a schema), or one packed string, which generated
 * registries pass: one entry a line, each entry JSON text whose fragment references are written
 * `\u0001<index>\u0001`, decoded an entry at a time as schemas are read.
 */
export type FragmentTable = readonly SchemaText[] | (() => readonly SchemaText[]) | string

/**
 * One tool of a generated registry's slim index: the parameter schema travels as JSON text and is
 * parsed on its first read, so starting a registry of thousands of tools parses none of them.
 */
export interface LazyToolIndexEntry {
  readonly definition: Omit<LazyToolDefinition, 'parameters'>
  /** The parameter schema as JSON text, possibly referencing the registry's shared fragments. */
  readonly parameters: SchemaText
  readonly load: () => Promise<LazyToolModule>
}

/**
 * Argument, result and stream chunk types of tools, by name: what a generated `registry.d.ts` (or
 * the plugin's declaration file) declares. A streaming tool's `result` is the array of its chunks;
 * `chunk` is `never` for a tool that does not stream, and taken as `unknown` when absent.
 */
export type ToolTypeMap = { readonly [name: string]: { readonly args: object; readonly result: unknown; readonly chunk?: unknown } }

/** A `ToolResult` whose success value has the tool's declared result type. */
export type TypedToolResult<R> = { readonly id: string; readonly name: string; readonly success: true; readonly value: R } | ToolFailure

/** A `ToolCall` of tool `N`, its arguments typed by the tool's parameter type. */
export interface TypedToolCall<T extends ToolTypeMap, N extends keyof T & string> extends ToolCall {
  readonly name: N
  readonly arguments: T[N]['args'] & Readonly<Record<string, unknown>>
}

/** One part of a typed stream: each chunk, typed as the tool yields it, then the typed result. */
export type TypedToolStreamPart<T extends ToolTypeMap, N extends keyof T & string> =
  | { readonly type: 'chunk'; readonly value: T[N] extends { readonly chunk: infer C } ? C : unknown }
  | { readonly type: 'result'; readonly result: TypedToolResult<T[N]['result']> }

/** Configures a lazy registry: the runtime registry's listeners plus where handlers and validators come from. */
export interface LazyRegistryOptions<T extends ToolTypeMap = ToolTypeMap> extends ToolManagerOptions {
  /**
   * Host-supplied handlers by tool name. One supplied for a declaration-only tool (T4) makes it
   * callable; one supplied for any other tool replaces the handler its module exports.
   */
  readonly handlers?: { readonly [N in keyof T]?: ToolHandler<T[N]['args'], unknown> }
  /**
   * Compiles a parameter schema on a tool's first call, for tools whose module carries no
   * precompiled validator (pass `compileSchema` from `toolcat`). Without either, arguments reach
   * the handler unvalidated.
   */
  readonly compile?: (schema: JsonSchema) => CompiledValidator
  /**
   * Treat a `null` sent for an optional property that the catalog schema does not make nullable
   * as if the property were absent, before validation. OpenAI's strict mode makes every property
   * required and sends `null` for those the model leaves out; this maps such calls back.
   * @default false
   */
  readonly nullAsAbsent?: boolean
  /**
   * What a key no schema declares does to a call: `'drop'` leaves it out of the copy the handler
   * receives, `'refuse'` fails the call with a fault naming it (and the declared key it most likely
   * meant), before any confirmation. By default consequential tools refuse and the others drop.
   */
  readonly undeclaredKeys?: 'drop' | 'refuse'
}

/** A runtime tool registry over lazily imported tools, with a typed `call` shortcut. */
export interface LazyRegistry<T extends ToolTypeMap = ToolTypeMap> extends ToolManagerInterface {
  /**
   * Executes one call to `name` with a generated id. Like `execute`, it never rejects: a failure
   * (unknown tool, argument fault, import failure, handler throw…) is a failure result (T7).
   * Every context member is optional; without a signal the call gets a fresh one.
   */
  call<N extends keyof T & string>(name: N, args: T[N]['args'], context?: CallContext): Promise<TypedToolResult<T[N]['result']>>
  /**
   * Executes one call, yielding each chunk of a streaming handler as produced (typed as the tool
   * yields it), then exactly one result; like `execute`, a failure is a result, never a throw.
   */
  stream<N extends keyof T & string>(call: TypedToolCall<T, N>, context?: CallContext): AsyncIterable<TypedToolStreamPart<T, N>>
  /**
   * The definitions of the tools matching a query, best first (BM25F over the build's index; see
   * `toolcat/search`), at most `limit` (default 5). Imports no tool module. `rank` and `embed`
   * hooks make the ranking hybrid; `filter` keeps tools by annotation.
   */
  search(query: string, options?: RegistrySearchOptions): Promise<ToolDefinition[]>
  /**
   * The `tool_search` tool (`{ query, limit? }` → the found tools' names, descriptions and parameter
   * schemas), added to this registry (replacing an earlier one), so adapters, exports and `execute`
   * reach it like any tool. Show a model it and a few pinned tools; it finds the rest.
   */
  searchTool(options?: SearchToolOptions): ToolInterface
}
