import path from 'node:path'
import { ts, type Node, type SourceFile } from 'ts-morph'
import { codes } from './codes.js'
import { defineToolMatcher } from './define-tool-calls.js'
import type { Diagnostic } from './diagnostic.js'
import { discoverTools, type DefinitionSite } from './discover-tools.js'
import { diagnosticAt, diagnosticAtSpan, quote } from './locate.js'
import { readDefinition, type DefinitionFields } from './read-definition.js'
import { findSideEffects } from './side-effects.js'
import { unresolvedImports } from './unresolved-imports.js'

/** T1: the one name pattern every major tool-calling API accepts. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/

/** A tool found in a module, named and read, before its schemas are derived. */
export interface ToolDraft {
  readonly name: string
  /** The node that gave the tool its name, for diagnostics about the name. */
  readonly nameNode: Node
  readonly site: DefinitionSite
  readonly fields: DefinitionFields
}

/** Everything one module contributes: its tools and the problems found in it. */
export interface ModuleAnalysis {
  readonly drafts: ToolDraft[]
  readonly diagnostics: Diagnostic[]
}

/** Reads one candidate module: syntax, its exported definitions and their names (T1 pattern), and T10 when it defines a tool. */
export function analyzeModule(sourceFile: SourceFile, root: string): ModuleAnalysis {
  const syntax = syntaxDiagnostics(sourceFile, root)
  if (syntax.length > 0) return { drafts: [], diagnostics: syntax }
  const isDefineTool = defineToolMatcher(sourceFile)
  const drafts = discoverTools(sourceFile, isDefineTool).map((site) => draftTool(sourceFile, site))
  // A module exporting no tool is a helper, not a tool module: T10 governs only tool modules.
  if (drafts.length === 0) return { drafts, diagnostics: [] }
  const diagnostics = findSideEffects(sourceFile, isDefineTool).map(({ node, effect, statement }) =>
    diagnosticAt(root, node, {
      code: codes.sideEffect,
      message: `${effect} at the top level runs whenever the module is loaded: \`${quote(statement)}\``,
      hint: 'a tool module may only import and declare; move the work into execute()',
    }),
  )
  diagnostics.push(...unresolvedImports(sourceFile, root))
  for (const draft of drafts) {
    diagnostics.push(...draft.fields.problems.map(({ node, finding }) => diagnosticAt(root, node, finding)))
    if (!TOOL_NAME_PATTERN.test(draft.name)) {
      diagnostics.push(
        diagnosticAt(root, draft.nameNode, {
          code: codes.invalidName,
          message: `tool name ${JSON.stringify(draft.name)} does not match ${TOOL_NAME_PATTERN.source}`,
          hint: 'use letters, digits, `_` and `-`, starting with a letter or `_`, at most 64 characters',
        }),
      )
    }
  }
  return { drafts, diagnostics }
}

/** Name: the `name` field, else the export name, else the module's base name. */
function draftTool(sourceFile: SourceFile, site: DefinitionSite): ToolDraft {
  const fields = readDefinition(site)
  if (fields.name) return { name: fields.name.value, nameNode: fields.name.node, site, fields }
  const name = site.exportName === 'default' ? path.basename(sourceFile.getFilePath()).replace(/\.[^.]+$/, '') : site.exportName
  return { name, nameNode: site.call, site, fields }
}

function syntaxDiagnostics(sourceFile: SourceFile, root: string): Diagnostic[] {
  const program = sourceFile.getProject().getProgram().compilerObject
  return program.getSyntacticDiagnostics(sourceFile.compilerNode).map((diagnostic) =>
    diagnosticAtSpan(root, sourceFile, diagnostic.start, diagnostic.start + diagnostic.length, {
      code: codes.syntaxError,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    }),
  )
}
