import type { Catalog } from '../../runtime/catalog.js'
import { anthropicTool } from './anthropic.js'
import { geminiTool } from './gemini.js'
import { mcpTool } from './mcp.js'
import { openaiTool } from './openai.js'
import type { ExportFormat, ExportOptions, ExportResult, ExportWarning, ToolProfile } from './types.js'

export type { ChangeKind, ExportFormat, ExportOptions, ExportResult, ExportWarning } from './types.js'
export { reportExport, type ExportReport } from './report.js'

const profiles: Record<ExportFormat, ToolProfile> = { openai: openaiTool, anthropic: anthropicTool, gemini: geminiTool, mcp: mcpTool }

/** Every format `exportTools` accepts, for argument checking. */
export const exportFormats = Object.keys(profiles) as ExportFormat[]

/**
 * Writes a catalog's tools in one provider's request shape — `{ tools: [...] }` for OpenAI,
 * Anthropic and MCP (`tools/list` result), `{ tools: [{ functionDeclarations }] }` for Gemini — and
 * reports every change the provider's schema rules forced, per tool and field, with its kind:
 * a caller should refuse an export with `lossy` changes unless told otherwise (`reportExport`).
 */
export function exportTools(catalog: Catalog, format: ExportFormat, options: ExportOptions = {}): ExportResult {
  const profile = profiles[format]
  const warnings: ExportWarning[] = []
  const entries = catalog.tools.map((tool) =>
    profile(tool, options, (path, message, kind) => warnings.push({ tool: tool.name, path, kind, message })),
  )
  const output = format === 'gemini' ? { tools: [{ functionDeclarations: entries }] } : { tools: entries }
  return { output, warnings }
}
