import type { Diagnostic } from '../analyze/diagnostic.js'

/**
 * The one-line outcome of a build or check:
 * `✔ 10 tools · 0 errors · 0 warnings · 412 ms · native TypeScript 7.0.2 → catalog.json`.
 */
export function summaryLine(toolCount: number, diagnostics: readonly Diagnostic[], milliseconds: number, written?: string, checker?: string): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length
  const warnings = diagnostics.length - errors
  const parts = [
    `${errors === 0 ? '✔' : '✖'} ${plural(toolCount, 'tool')}`,
    plural(errors, 'error'),
    plural(warnings, 'warning'),
    `${Math.round(milliseconds)} ms`,
    ...(checker === undefined ? [] : [checker]),
  ]
  return parts.join(' · ') + (written === undefined ? '' : ` → ${written}`)
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
