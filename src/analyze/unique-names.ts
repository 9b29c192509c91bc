import type { ToolDraft } from './analyze-module.js'
import { codes } from './codes.js'
import type { Diagnostic } from './diagnostic.js'
import { diagnosticAt } from './locate.js'

/** T1: a name is a tool's identity, so a second tool with a taken name is an error naming both places. */
export function duplicateNames(drafts: readonly ToolDraft[]): Diagnostic[] {
  const first = new Map<string, ToolDraft>()
  const diagnostics: Diagnostic[] = []
  // Locating a node costs a line lookup, so only the drafts of a clash are located.
  const locate = (draft: ToolDraft): Diagnostic =>
    diagnosticAt(draft.reader, draft.nameNode, {
      code: codes.duplicateName,
      message: `tool name ${JSON.stringify(draft.name)} is used more than once`,
      hint: 'give one of them another `name`',
    })
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
