import type { CatalogTool } from '../../runtime/catalog.js'

/** The providers whose tool-list request shape `exportTools` writes. */
export type ExportFormat = 'openai' | 'anthropic' | 'gemini' | 'mcp'

/** Options of an export. `strict` asks for OpenAI strict mode (structured outputs); other formats ignore it. */
export interface ExportOptions {
  readonly strict?: boolean
}

/** One lossy change a profile made to a tool: the tool, the JSON Pointer of the field, and what happened. */
export interface ExportWarning {
  readonly tool: string
  readonly path: string
  readonly message: string
}

/** The provider payload (spread it into the request body) and the report of what it changed or dropped. */
export interface ExportResult {
  readonly output: unknown
  readonly warnings: ExportWarning[]
}

/** Records a change at a JSON Pointer inside the tool entry being exported. */
export type Warn = (path: string, message: string) => void

/** Turns one catalog tool into one provider tool entry, reporting its changes through `warn`. */
export type ToolProfile = (tool: CatalogTool, options: ExportOptions, warn: Warn) => unknown
