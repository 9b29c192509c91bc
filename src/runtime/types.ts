/**
 * The data shapes exchanged by tools, registries and callers. Every property is readonly; an
 * optional field the caller did not supply is absent from the value (never `undefined`).
 */

/** A JSON Schema (draft-07) object. */
export type JsonSchema = { readonly [keyword: string]: unknown }

/** Describes the observable effects and content of a tool; claims of its author. */
export interface ToolAnnotations {
  /** No state change a caller can observe. */
  readonly pure?: boolean
  /** The result may carry content the tool did not author. */
  readonly untrusted?: boolean
  /** An effect the caller must confirm before the tool runs (T9). */
  readonly consequential?: boolean
}

/** Describes a tool as advertised to a caller. */
export interface ToolDefinition {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly parameters?: JsonSchema
  readonly annotations?: ToolAnnotations
}

/** Describes one request to run a named tool. */
export interface ToolCall {
  readonly id: string
  readonly name: string
  readonly arguments: Readonly<Record<string, unknown>>
}

/** Reports the successful outcome of executing a `ToolCall`. */
export interface ToolSuccess {
  readonly id: string
  readonly name: string
  readonly success: true
  readonly value: unknown
}

/** Reports the failed outcome of executing a `ToolCall`. */
export interface ToolFailure {
  readonly id: string
  readonly name: string
  readonly success: false
  readonly error: string
}

/** Represents the outcome of executing a `ToolCall`. */
export type ToolResult = ToolSuccess | ToolFailure

/** Carries the signal, consumer-asserted identity and confirmation hook for an execution. */
export interface ToolContext {
  readonly signal: AbortSignal
  readonly caller?: unknown
  /** Asked before a `consequential` tool is entered; only an answer of exactly `true` approves (T9). */
  readonly confirm?: (call: ToolCall) => boolean | Promise<boolean>
}

/** A tool's handler: receives the (validated) arguments and the execution context. */
export type ToolHandler<A = Readonly<Record<string, unknown>>, R = unknown> = (args: A, context: ToolContext) => R

/** Configures an executable tool. */
export interface ToolOptions {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly summary?: string
  /** Descriptive parameter schema, forwarded by reference; does not validate. */
  readonly parameters?: JsonSchema
  /** Parameter schema compiled with ajv at construction; validates before handler entry. */
  readonly contract?: JsonSchema
  readonly annotations?: ToolAnnotations
  readonly execute: ToolHandler<any, unknown>
}

/** Represents an executable tool: its advertised definition plus its local handler. */
export interface ToolInterface extends ToolDefinition {
  readonly summary?: string
  /** The handler returns an AsyncIterable of chunks (T6), as the tool's catalog entry declares. */
  readonly stream?: true
  execute(args: Readonly<Record<string, unknown>>, context: ToolContext): unknown
}

/** Identifies a schema conflict or an argument validation failure. */
export type ToolErrorCode = 'SCHEMA' | 'ARGUMENTS'

/** One argument fault: where, which keyword failed, and what was expected and received. */
export interface ToolFault {
  readonly path: readonly (string | number)[]
  readonly reason: string
  readonly expected?: string
  readonly received?: unknown
  readonly constraint?: string
  readonly limit?: unknown
}

/** Carries the structured faults behind an argument validation failure. */
export interface ToolErrorContext {
  readonly faults?: readonly ToolFault[]
}
