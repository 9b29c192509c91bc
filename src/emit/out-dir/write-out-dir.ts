import { existsSync, lstatSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import { generateCatalogModule } from '../catalog/catalog-module.js'
import { generateCatalogTypes } from '../catalog/catalog-types.js'
import { serializeCatalog } from '../catalog/catalog-json.js'
import { compileEach, compileTools } from './tools/compile-tools.js'
import { GenerationWriter } from './carry-over.js'
import { stopCompiler } from '../compiler/stop-compiler.js'
import { onInterrupt } from '../shared/interrupt.js'
import { decideModuleType } from './module-type.js'
import { manifestFile, manifestName, readManifest, removeStaleFiles } from './out-dir-manifest.js'
import { specifierFromTools, validatorModulePath, type CompiledFile } from '../validators/validator-modules.js'
import { sourceSpecifier, type EmitTarget } from '../shared/emit-target.js'
import { uniqueFileNames } from '../shared/identifiers.js'
import { generateMcpServerModule, mcpServerFile } from './mcp-server-module.js'
import { generateRegistryModule } from '../registry/registry-module.js'
import { generateRegistryTypes } from '../registry/registry-types.js'
import { generateSearchModule, generateSearchTypes } from '../search/search-module.js'
import { committedGeneration, currentLink, fileContentHash, generationName, isGenerationName, liveGenerations, sweepGenerations } from './generation.js'
import { chooseLayout, holdsEntry, publicEntries, publicFiles, type OutDirLayout } from './out-dir-layout.js'
import { WriteBatch, type FileToWrite } from '../shared/write-files.js'
import type { ValidatorMemo } from '../validators/validator-memo.js'

/** Where `writeOutDir` reads tool sources and writes, and how validators are made. */
export interface OutDirOptions {
  /** The project root the catalog's `source.module` paths are relative to. */
  readonly root: string
  /** The output folder, absolute or relative to `root`. */
  readonly outDir: string
  /** @default 'precompiled' */
  readonly validators?: 'precompiled' | 'runtime'
  /** Validator code an earlier build generated, taken instead of generating it again (a build cache's). */
  readonly validatorMemo?: ValidatorMemo
  /**
   * Files of the previous build known to be as it wrote them, by path relative to the output
   * folder, with their content hash (a build cache's record, see `OutDirWrite.hashes`): a compiled
   * module the new generation holds at the same path with the same hash is hard-linked from the
   * previous generation rather than written again.
   */
  readonly intact?: ReadonlyMap<string, string>
}

/** What `writeOutDir` did in the output folder. */
export interface OutDirWrite {
  /** Every file written, relative to the output folder, sorted (the manifest and a `package.json` marker included). */
  readonly files: string[]
  /** Files an earlier build wrote that this one no longer does, removed, relative to the output folder. */
  readonly removed: string[]
  /** Set when the folder got its `package.json` with `"type": "module"` (not there from an earlier build): why, in a sentence. */
  readonly moduleType?: string
  /** The source files the compiler read (absolute, sorted): with the catalog, everything the output is made from. */
  readonly inputs: string[]
  /** The content hash (`fileContentHash`) of each compiled module, by path relative to the output folder: what a later build's `intact` takes. */
  readonly hashes: Record<string, string>
  /** How many compiled modules were hard-linked from the previous generation rather than written. */
  readonly carried: number
  /** How the public files lead into the generation (see `OutDirLayout`). */
  readonly layout: OutDirLayout
  /** Set when the layout is `direct`: why symlinks are not used, in a sentence. */
  readonly direct?: string
}

/**
 * Writes everything an app imports, all together and atomically: `catalog.json`, `catalog.js`,
 * `catalog.d.ts`, `registry.js`, `registry.d.ts`, `search.js` (the tool search index),
 * `search.d.ts`, `mcp-server.js` (a package's bin: serves the build over MCP) and the compiled tool
 * modules (one lazy entry per tool, shared code in chunks), plus `alongside` files in the same
 * batch (the CLI's `--out` catalog). Same catalog and sources, same bytes.
 *
 * Every file a build makes goes into a generation folder of its own, `.toolcat-build-<hash>/`
 * (named by its content; its modules import one another by relative paths), which no public file
 * leads to until the commit. The public files keep the paths README documents: the modules are
 * two-line re-exports of the generation's, `catalog.json` a symlink to it, both through the
 * `.toolcat-current` symlink — so the commit is one rename, of that link, and a kill at any
 * instant leaves the old build or the new one, whole (never a catalog.json and a registry.js of
 * two builds). A symlink rather than a pointer module because catalog.json is data: JSON cannot
 * import anything, and it must change in the same step as the modules. Where symlinks cannot
 * serve (see `OutDirLayout`) the public files name the generation directly and are renamed one by
 * one, registry.js last. The previous generation is removed after the commit, a killed build's
 * generation by the next build. The folder's manifest (`.toolcat-manifest.json`) records what was
 * written, so the files a later build no longer writes are removed then, and nothing else ever
 * is; where the nearest package.json would make Node read the ES modules as CommonJS, the folder
 * gets a `package.json` saying `"type": "module"`. A failure to compile is a `ToolCompileError`,
 * any other error comes from the file system; either way nothing was replaced. SIGINT or SIGTERM
 * meanwhile removes every temporary file and staging folder.
 */
export async function writeOutDir(catalog: Catalog, options: OutDirOptions, alongside: readonly FileToWrite[] = []): Promise<OutDirWrite> {
  const { outDir, target, fileOf } = planOutDir(catalog, options)
  const previous = readManifest(outDir)
  const moduleType = decideModuleType(outDir, path.resolve(options.root), previous)
  const batch = new WriteBatch()
  // The compiler is a process of its own: stopped before the batch's cleanup, so that nothing
  // outlives the interrupted build.
  const release = onInterrupt(async () => {
    await stopCompiler()
    batch.abort()
  })
  try {
    // Files from memory first: a file-size limit (ulimit -f) then fails before any compiling. This
    // process writes every file (esbuild none), so such a limit is an EFBIG here, never a
    // SIGXFSZ that would kill esbuild and lose the reason.
    const own: CompiledFile[] = [{ path: mcpServerFile, contents: generateMcpServerModule() }]
    if (moduleType.marker !== undefined) own.push({ path: 'package.json', contents: moduleType.marker.contents })
    const outside = (file: CompiledFile) => ({ path: path.join(outDir, file.path), contents: file.contents })
    // A `--out` naming the folder's own catalog.json is that file: the generation's, led to like the rest.
    const beside = alongside.filter((file) => path.resolve(file.path) !== path.join(outDir, 'catalog.json'))
    batch.write([...own.filter((file) => !holds(path.join(outDir, file.path), fileContentHash(file.contents))).map(outside), ...beside])
    const staging = batch.stagingFolder(outDir)
    const { layout, reason } = chooseLayout(outDir, staging)
    // The modules only: they name a generation in the direct layout, data never does.
    const publicPaths = publicFiles.filter((file) => file.data !== true).map((file) => file.path)
    const committed = committedGeneration(outDir, previous)
    const swept = sweepGenerations(outDir, liveGenerations(outDir, publicPaths, previous))
    const folder = path.join(staging, 'generation')
    const writer = new GenerationWriter(folder, outDir, committed, options.intact)
    const generated = generatedFiles(catalog)
    for (const file of generated) writer.place(file)
    const inputs = await compileEach(catalog, path.resolve(options.root), target, fileOf, (file) => writer.place(file), options.validatorMemo)
    writer.place({ path: 'registry.js', contents: generateRegistryModule(catalog, target) })
    const tree = [...writer.hashes.keys()].sort(byPath)
    const generation = generationName(writer.hashes)
    // The same generation in place (a build of unchanged sources): kept, but only the files that
    // still hold what this build made; any other is replaced by this build's.
    if (!existsSync(path.join(outDir, generation))) batch.adopt(folder, path.join(outDir, generation))
    else for (const file of tree) if (!holds(path.join(outDir, generation, file), writer.hashes.get(file) as string)) batch.adopt(path.join(folder, file), path.join(outDir, generation, file))
    const catalogJson = generated.find((file) => file.path === 'catalog.json') as CompiledFile
    const entries = publicEntries(layout, generation, () => catalogJson.contents)
    if (layout === 'linked') entries.unshift({ path: currentLink, link: generation })
    for (const entry of entries) {
      const at = path.join(outDir, entry.path)
      if (holdsEntry(at, entry)) continue
      if ('link' in entry) batch.link(at, entry.link)
      else batch.write([{ path: at, contents: entry.contents }])
    }
    const owned = [...own.map((file) => file.path), ...entries.map((entry) => entry.path), ...tree.map((file) => `${generation}/${file}`)].sort(byPath)
    // Renamed after the commit point: until then, the previous manifest still lists what may need removing.
    batch.write([manifestFile(outDir, owned)])
    batch.commit((file) => commitRank(path.relative(outDir, file)))
    const replaced = sweepGenerations(outDir, new Set([generation]))
    const gone = new Set([...swept, ...replaced])
    const removed = [...removeStaleFiles(outDir, previous, owned), ...[...previous].filter((file) => gone.has(file.split('/')[0] as string))].sort(byPath)
    // Said once, when the marker first appears; later builds keep it silently.
    const said = moduleType.reason !== undefined && !previous.has('package.json') ? { moduleType: moduleType.reason } : {}
    const direct = reason === undefined ? {} : { direct: reason }
    const hashes = Object.fromEntries(tree.filter((file) => file.startsWith('tools/')).map((file) => [`${generation}/${file}`, writer.hashes.get(file) as string]))
    return { files: [...owned, manifestName].sort(byPath), removed, ...said, ...direct, layout, inputs, hashes, carried: writer.linked }
  } catch (error) {
    batch.abort()
    throw error
  } finally {
    release()
  }
}

/**
 * Renders the output folder's files in memory (absolute paths, sorted) without writing them, so a
 * caller can write them in one atomic batch with other files: the generation's files, and the
 * public files as the `direct` layout writes them (plain files, no symlink).
 */
export async function renderOutDir(catalog: Catalog, options: OutDirOptions): Promise<FileToWrite[]> {
  const { outDir, target, fileOf } = planOutDir(catalog, options)
  const compiled = await compileTools(catalog, path.resolve(options.root), target, fileOf)
  const inside = [...generatedFiles(catalog), ...compiled, { path: 'registry.js', contents: generateRegistryModule(catalog, target) }]
  const generation = generationName(new Map(inside.map((file) => [file.path, fileContentHash(file.contents)])))
  const dataOf = (file: string) => (inside.find((each) => each.path === file) as CompiledFile).contents
  const entries = publicEntries('direct', generation, dataOf) as { path: string; contents: string }[]
  const generated = [{ path: mcpServerFile, contents: generateMcpServerModule() }, ...entries, ...inside.map((file) => ({ ...file, path: `${generation}/${file.path}` }))]
  return generated.sort((a, b) => byPath(a.path, b.path)).map((file) => ({ path: path.join(outDir, file.path), contents: file.contents }))
}

/** Where the output goes, and how its registry names the tools' modules and their sources. */
function planOutDir(catalog: Catalog, options: OutDirOptions) {
  const outDir = path.resolve(options.root, options.outDir)
  const files = uniqueFileNames(catalog.tools.map((tool) => tool.name))
  const fileOf = (tool: CatalogTool): string => files.get(tool.name) ?? tool.name
  const target: EmitTarget = {
    handlerSpecifier: (tool) => sourceSpecifier(tool, options.root),
    // Relative to the generation folder, which holds the registry beside tools/.
    entrySpecifier: (tool) => `./tools/${fileOf(tool)}.js`,
    validatorSpecifier: (tool) => specifierFromTools(validatorModulePath(fileOf(tool))),
    validators: options.validators ?? 'precompiled',
    searchSpecifier: './search.js',
  }
  return { outDir, target, fileOf }
}

/** The generation's files rendered from the catalog alone, relative to the generation folder (`registry.js` comes after compiling). */
function generatedFiles(catalog: Catalog): CompiledFile[] {
  return [
    { path: 'catalog.json', contents: serializeCatalog(catalog) },
    { path: 'catalog.js', contents: generateCatalogModule(catalog) },
    { path: 'catalog.d.ts', contents: generateCatalogTypes(catalog) },
    { path: 'registry.d.ts', contents: generateRegistryTypes(catalog) },
    { path: 'search.js', contents: generateSearchModule(catalog) },
    { path: 'search.d.ts', contents: generateSearchTypes(catalog) },
  ]
}

/**
 * Where a file's rename falls in the commit (lowest first): the new generation folder (or the
 * files it repairs in place), which nothing leads to yet; the constant files and those beside the
 * folder; `.toolcat-current` — the commit point of the linked layout; then the public files, only
 * renamed when they change (a first build, a change of layout), registry.js last — the commit
 * point of the direct layout; and the manifest, which says what the next build may remove.
 */
function commitRank(file: string): number {
  if (isGenerationName(file.split(path.sep)[0] as string)) return 1
  if (file === currentLink) return 3
  if (file === manifestName) return 5 + publicFiles.length
  const index = publicFiles.findIndex((each) => each.path === file)
  return index === -1 ? 2 : 4 + index
}

/** Whether `file` is a plain file whose content hash is `hash`. */
function holds(file: string, hash: string): boolean {
  try {
    return lstatSync(file).isFile() && fileContentHash(readFileSync(file)) === hash
  } catch {
    return false
  }
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
