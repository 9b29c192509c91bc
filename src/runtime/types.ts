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

/**
 * What a caller may pass with an execution (`execute`, `stream`, a registry's `call`): every member
 * optional. Without a `signal` the registry supplies a fresh one that never aborts.
 */
export interface CallContext {
  readonly signal?: AbortSignal
  /** Consumer-asserted identity, forwarded to the handler unverified. */
  readonly caller?: unknown
  /**
   * Asked before a `consequential` tool is entered, with the call's validated and normalised
   * arguments; only an answer of exactly `true` approves (T9). A call whose arguments are refused
   * never reaches it.
   */
  readonly confirm?: (call: ToolCall) => boolean | Promise<boolean>
}

/** Carries the signal, consumer-asserted identity and confirmation hook of an execution: what a handler receives, always with a signal. */
export interface ToolContext extends CallContext {
  readonly signal: AbortSignal
}

/** A tool's handler: receives the (validated) arguments and the execution context. */
export type ToolHandler<A = Readonly<Record<string, unknown>>, R = unknown> = (args: A, context: ToolContext) => R

/** A call whose arguments a tool has validated and normalised: what a registry confirms, then runs. */
export interface PreparedCall {
  /** The normalised arguments the handler will receive. */
  readonly arguments: Readonly<Record<string, unknown>>
  /** Enters the handler with those arguments. */
  run(context: ToolContext): unknown
}

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
  /** Validates the arguments (when the tool has a contract) and runs the handler. */
  execute(args: Readonly<Record<string, unknown>>, context: ToolContext): unknown
  /**
   * Validates and normalises the arguments without entering the handler (throwing, or rejecting,
   * when they are refused). A registry calls it before asking for confirmation, then runs the
   * prepared call; a tool without it is confirmed with the raw arguments and run with `execute`.
   */
  prepare?(args: Readonly<Record<string, unknown>>, context: ToolContext): PreparedCall | Promise<PreparedCall>
}

/** Identifies a schema conflict or an argument validation failure. */
export type ToolErrorCode = 'SCHEMA' | 'ARGUMENTS'

/** One argument fault: where, which keyword failed, and what was expected and received. */
export interface ToolFault {
  readonly path: readonly (string | number)[]
  readonly reason: string
  readonly expected?: string
  /** The value the caller sent at `path`; absent where the caller sent nothing. */
  readonly received?: unknown
  readonly constraint?: string
  readonly limit?: unknown
  /** The branches of discriminated unions the fault lies in, outermost first. */
  readonly branches?: readonly ToolFaultBranch[]
  /** For a union no branch takes: the branch (from 1) closest to the value, whose faults follow this one. */
  readonly closestBranch?: number
  /** For a string the schema does not allow: the allowed value it most likely misspells (`"CNAM"` → `"CNAME"`). */
  readonly meant?: string
}

/** A branch of a discriminated union that a fault lies in: the branch whose `tag` is `value`, `depth` segments down the fault's path. */
export interface ToolFaultBranch {
  readonly depth: number
  readonly tag: string
  readonly value: unknown
}

/** Carries the structured faults behind an argument validation failure. */
export interface ToolErrorContext {
  readonly faults?: readonly ToolFault[]
}
