import { relativePath } from '../../paths.js'

/** A log rolldown attaches to a failed build: where and what. */
interface RolldownLog {
  readonly message?: string
  readonly id?: string
  readonly loc?: { readonly file?: string; readonly line: number; readonly column: number }
}

/**
 * A failed rolldown build as one line per error, `file:line:col: message` where rolldown knows
 * the place (its column counts from 0, printed from 1), the file relative to `root`.
 */
export function compileErrorMessage(error: unknown, root: string): string {
  const logs = (error as { errors?: readonly RolldownLog[] } | null)?.errors
  if (!Array.isArray(logs) || logs.length === 0) return error instanceof Error ? error.message : String(error)
  return logs.map((log: RolldownLog) => located(log, root)).join('\n')
}

function located(log: RolldownLog, root: string): string {
  const file = log.loc?.file ?? log.id
  const text = firstLine(log.message ?? 'compile error')
  if (log.loc === undefined || file === undefined) return text
  return `${relativePath(root, file)}:${log.loc.line}:${log.loc.column + 1}: ${text}`
}

function firstLine(message: string): string {
  return message.split('\n').find((line) => line.trim() !== '')?.trim() ?? message
}
