import { resolve } from 'node:path'
import type { BuildResult } from '../src/analyze/index.js'
import type { Diagnostic } from '../src/analyze/diagnostic.js'
import { formatDiagnostic } from '../src/analyze/format-diagnostic.js'
import { ShownDiagnostics } from '../src/analyze/shown-diagnostics.js'
import type { UnpluginMessage } from 'unplugin'

/**
 * The errors of a derivation as one text, each as `toolcat build` prints it (`path:line:col - error
 * TCnnnn: message`, the source line with a caret, the hint), paths relative to the working
 * directory; `undefined` when there is none.
 */
export function errorsText(diagnostics: readonly Diagnostic[], root: string): string | undefined {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  if (errors.length === 0) return undefined
  const cwd = process.cwd()
  return `toolcat found ${errors.length} error${errors.length === 1 ? '' : 's'} in the tool modules:\n${errors.map((error) => formatDiagnostic(error, root, cwd)).join('\n\n')}`
}

/**
 * The errors of a derivation as one bundler error, located at the first of them. Every error is
 * listed in the message, since rollup and vite stop at the first `this.error`; the message carries
 * `path:line:col` itself because webpack and rspack keep only the message.
 */
export function diagnosticsError(diagnostics: readonly Diagnostic[], root: string): UnpluginMessage | undefined {
  const message = errorsText(diagnostics, root)
  const first = diagnostics.find((diagnostic) => diagnostic.severity === 'error')
  if (message === undefined || first === undefined) return undefined
  if (first.file === undefined) return { message }
  const file = resolve(root, first.file)
  // Rollup's API counts loc.column from 0, but vite, rollup and esbuild print the number as given,
  // in a header right above our message's own `path:line:col`. One convention everywhere: 1-based,
  // as tsc prints and as editors read `path:line:col` links.
  return { message, id: file, loc: { file, line: first.line ?? 1, column: first.column ?? 1 } }
}

/** Where diagnostics are printed: vite's logger (`config.logger`), or one with its two methods. */
export interface DiagnosticLogger {
  warn(message: string): void
  error(message: string): void
}

/**
 * Prints the diagnostics of each new derivation through vite's logger, as `toolcat build` prints
 * them, and each once (see ShownDiagnostics: a warning while it lasts, an error per derivation it
 * fails). Errors are printed only when `withErrors`: a vite build prints the error that stops it
 * (`this.error`) itself, while a dev server goes on and would say nothing of an error no page asked for.
 */
export class DiagnosticsReport {
  readonly #shown = new ShownDiagnostics()
  #last: BuildResult | undefined

  /** Prints what is new in `derivation` (nothing when it is the derivation printed last). */
  print(derivation: BuildResult, root: string, logger: DiagnosticLogger, withErrors: boolean): void {
    if (derivation === this.#last) return
    this.#last = derivation
    const cwd = process.cwd()
    for (const diagnostic of this.#shown.toShow(derivation.diagnostics)) {
      if (diagnostic.severity === 'warning') logger.warn(formatDiagnostic(diagnostic, root, cwd))
      else if (withErrors) logger.error(formatDiagnostic(diagnostic, root, cwd))
    }
  }
}
