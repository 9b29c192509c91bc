import type { ToolErrorCode, ToolErrorContext } from './types.js'

/** Reports a schema conflict or an argument validation failure with a machine-readable code. */
export class ToolError extends Error {
  /** `SCHEMA` for a definition that cannot be built, `ARGUMENTS` for arguments the schema refuses. */
  readonly code: ToolErrorCode
  /** The structured faults behind an `ARGUMENTS` error; absent when none were supplied. */
  declare readonly context?: ToolErrorContext

  constructor(code: ToolErrorCode, message: string, context?: ToolErrorContext) {
    super(message)
    this.name = 'ToolError'
    this.code = code
    if (context !== undefined) Object.defineProperty(this, 'context', { value: context, enumerable: true })
  }
}

/** Checks whether a value is a tool error; a proxy whose prototype lookup throws is simply not one. */
export function isToolError(value: unknown): value is ToolError {
  try {
    return value instanceof ToolError
  } catch {
    return false
  }
}
