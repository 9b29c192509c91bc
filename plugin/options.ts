import type { DependencyOption } from '../src/analyze/deps/index.js'
import { isAbsolute, resolve } from 'node:path'

/** Options of the toolcat bundler plugin, the same for every bundler. */
export interface ToolcatPluginOptions {
  /**
   * Where the tool modules are: a folder, or one or more globs, relative to `root`.
   * @default 'tools'
   */
  readonly tools?: string | readonly string[]
  /**
   * The tsconfig used to read the tool modules, relative to `root`.
   * @default the `tsconfig.json` nearest to the tools, or built-in defaults when there is none
   */
  readonly tsconfig?: string
  /**
   * Write `catalog.json` (the same bytes as `toolcat build`) into the output folder (with esbuild,
   * the `outdir`; a vite SSR build keeps it only with `build.ssrEmitAssets`).
   * @default true
   */
  readonly emitCatalog?: boolean
  /**
   * `'precompiled'` ships each tool's validator as standalone code in its chunk (no ajv compiler,
   * no `eval`); `'runtime'` compiles the schemas with ajv when the app runs.
   * @default 'precompiled'
   */
  readonly validators?: 'precompiled' | 'runtime'
  /**
   * The project root: tool paths in the catalog are relative to it.
   * @default the bundler's root (vite `root`, webpack/rspack `context`, esbuild `absWorkingDir`, else the working directory)
   */
  readonly root?: string
  /**
   * Merge the catalogs published by the project's dependencies (their package.json `toolcat`
   * field); `prefix` renames one package's tools to resolve a name clash. See docs/publishing.md.
   * @default false
   */
  readonly deps?: DependencyOption
}

/** The plugin options with every default applied and `root` made absolute. */
export interface ResolvedPluginOptions {
  readonly root: string
  readonly tools: string | readonly string[]
  readonly tsconfig?: string
  readonly emitCatalog: boolean
  readonly validators: 'precompiled' | 'runtime'
  readonly deps?: DependencyOption
}

/** Applies the defaults; `bundlerRoot` is used when the user gave no `root`. */
export function resolveOptions(options: ToolcatPluginOptions, bundlerRoot: string): ResolvedPluginOptions {
  const root = resolve(bundlerRoot, options.root ?? '.')
  const validators = options.validators ?? 'precompiled'
  if (validators !== 'precompiled' && validators !== 'runtime') {
    throw new Error(`toolcat: option "validators" must be 'precompiled' or 'runtime', got ${JSON.stringify(validators)}`)
  }
  return {
    root,
    tools: options.tools ?? 'tools',
    ...(options.tsconfig === undefined ? {} : { tsconfig: isAbsolute(options.tsconfig) ? options.tsconfig : resolve(root, options.tsconfig) }),
    emitCatalog: options.emitCatalog ?? true,
    validators,
    ...(options.deps === undefined ? {} : { deps: options.deps }),
  }
}
