import { resolve } from 'node:path'
import type { Diagnostic } from '../src/analyze/diagnostic.js'
import type { UnpluginMessage } from 'unplugin'

/** One diagnostic as a line: `path:line:col - error TCnnnn: message`. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file === undefined ? '' : `${diagnostic.file}:${diagnostic.line ?? 1}:${diagnostic.column ?? 1} - `
  const hint = diagnostic.hint === undefined ? '' : ` (${diagnostic.hint})`
  return `${where}${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}${hint}`
}

/**
 * The errors of a derivation as one bundler error, located at the first of them. Every error is
 * listed in the message, since rollup and vite stop at the first `this.error`; the message carries
 * `path:line:col` itself because webpack and rspack keep only the message.
 */
export function diagnosticsError(diagnostics: readonly Diagnostic[], root: string): UnpluginMessage | undefined {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  const first = errors[0]
  if (first === undefined) return undefined
  const message = `toolcat found ${errors.length} error${errors.length === 1 ? '' : 's'} in the tool modules:\n${errors.map(formatDiagnostic).join('\n')}`
  if (first.file === undefined) return { message }
  const file = resolve(root, first.file)
  // Rollup's API counts loc.column from 0, but vite, rollup and esbuild print the number as given,
  // in a header right above our message's own `path:line:col`. One convention everywhere: 1-based,
  // as tsc prints and as editors read `path:line:col` links.
  return { message, id: file, loc: { file, line: first.line ?? 1, column: first.column ?? 1 } }
}
