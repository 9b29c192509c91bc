import type { JsonSchema, ToolAnnotations } from './types.js'

/** The version of the catalog format written by this generator (T12). */
export const CATALOG_VERSION = 1

/** A static tool catalog, as written to `catalog.json` (validated by `catalog.schema.json`). */
export interface Catalog {
  readonly catalogVersion: typeof CATALOG_VERSION
  readonly generator: { readonly name: 'toolcat'; readonly version: string }
  /** The package the tools belong to, when a package.json was found. */
  readonly package?: { readonly name: string; readonly version?: string }
  /** One entry per tool, sorted by name. */
  readonly tools: readonly CatalogTool[]
  /** Content hash over the canonical JSON of every entry's hash, in order. */
  readonly hash: string
}

/** One tool of a catalog: its definition, its schemas and where its handler lives. */
export interface CatalogTool {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly summary?: string
  /** Draft-07 schema of the arguments; the root is always an inline `type: "object"`. */
  readonly parameters: JsonSchema
  /** Schema of the handler's result, or of each chunk when `stream` is true. */
  readonly output?: JsonSchema
  /** The handler returns an AsyncIterable of chunks. */
  readonly stream?: true
  readonly annotations?: ToolAnnotations
  /** Declaration-only tool: the definition has no `execute` (T4). */
  readonly declarationOnly?: true
  /** The namespace the tool's JSDoc names (`@namespace billing`); a deferred export groups tools by it, else by module. */
  readonly namespace?: string
  /** The description of the tool module's doc comment (the JSDoc block opening the file), shared by its tools. */
  readonly moduleDescription?: string
  /**
   * Where the definition lives: module path relative to the project root, and export name. A tool
   * merged from a dependency's catalog names its `package`, and `module` is then the specifier
   * `<package>/<path>` to import it by (see docs/publishing.md).
   */
  readonly source: { readonly module: string; readonly export: string; readonly package?: string }
  /** Content hash of the entry's canonical JSON (without this field). */
  readonly hash: string
}
