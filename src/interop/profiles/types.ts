import type { CatalogTool } from '../../runtime/catalog.js'

/** The providers whose tool-list request shape `exportTools` writes. */
export type ExportFormat = 'openai' | 'anthropic' | 'gemini' | 'mcp'

/** Options of an export. */
export interface ExportOptions {
  /**
   * Strict mode where the provider has one: OpenAI's strict function calling (structured outputs)
   * and Anthropic's strict tool use. Gemini and MCP ignore it.
   * @default false
   */
  readonly strict?: boolean
}

/**
 * How a change alters the tool a model sees:
 * - `lossy`: what a model may send is no longer what the tool accepts, and no description can say
 *   it (an open record closed, a union the provider cannot express, a shape flattened) — an error
 *   of `toolcat export` unless `--lossy` is given;
 * - `described`: a constraint or annotation the provider drops, written into the description of
 *   the property instead, so the model still reads it (the arguments are still validated);
 * - `cosmetic`: a rewrite with the same meaning (a `$ref` moved into `anyOf`, `const` as a
 *   one-value `enum`), or one the registry undoes (optional made required and nullable, which
 *   `nullAsAbsent` maps back);
 * - `note`: a fact about the whole entry (strict mode turned off for it, the Gemini field chosen).
 */
export type ChangeKind = 'lossy' | 'described' | 'cosmetic' | 'note'

/** One change a profile made to a tool: the tool, the JSON Pointer of the field, its kind and what happened. */
export interface ExportWarning {
  readonly tool: string
  readonly path: string
  readonly kind: ChangeKind
  readonly message: string
}

/** The provider payload (spread it into the request body) and the report of what it changed or dropped. */
export interface ExportResult {
  readonly output: unknown
  readonly warnings: ExportWarning[]
}

/** Records a change at a JSON Pointer inside the tool entry being exported. */
export type Warn = (path: string, message: string, kind: ChangeKind) => void

/** Turns one catalog tool into one provider tool entry, reporting its changes through `warn`. */
export type ToolProfile = (tool: CatalogTool, options: ExportOptions, warn: Warn) => unknown
