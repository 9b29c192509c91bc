import path from 'node:path'
import { codes } from './codes.js'
import { defineToolMatcher } from './define-tool-calls.js'
import type { Diagnostic } from './diagnostic.js'
import { discoverTools, type DefinitionSite } from './discover-tools.js'
import { diagnosticAt, diagnosticAtSpan, quote } from './locate.js'
import type { ModuleReader } from './module-reader.js'
import { readDefinition, type DefinitionFields } from './read-definition.js'
import { findSideEffects } from './side-effects.js'
import { unresolvedImports } from './unresolved-imports.js'
import type { SyntaxNode } from './view.js'

/** T1: the one name pattern every major tool-calling API accepts. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/

/** A tool found in a module, named and read, before its schemas are derived. */
export interface ToolDraft {
  readonly name: string
  /** The node that gave the tool its name, for diagnostics about the name. */
  readonly nameNode: SyntaxNode
  readonly site: DefinitionSite
  readonly fields: DefinitionFields
  /** The module the tool is defined in. */
  readonly reader: ModuleReader
}

/** Everything one module contributes: its tools and the problems found in it. */
export interface ModuleAnalysis {
  readonly drafts: ToolDraft[]
  readonly diagnostics: Diagnostic[]
}

/** Reads one candidate module: see `analyzeModules`. */
export function analyzeModule(reader: ModuleReader): ModuleAnalysis {
  return analyzeModules([reader])[0] as ModuleAnalysis
}

/**
 * Reads candidate modules: syntax, their exported definitions and their names (T1 pattern), and
 * T10 and unresolved imports for those that define a tool. The checker is asked once for all of them.
 */
export function analyzeModules(readers: readonly ModuleReader[]): ModuleAnalysis[] {
  const analyses = readers.map(analyzeSyntax)
  const toolModules = readers.filter((_, index) => (analyses[index]?.drafts.length ?? 0) > 0)
  const unresolved = unresolvedImports(toolModules)
  toolModules.forEach((reader, index) => analyses[readers.indexOf(reader)]?.diagnostics.push(...(unresolved[index] ?? [])))
  return analyses
}

function analyzeSyntax(reader: ModuleReader): ModuleAnalysis {
  const syntax = reader.view.syntaxErrors(reader.module).map(({ start, end, message }) =>
    diagnosticAtSpan(reader.root, reader.module, start, end, { code: codes.syntaxError, message }),
  )
  if (syntax.length > 0) return { drafts: [], diagnostics: syntax }
  const isDefineTool = defineToolMatcher(reader)
  const drafts = discoverTools(reader, isDefineTool).map((site) => draftTool(reader, site))
  // A module exporting no tool is a helper, not a tool module: T10 governs only tool modules.
  if (drafts.length === 0) return { drafts, diagnostics: [] }
  const diagnostics = findSideEffects(reader, isDefineTool).map(({ node, effect, statement }) =>
    diagnosticAt(reader, node, {
      code: codes.sideEffect,
      message: `${effect} at the top level runs whenever the module is loaded: \`${quote(reader, statement)}\``,
      hint: 'a tool module may only import and declare; move the work into execute()',
    }),
  )
  for (const draft of drafts) {
    diagnostics.push(...draft.fields.problems.map(({ node, finding }) => diagnosticAt(reader, node, finding)))
    if (!TOOL_NAME_PATTERN.test(draft.name)) {
      diagnostics.push(
        diagnosticAt(reader, draft.nameNode, {
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
function draftTool(reader: ModuleReader, site: DefinitionSite): ToolDraft {
  const fields = readDefinition(reader, site)
  if (fields.name) return { name: fields.name.value, nameNode: fields.name.node, site, fields, reader }
  const name = site.exportName === 'default' ? path.basename(reader.module.file).replace(/\.[^.]+$/, '') : site.exportName
  return { name, nameNode: site.call, site, fields, reader }
}
