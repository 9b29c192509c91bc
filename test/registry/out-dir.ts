import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, symlinkSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Catalog } from '../../src/runtime/catalog.js'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'

/** The repository root: `toolcat` resolves to its `dist/` through the symlink each temp project gets. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** The hand-written registry fixture: a catalog and the tool modules it names. */
export const fixtureRoot = path.join(repoRoot, 'fixtures/registry')

/** The folder of output folder `out` holding its build's tool modules, `.toolcat-build-<hash>/tools`, relative to `out`. */
export function generationDir(out: string): string {
  const found = readdirSync(out).filter((name) => name.startsWith('.toolcat-build-'))
  if (found.length !== 1) throw new Error(`expected one generation folder in ${out}, found ${found.join(', ') || 'none'}`)
  return `${found[0]}/tools`
}

/** The fixture's catalog, as read from `catalog.json`. */
export function fixtureCatalog(): Catalog {
  return JSON.parse(readFileSync(path.join(fixtureRoot, 'catalog.json'), 'utf8')) as Catalog
}

/**
 * A temp project outside the repository where `toolcat` is installed (a symlink to this
 * checkout) and the fixture's registry is written to `out/`. Resolves with the project folder.
 */
export async function generatedProject(validators?: 'precompiled' | 'runtime'): Promise<string> {
  const project = mkdtempSync(path.join(tmpdir(), 'toolcat-registry-'))
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: path.join(project, 'out'), ...(validators && { validators }) })
  return project
}

/**
 * Runs an ES module script in a fresh Node process inside `project`, with the generated registry
 * imported as `createRegistry` and `imports()` returning the import counts the fixtures record.
 * The script's last expression value is printed as JSON and parsed back. `prelude` (imports,
 * declarations) comes before the body, at the module's top level. `node` is the binary to run.
 */
export function runInFreshNode(project: string, body: string, prelude = '', node = process.execPath): unknown {
  const script = [
    "import { createRegistry } from './out/registry.js'",
    'const imports = () => ({ ...globalThis.__toolcatImports })',
    prelude,
    `const output = await (async () => { ${body} })()`,
    'process.stdout.write(JSON.stringify(output))',
  ].join('\n')
  const run = spawnSync(node, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`node exited with ${run.status}: ${run.stderr}`)
  return JSON.parse(run.stdout)
}
