import type { ExportWarning } from './types.js'

/** What an export's changes say on a terminal: refusals (when lossy changes are not allowed) and report lines. */
export interface ExportReport {
  /** One line per tool with lossy changes, each naming every JSON Pointer and why; empty when none or allowed. */
  readonly errors: string[]
  /** Notes and warnings: lossy changes when allowed, then per tool the described and cosmetic summaries, then notes. */
  readonly lines: string[]
}

/**
 * Groups an export's changes per tool for a person: a lossy change is an error line unless
 * `allowLossy`, then a warning line; the constraints written into descriptions and the cosmetic
 * rewrites each take one line per tool (the cosmetic ones counted by kind), notes one line each.
 */
export function reportExport(warnings: readonly ExportWarning[], allowLossy: boolean): ExportReport {
  const errors: string[] = []
  const lines: string[] = []
  for (const [tool, own] of byTool(warnings)) {
    const lossy = own.filter((change) => change.kind === 'lossy')
    if (lossy.length > 0) {
      const detail = lossy.map((change) => `${change.path}: ${change.message}`).join('; ')
      if (allowLossy) lines.push(`warning: ${tool}: lossy (--lossy): ${detail}`)
      else errors.push(`error: ${tool}: ${lossy.length} lossy change${lossy.length === 1 ? '' : 's'}: ${detail}`)
    }
    const described = own.filter((change) => change.kind === 'described')
    if (described.length > 0) {
      lines.push(`note: ${tool}: ${count(described.length, 'constraint')} written into descriptions: ${described.map((change) => change.path).join(', ')}`)
    }
    const cosmetic = own.filter((change) => change.kind === 'cosmetic')
    if (cosmetic.length > 0) {
      const kinds = new Map<string, number>()
      for (const change of cosmetic) kinds.set(category(change.message), (kinds.get(category(change.message)) ?? 0) + 1)
      const summary = [...kinds].map(([what, times]) => `${times}× ${what}`).join('; ')
      lines.push(`note: ${tool}: ${count(cosmetic.length, 'cosmetic rewrite')} (${summary})`)
    }
    for (const change of own.filter((entry) => entry.kind === 'note')) lines.push(`note: ${tool} ${change.path}: ${change.message}`)
  }
  return { errors, lines }
}

function byTool(warnings: readonly ExportWarning[]): Map<string, ExportWarning[]> {
  const tools = new Map<string, ExportWarning[]>()
  for (const warning of warnings) tools.set(warning.tool, [...(tools.get(warning.tool) ?? []), warning])
  return tools
}

/** The kind of a cosmetic change: its message up to the reason, quoted names elided. */
function category(message: string): string {
  return (message.split(':')[0] ?? message).replace(/"[^"]*"/g, '…').trim()
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
