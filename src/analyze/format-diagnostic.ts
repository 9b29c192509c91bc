import path from 'node:path'
import { relativePath } from '../paths.js'
import type { Diagnostic, DiagnosticTool } from './diagnostic.js'

/**
 * Formats a diagnostic the way compilers do, so editors and terminals can jump to it:
 * `path:line:col - error TC1004: message`, then the source line with a caret under the node.
 * `root` is the project root its path is relative to; the printed path is relative to `cwd`.
 */
export function formatDiagnostic(diagnostic: Diagnostic, root: string, cwd: string): string {
  const where = diagnostic.file === undefined ? '' : `${displayPath(diagnostic, root, cwd)} - `
  const lines = [`${where}${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`]
  if (diagnostic.sourceLine !== undefined && diagnostic.line !== undefined && diagnostic.column !== undefined) {
    const gutter = String(diagnostic.line)
    const blank = ' '.repeat(gutter.length)
    lines.push(`  ${gutter} | ${diagnostic.sourceLine}`)
    lines.push(`  ${blank} | ${caretLine(diagnostic.sourceLine, diagnostic.column, diagnostic.length ?? 1)}`)
  }
  if (diagnostic.hint !== undefined) lines.push(`  hint: ${diagnostic.hint}`)
  if (diagnostic.usedBy !== undefined && diagnostic.usedBy.length > 0) lines.push(`  ${usedByText(diagnostic.usedBy, root, cwd)}`)
  return lines.join('\n')
}

/** How many tools `used by` names before it counts the rest. */
const NAMED_USERS = 3

/** `used by tools/a.ts (a), tools/b.ts (b), tools/c.ts (c) and 27 more`. */
function usedByText(tools: readonly DiagnosticTool[], root: string, cwd: string): string {
  const named = tools.slice(0, NAMED_USERS).map((tool) => `${relativePath(cwd, path.resolve(root, tool.module))} (${tool.name})`)
  const rest = tools.length - named.length
  return `used by ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`
}

function displayPath(diagnostic: Diagnostic, root: string, cwd: string): string {
  const relative = relativePath(cwd, path.resolve(root, diagnostic.file ?? ''))
  return diagnostic.line === undefined ? relative : `${relative}:${diagnostic.line}:${diagnostic.column ?? 1}`
}

/** Keeps tabs before the caret so it lines up under the node however wide the terminal's tabs are. */
function caretLine(sourceLine: string, column: number, length: number): string {
  const indent = sourceLine.slice(0, column - 1).replace(/[^\t]/g, ' ')
  return `${indent}${'^'.repeat(Math.max(1, length))}`
}
