import type { Node, SourceFile } from 'ts-morph'
import { relativePath } from '../paths.js'
import type { DiagnosticCode } from './codes.js'
import type { Diagnostic, DiagnosticSeverity } from './diagnostic.js'

/** What a check reports; `diagnosticAt` adds the location. */
export interface Finding {
  readonly code: DiagnosticCode
  readonly message: string
  readonly hint?: string
  readonly severity?: DiagnosticSeverity
}

/** Turns a finding into a diagnostic located at `node`, with its path relative to `root`. */
export function diagnosticAt(root: string, node: Node, finding: Finding): Diagnostic {
  return diagnosticAtSpan(root, node.getSourceFile(), node.getStart(), node.getEnd(), finding)
}

/** Turns a finding into a diagnostic located at the text span `[start, end)` of a source file. */
export function diagnosticAtSpan(root: string, sourceFile: SourceFile, start: number, end: number, finding: Finding): Diagnostic {
  const { line, column } = sourceFile.getLineAndColumnAtPos(start)
  const sourceLine = sourceFile.getFullText().split(/\r?\n/)[line - 1] ?? ''
  // The caret never runs past the end of the first line of a multi-line node.
  const length = Math.max(1, Math.min(end - start, sourceLine.length - (column - 1)))
  return {
    code: finding.code,
    severity: finding.severity ?? 'error',
    message: finding.message,
    file: relativePath(root, sourceFile.getFilePath()),
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
export function quote(node: Node, max = 60): string {
  const firstLine = node.getText().split(/\r?\n/)[0] ?? ''
  return firstLine.length > max ? `${firstLine.slice(0, max - 1)}…` : firstLine
}
