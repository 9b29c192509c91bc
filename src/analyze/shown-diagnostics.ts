import type { Diagnostic } from './diagnostic.js'

/** What makes two diagnostics of successive builds the same one: code, file, position and message. */
export function diagnosticKey(diagnostic: Diagnostic): string {
  return [diagnostic.code, diagnostic.file ?? '', diagnostic.line ?? '', diagnostic.column ?? '', diagnostic.message].join('\0')
}

/**
 * What a watching build (`toolcat build --watch`, a bundler's watch mode, a vite dev server) has
 * already printed, so that a rebuild does not say the same thing again. A warning is printed once
 * while it lasts: a rebuild that still has it stays quiet, and one that no longer has it forgets it,
 * so a warning fixed and then brought back is printed again. An error is printed by every build it
 * fails, since it is why that build kept the last output (as tsc and the bundlers do in watch mode).
 */
export class ShownDiagnostics {
  /** The warnings of the last build, each printed by it or by a build before it. */
  #warnings = new Set<string>()

  /** The diagnostics of a new build that should be printed, in their order; the rest were printed before. */
  toShow(diagnostics: readonly Diagnostic[]): Diagnostic[] {
    const before = this.#warnings
    this.#warnings = new Set(diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').map(diagnosticKey))
    return diagnostics.filter((diagnostic) => diagnostic.severity === 'error' || !before.has(diagnosticKey(diagnostic)))
  }
}
