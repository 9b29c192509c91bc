import type { ToolAnnotations, ToolContext } from './types.js'

/**
 * What a tool module exports: the build reads it statically, deriving the parameter schema from
 * the type of `execute`'s first parameter. Without `execute` it is a declaration-only tool (T4).
 */
export interface ToolDescriptor<A extends object = Record<string, unknown>, R = unknown> {
  /** Defaults to the export name (or file name for a default export). */
  readonly name?: string
  readonly title?: string
  /** Defaults to the JSDoc of the definition. */
  readonly description?: string
  /** Advertised in place of the description. */
  readonly summary?: string
  readonly annotations?: ToolAnnotations
  execute?(args: A, context: ToolContext): R
}

/** Declares a tool for the build to catalog; returns the descriptor unchanged, doing no work at import time. */
export function defineTool<A extends object = Record<string, unknown>, R = unknown>(descriptor: ToolDescriptor<A, R>): ToolDescriptor<A, R> {
  return descriptor
}
