import { relativePath } from '../paths.js'
import type { DiagnosticCode } from './codes.js'
import type { Diagnostic, DiagnosticSeverity } from './diagnostic.js'
import type { ModuleReader } from './module-reader.js'
import type { ModuleSyntax, SyntaxNode } from './view.js'

/** What a check reports; `diagnosticAt` adds the location. */
export interface Finding {
  readonly code: DiagnosticCode
  readonly message: string
  readonly hint?: string
  readonly severity?: DiagnosticSeverity
}

/** Turns a finding into a diagnostic located at `node` (in whichever module it is), with its path relative to the project root. */
export function diagnosticAt(reader: ModuleReader, node: SyntaxNode, finding: Finding): Diagnostic {
  return diagnosticAtSpan(reader.root, reader.view.moduleOf(node), reader.start(node), node.end, finding)
}

/** Turns a finding into a diagnostic located at the text span `[start, end)` of a module. */
export function diagnosticAtSpan(root: string, module: ModuleSyntax, start: number, end: number, finding: Finding): Diagnostic {
  const { line, column, sourceLine } = lineAndColumn(module.text, start)
  // The caret never runs past the end of the first line of a multi-line node.
  const length = Math.max(1, Math.min(end - start, sourceLine.length - (column - 1)))
  return {
    code: finding.code,
    severity: finding.severity ?? 'error',
    message: finding.message,
    file: relativePath(root, module.file),
    line,
    column,
    length,
    sourceLine,
    ...(finding.hint === undefined ? {} : { hint: finding.hint }),
  }
}

/** Turns a finding that belongs to no node (a folder, a config file) into a diagnostic. */
export function diagnosticFor(root: string, file: string | undefined, finding: Finding): Diagnostic {
  return {
    code: finding.code,
    severity: finding.severity ?? 'error',
    message: finding.message,
    ...(file === undefined ? {} : { file: relativePath(root, file) }),
    ...(finding.hint === undefined ? {} : { hint: finding.hint }),
  }
}

/** The first line of a node's text, shortened, for quoting in a message. */
export function quote(reader: ModuleReader, node: SyntaxNode, max = 60): string {
  const firstLine = reader.text(node).split(/\r?\n/)[0] ?? ''
  return firstLine.length > max ? `${firstLine.slice(0, max - 1)}…` : firstLine
}

// Line starts of each text located in, computed once: a module with many problems is scanned once.
const lineStartsCache = new Map<string, number[]>()

/**
 * 1-based line and column (in UTF-16 code units) of a position, counting line breaks as
 * TypeScript does (LF, CRLF, CR, U+2028, U+2029), so both backends point at the same place.
 */
function lineAndColumn(text: string, position: number): { line: number; column: number; sourceLine: string } {
  let starts = lineStartsCache.get(text)
  if (starts === undefined) {
    starts = lineStarts(text)
    if (lineStartsCache.size > 64) lineStartsCache.clear()
    lineStartsCache.set(text, starts)
  }
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] as number) <= position) low = middle
    else high = middle - 1
  }
  const lineStart = starts[low] as number
  const next = starts[low + 1] ?? text.length
  return { line: low + 1, column: position - lineStart + 1, sourceLine: text.slice(lineStart, next).replace(/(?:\r\n|[\r\n\u2028\u2029])$/, '') }
}

function lineStarts(text: string): number[] {
  const starts = [0]
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 13 && text.charCodeAt(index + 1) === 10) index++
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) starts.push(index + 1)
  }
  return starts
}
