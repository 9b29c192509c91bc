import type { ToolDraft } from './analyze-module.js'
import { codes } from './codes.js'
import type { Diagnostic } from './diagnostic.js'
import { diagnosticAt } from './locate.js'

/** A tool's name and where it is given, located only when asked (a line lookup). */
export interface NamedTool {
  readonly name: string
  /** The duplicate-name diagnostic pointing at the node that gave the name. */
  locate(): Diagnostic
}

/** A draft as a `NamedTool`. */
export function namedTool(draft: ToolDraft): NamedTool {
  return {
    name: draft.name,
    locate: () =>
      diagnosticAt(draft.reader, draft.nameNode, {
        code: codes.duplicateName,
        message: `tool name ${JSON.stringify(draft.name)} is used more than once`,
        hint: 'give one of them another `name`',
      }),
  }
}

/** T1: a name is a tool's identity, so a second tool with a taken name is an error naming both places. */
export function duplicateNames(drafts: readonly NamedTool[]): Diagnostic[] {
  const first = new Map<string, NamedTool>()
  const diagnostics: Diagnostic[] = []
  // Locating a node costs a line lookup, so only the tools of a clash are located.
  const locate = (draft: NamedTool): Diagnostic => draft.locate()
  for (const draft of drafts) {
    const earlier = first.get(draft.name)
    if (!earlier) {
      first.set(draft.name, draft)
      continue
    }
    const here = locate(draft)
    const there = locate(earlier)
    diagnostics.push({ ...here, message: `${here.message}: also defined at ${there.file}:${there.line}:${there.column}` })
  }
  return diagnostics
}
