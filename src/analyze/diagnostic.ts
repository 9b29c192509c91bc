/** Severity of a build diagnostic: errors fail the build, warnings do not. */
export type DiagnosticSeverity = 'error' | 'warning'

/**
 * A problem found while reading tool modules, located at the exact node at fault.
 * Paths are relative to the project root with forward slashes; line and column are 1-based.
 */
export interface Diagnostic {
  /** Stable code, `TC` + four digits (e.g. `TC1001`). */
  readonly code: string
  readonly severity: DiagnosticSeverity
  readonly message: string
  readonly file?: string
  readonly line?: number
  readonly column?: number
  /** Length of the node at fault, for the caret underline. */
  readonly length?: number
  /** The source line the diagnostic points into, for display. */
  readonly sourceLine?: string
  /** A suggestion of how to fix it. */
  readonly hint?: string
  /**
   * The tools whose schemas reach the problem, when it lies outside their own modules (a shared
   * type's file): with thirty tools importing it, this says which to look at. Sorted by module.
   */
  readonly usedBy?: readonly DiagnosticTool[]
}

/** A tool a diagnostic concerns: its module (relative to the project root) and its name. */
export interface DiagnosticTool {
  readonly module: string
  readonly name: string
}
