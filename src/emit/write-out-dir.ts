import { existsSync, lstatSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import { generateCatalogModule } from './catalog-module.js'
import { generateCatalogTypes } from './catalog-types.js'
import { serializeCatalog } from './catalog-json.js'
import { compileEach, compileTools, type CompiledOutput } from './compile-tools.js'
import { GenerationWriter } from './carry-over.js'
import { stopCompiler } from './stop-compiler.js'
import { onInterrupt } from './interrupt.js'
import { decideModuleType } from './module-type.js'
import { manifestFile, manifestName, readManifest, removeStaleFiles } from './out-dir-manifest.js'
import { specifierFromTools, validatorModulePath, type CompiledFile } from './validator-modules.js'
import { sourceSpecifier, type EmitTarget } from './emit-target.js'
import { uniqueFileNames } from './identifiers.js'
import { generateMcpServerModule, mcpServerFile } from './mcp-server-module.js'
import { generateRegistryModule } from './registry-module.js'
import { generateRegistryTypes } from './registry-types.js'
import { generateSearchModule, generateSearchTypes } from './search-module.js'
import { commitStep } from './commit-step.js'
import { fileContentHash, generationName, sweepGenerations } from './generation.js'
import { WriteBatch, type FileToWrite } from './write-files.js'
import type { ValidatorMemo } from './validator-memo.js'

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
}

/**
 * Writes everything an app imports, all together and atomically: `catalog.json`, `catalog.js`,
 * `catalog.d.ts`, `mcp-server.js` (a package's bin: serves the build over MCP), `registry.js`, `registry.d.ts`, `search.js` (the tool search index), `search.d.ts`
 * and the compiled tool modules under
 * `tools/build-<hash>/` (one lazy entry per tool, shared code in chunks; the folder is named by
 * its content), plus `alongside` files in the same batch (the CLI's `--out` catalog). Same
 * catalog and sources, same bytes. The commit is a series of renames in which nothing the
 * previous `registry.js` imports is ever replaced: the new generation folder arrives in one
 * rename, then the catalog files, and `registry.js` last, so a kill at any point leaves the
 * previous registry with all its modules or the new one with all of its; the previous
 * generation is removed only after. The folder's manifest
 * (`.toolcat-manifest.json`) records what was written, so the files a later build no longer writes
 * are removed then, and nothing else ever is; where the nearest package.json would make Node read
 * the ES modules as CommonJS, the folder gets a `package.json` saying `"type": "module"`. A failure
 * to compile is a `ToolCompileError`, any other error comes from the file system; either way
 * nothing was replaced. SIGINT or SIGTERM meanwhile removes every temporary file and staging folder.
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
    const generated = generatedFiles(catalog)
    if (moduleType.marker !== undefined) generated.push({ path: 'package.json', contents: moduleType.marker.contents })
    const outside = (file: CompiledFile) => ({ path: path.join(outDir, file.path), contents: file.contents })
    batch.write([...generated.map(outside), ...alongside])
    const staging = batch.stagingFolder(outDir)
    sweepGenerations(outDir, previous)
    const writer = new GenerationWriter(path.join(staging, 'tools'), outDir, previous, options.intact)
    const place = (file: CompiledOutput) => writer.place({ path: file.path.slice('tools/'.length), contents: file.contents })
    const inputs = await compileEach(catalog, path.resolve(options.root), target, fileOf, place, options.validatorMemo)
    const tree = [...writer.hashes.keys()].sort(byPath)
    const generation = `tools/${generationName(writer.hashes)}`
    // The same generation in place (a build of unchanged sources), as the manifest lists it: kept,
    // but only the files that still hold what this build made; any other is replaced by this build's.
    const inPlace = previous.has(`${generation}/${tree[0]}`) && existsSync(path.join(outDir, generation))
    if (tree.length > 0 && !inPlace) batch.adopt(path.join(staging, 'tools'), path.join(outDir, generation))
    if (inPlace) {
      for (const file of tree) {
        if (!holds(path.join(outDir, generation, file), writer.hashes.get(file) as string)) batch.adopt(path.join(staging, 'tools', file), path.join(outDir, generation, file))
      }
    }
    const registry = generateRegistryModule(catalog, { ...target, entrySpecifier: (tool) => `./${generation}/${fileOf(tool)}.js` })
    batch.write([outside({ path: 'registry.js', contents: registry })])
    const owned = [...generated.map((file) => file.path), 'registry.js', ...tree.map((file) => `${generation}/${file}`)].sort(byPath)
    // Renamed last: until it is in place, the previous manifest still lists what may need removing.
    batch.write([manifestFile(outDir, owned)])
    batch.commit((target) => commitRank(path.relative(outDir, target)))
    commitStep()
    const removed = removeStaleFiles(outDir, previous, owned)
    // Said once, when the marker first appears; later builds keep it silently.
    const said = moduleType.reason !== undefined && !previous.has('package.json') ? { moduleType: moduleType.reason } : {}
    const hashes = Object.fromEntries(tree.map((file) => [`${generation}/${file}`, writer.hashes.get(file) as string]))
    return { files: [...owned, manifestName].sort(byPath), removed, ...said, inputs, hashes, carried: writer.linked }
  } catch (error) {
    batch.abort()
    throw error
  } finally {
    release()
  }
}

/**
 * Renders the output folder's files in memory (absolute paths, sorted) without writing them, so a
 * caller can write them in one atomic batch with other files.
 */
export async function renderOutDir(catalog: Catalog, options: OutDirOptions): Promise<FileToWrite[]> {
  const { outDir, target, fileOf } = planOutDir(catalog, options)
  const compiled = (await compileTools(catalog, path.resolve(options.root), target, fileOf)).map((file) => ({ ...file, path: file.path.slice('tools/'.length) }))
  const generation = `tools/${generationName(new Map(compiled.map((file) => [file.path, fileContentHash(file.contents)])))}`
  const registry = generateRegistryModule(catalog, { ...target, entrySpecifier: (tool) => `./${generation}/${fileOf(tool)}.js` })
  const generated = [...generatedFiles(catalog), { path: 'registry.js', contents: registry }, ...compiled.map((file) => ({ ...file, path: `${generation}/${file.path}` }))]
  return generated.sort((a, b) => byPath(a.path, b.path)).map((file) => ({ path: path.join(outDir, file.path), contents: file.contents }))
}

/** Where the output goes, and how its registry names the tools' modules and their sources. */
function planOutDir(catalog: Catalog, options: OutDirOptions) {
  const outDir = path.resolve(options.root, options.outDir)
  const files = uniqueFileNames(catalog.tools.map((tool) => tool.name))
  const fileOf = (tool: CatalogTool): string => files.get(tool.name) ?? tool.name
  const target: EmitTarget = {
    handlerSpecifier: (tool) => sourceSpecifier(tool, options.root),
    // The registry's own, once the generation folder has its name; compiling uses the rest.
    entrySpecifier: (tool) => `./tools/${fileOf(tool)}.js`,
    validatorSpecifier: (tool) => specifierFromTools(validatorModulePath(fileOf(tool))),
    validators: options.validators ?? 'precompiled',
    searchSpecifier: './search.js',
  }
  return { outDir, target, fileOf }
}

/** The files rendered from the catalog alone, relative to the output folder (`registry.js` needs the generation's name too). */
function generatedFiles(catalog: Catalog): CompiledFile[] {
  return [
    { path: 'catalog.json', contents: serializeCatalog(catalog) },
    { path: 'catalog.js', contents: generateCatalogModule(catalog) },
    { path: 'catalog.d.ts', contents: generateCatalogTypes(catalog) },
    { path: mcpServerFile, contents: generateMcpServerModule() },
    { path: 'registry.d.ts', contents: generateRegistryTypes(catalog) },
    { path: 'search.js', contents: generateSearchModule(catalog) },
    { path: 'search.d.ts', contents: generateSearchTypes(catalog) },
  ]
}

/**
 * Where a file's rename falls in the commit (lowest first): the new generation folder, which the
 * previous registry never imports, then what no import reaches (types, the module-type marker,
 * files beside the folder), then the catalog module and data, then `registry.js` — the commit
 * point — and the manifest, which says what the next build may remove.
 */
function commitRank(file: string): number {
  if (file.startsWith('tools/')) return 1
  return ['catalog.js', 'catalog.json', 'registry.js', manifestName].indexOf(file) + 3
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
