import { checkerChoices, type CheckerChoice } from '../src/analyze/backend.js'
import type { DependencyOption } from '../src/analyze/deps/index.js'
import { defaultCacheDir } from '../src/analyze/cache/cache-key.js'
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
   * Write `catalog.json` (the same bytes as `toolcat build`) into the output folder of every build:
   * with esbuild the `outdir`, with vite each environment's `build.outDir` (client, SSR and any
   * other; where vite drops assets, as SSR builds do without `build.ssrEmitAssets`, the plugin
   * writes the file itself).
   * @default true
   */
  readonly emitCatalog?: boolean
  /**
   * Where to write the declaration file that types the virtual modules for this app's tools (the
   * arguments, results and stream chunks of `~toolcat/registry`'s `call`, `stream` and `handlers`,
   * the named exports of `~toolcat/catalog`), relative to `root`. It is rewritten only when its
   * content changes; add it to the tsconfig's `include`. `false` writes none (then only the
   * untyped `toolcat/client` declarations apply).
   * @default 'typed-tools.d.ts'
   */
  readonly dts?: string | false
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
  /**
   * The type checker that reads the tools: `'native'` is the TypeScript 7 checker of the project's
   * own `typescript` (a supported 7.x), `'ts-morph'` the TypeScript 6 bundled with toolcat, `'auto'`
   * the native one when the project's `typescript` is a supported 7.x that loads, else ts-morph.
   * Both give byte-identical catalogs; the native checker starts a process, ended when the bundler closes.
   * @default 'auto'
   */
  readonly checker?: CheckerChoice
  /**
   * In vite dev (`vite`, never in a build), serve the catalog page at `/__toolcat/`: every tool's
   * parameters, output and source, and a form per tool that calls it through the app's registry,
   * updated as the tools change. `false` turns the page off.
   * @default true
   */
  readonly devPage?: boolean
  /**
   * The build cache of the first derivation, the folder `toolcat build` uses by default (relative
   * to `root`), or `false` for none. A start whose tool modules, the files their types were read
   * from, the tsconfig, the checker and toolcat are unchanged derives nothing and starts no
   * checker; otherwise only the changed modules are derived again. In watch mode and vite dev the
   * first change after such a start builds the live checker that follows later edits.
   * @default 'node_modules/.cache/toolcat'
   */
  readonly cache?: string | false
}

/** The plugin options with every default applied and `root` made absolute. */
export interface ResolvedPluginOptions {
  readonly root: string
  readonly tools: string | readonly string[]
  readonly tsconfig?: string
  readonly emitCatalog: boolean
  /** The declaration file to write (absolute), or `undefined` for none. */
  readonly dts: string | undefined
  readonly validators: 'precompiled' | 'runtime'
  readonly deps?: DependencyOption
  readonly checker: CheckerChoice
  readonly devPage: boolean
  /** The build cache folder (absolute), or `undefined` for none. */
  readonly cacheDir: string | undefined
}

/** Applies the defaults; `bundlerRoot` is used when the user gave no `root`. */
export function resolveOptions(options: ToolcatPluginOptions, bundlerRoot: string): ResolvedPluginOptions {
  const root = resolve(bundlerRoot, options.root ?? '.')
  const validators = options.validators ?? 'precompiled'
  const checker = options.checker ?? 'auto'
  if (!checkerChoices.includes(checker)) {
    throw new Error(`toolcat: option "checker" must be ${checkerChoices.map((choice) => `'${choice}'`).join(', ')}, got ${JSON.stringify(checker)}`)
  }
  if (validators !== 'precompiled' && validators !== 'runtime') {
    throw new Error(`toolcat: option "validators" must be 'precompiled' or 'runtime', got ${JSON.stringify(validators)}`)
  }
  if (options.dts !== undefined && options.dts !== false && (typeof options.dts !== 'string' || !options.dts.endsWith('.d.ts'))) {
    throw new Error(`toolcat: option "dts" must be false or a path ending in .d.ts, got ${JSON.stringify(options.dts)}`)
  }
  if (options.devPage !== undefined && typeof options.devPage !== 'boolean') {
    throw new Error(`toolcat: option "devPage" must be true or false, got ${JSON.stringify(options.devPage)}`)
  }
  if (options.cache !== undefined && options.cache !== false && (typeof options.cache !== 'string' || options.cache === '')) {
    throw new Error(`toolcat: option "cache" must be false or a folder, got ${JSON.stringify(options.cache)}`)
  }
  return {
    root,
    tools: options.tools ?? 'tools',
    ...(options.tsconfig === undefined ? {} : { tsconfig: isAbsolute(options.tsconfig) ? options.tsconfig : resolve(root, options.tsconfig) }),
    emitCatalog: options.emitCatalog ?? true,
    dts: options.dts === false ? undefined : resolve(root, options.dts ?? 'typed-tools.d.ts'),
    validators,
    ...(options.deps === undefined ? {} : { deps: options.deps }),
    checker,
    devPage: options.devPage ?? true,
    cacheDir: options.cache === false ? undefined : options.cache === undefined ? defaultCacheDir(root) : resolve(root, options.cache),
  }
}
