import type { CatalogTool } from '../runtime/catalog.js'

/** Where generated code finds its imports: the CLI's output folder or a bundler's virtual modules. */
export interface EmitTarget {
  /** Specifier by which generated code imports a tool's handler module (CLI: the source path handed to esbuild; plugin: absolute source path). */
  handlerSpecifier(tool: CatalogTool): string
  /** Specifier of a tool's lazy entry module (handler re-export + its validator). */
  entrySpecifier(tool: CatalogTool): string
  /** 'precompiled' (default): ajv standalone validators generated at build time; 'runtime': compiled with ajv on first call. */
  validators: 'precompiled' | 'runtime'
  /** Specifier of the toolcat runtime. @default 'toolcat' */
  runtimeSpecifier?: string
}
