/**
 * Writes a benchmark corpus: N tool modules under `tools/`, shared types under `shared/`, and a
 * samples.json of valid arguments per tool, a package.json + tsconfig.json so tsc, ts-morph and the schema generators all see one project.
 * Usage: node bench/corpus/generate.mjs <n> [dir]   (default dir: bench/.corpus/<n>)
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { sharedTypeFiles } from './shared-types.mjs'
import { paramsTypeName, toolId, toolModule, toolSample } from './tool-module.mjs'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Returns the default corpus folder for a size. */
export function corpusDir(n) {
  return join(repoRoot, 'bench/.corpus', String(n))
}

/** Returns the exported parameter type names of a corpus of `n` tools, in file order. */
export function paramsTypeNames(n) {
  return Array.from({ length: n }, (_, i) => paramsTypeName(i + 1))
}

function toPosix(path) {
  return path.split('\\').join('/')
}

function tsconfig(dir) {
  const toRepo = toPosix(relative(dir, repoRoot)) || '.'
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      // No ambient @types: every contestant type-checks exactly the corpus plus toolcat's types.
      types: [],
      // Built declarations when present (cheaper to load), else toolcat's sources.
      paths: { toolcat: [`${toRepo}/dist/src/index.d.ts`, `${toRepo}/src/index.ts`] },
    },
    include: ['tools', 'shared'],
  }
}

/** Writes a corpus of `n` tools into `dir` (emptied first); returns the tool file paths relative to `dir`. */
export function generateCorpus(dir, n) {
  if (!Number.isInteger(n) || n < 1 || n > 9999) throw new Error(`corpus size must be an integer in 1..9999, got ${n}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'tools'), { recursive: true })
  mkdirSync(join(dir, 'shared'), { recursive: true })
  for (const [path, text] of Object.entries(sharedTypeFiles(n))) writeFileSync(join(dir, path), text)
  const tools = []
  const samples = {}
  for (let index = 1; index <= n; index++) {
    const path = `tools/tool_${toolId(index)}.ts`
    writeFileSync(join(dir, path), toolModule(index))
    tools.push(path)
    samples[`tool_${toolId(index)}`] = toolSample(index)
  }
  // Valid arguments per tool, for the runtime and validation suites' calls.
  writeFileSync(join(dir, 'samples.json'), `${JSON.stringify(samples, null, 2)}\n`)
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `bench-corpus-${n}`, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`)
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig(dir), null, 2)}\n`)
  // Compiled handlers import 'toolcat' at run time; a relative link resolves it to this checkout.
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(toPosix(relative(join(dir, 'node_modules'), repoRoot)), join(dir, 'node_modules/toolcat'), 'dir')
  return tools
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2])
  const dir = resolve(process.argv[3] ?? corpusDir(n))
  try {
    const tools = generateCorpus(dir, n)
    console.log(`wrote ${tools.length} tools to ${relative(process.cwd(), dir) || '.'}`)
  } catch (error) {
    console.error(`generate: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
