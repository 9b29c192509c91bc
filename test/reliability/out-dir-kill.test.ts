import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { KILL_AT_COMMIT_STEP } from '../../src/emit/shared/commit-step.js'
import { largeProject } from '../cli/project.js'
import { repoRoot } from '../cli/run-cli.js'

// A 300-tool `--outDir` build stopped dead (SIGKILL, no cleanup) before each step of its commit
// in turn — every rename, then the removal of the previous build — must leave exactly the
// previous build or the new one: every public file and every module the registry imports byte
// for byte one build's, and the registry working. A rename is atomic, so the states between steps
// are every state a kill at any instant can leave. The next build sweeps what it left.

const TOOLS = 300
const bin = path.join(repoRoot, 'dist/src/cli/bin.js')
let root = ''
let out = ''
let pristine = ''
let oldNames: string[] = []

beforeAll(() => {
  root = largeProject(TOOLS)
  out = path.join(root, 'out')
  pristine = path.join(root, 'pristine-out')
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(repoRoot, path.join(root, 'node_modules/toolcat'), 'dir')
  expect(build().status).toBe(0)
  cpSync(out, pristine, { recursive: true, verbatimSymlinks: true })
  oldNames = catalogNames()
  // The next build changes every schema (the shared type), drops a tool and adds one.
  const shared = path.join(root, 'types/shared.ts')
  writeFileSync(shared, readFileSync(shared, 'utf8').replace('tags?: string[]', 'tags?: string[]\n  /** @maxLength 9 */ note?: string'))
  rmSync(path.join(root, `tools/tool-${TOOLS - 1}.ts`))
  writeFileSync(path.join(root, 'tools/tool-new.ts'), readFileSync(path.join(root, 'tools/tool-0.ts'), 'utf8').replace('Tool number 0.', 'A new tool.'))
}, 300_000)
afterAll(() => rmSync(root, { recursive: true, force: true }))

function build(killAt?: number) {
  const { [KILL_AT_COMMIT_STEP]: _unset, ...inherited } = process.env
  const env = killAt === undefined ? inherited : { ...inherited, [KILL_AT_COMMIT_STEP]: String(killAt) }
  return spawnSync(process.execPath, [bin, 'build', 'tools', '--outDir', 'out'], { cwd: root, encoding: 'utf8', env })
}

function catalogNames(): string[] {
  return (JSON.parse(readFileSync(path.join(out, 'catalog.json'), 'utf8')) as { tools: { name: string }[] }).tools.map((tool) => tool.name)
}

/** Imports out/registry.js in a fresh Node and calls every tool it lists: its names and the calls that failed. */
function registryState(): { names: string[]; failures: string[] } {
  const script = `
    import { createRegistry } from './out/registry.js'
    const registry = createRegistry()
    const names = registry.definitions().map((definition) => definition.name)
    const failures = []
    for (const name of names) {
      const n = 'n' + (name === 'tool-new' ? 0 : name.slice('tool-'.length))
      const result = await registry.execute({ id: name, name, arguments: { name: 'x', mode: 'a', [n]: 1 } })
      if (!result.success) failures.push(name + ': ' + result.error)
    }
    process.stdout.write(JSON.stringify({ names, failures }))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })
  if (run.status !== 0) return { names: [], failures: [`registry.js failed to load: ${run.stderr}`] }
  return JSON.parse(run.stdout) as { names: string[]; failures: string[] }
}

/** Files anywhere under `folder` whose names a killed build leaves: staging folders and temporaries. */
function leftovers(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => /(^|[\\/])\.toolcat-staging-|\.tmp$/.test(name))
}

/** The generation folders in `folder`. */
function generations(folder: string): string[] {
  return readdirSync(folder).filter((name) => name.startsWith('.toolcat-build-'))
}

/**
 * What a reader of the output folder gets, byte for byte: each public file at its documented path,
 * read through whatever links lead to it, and every file of the generation the registry imports
 * (`.toolcat-current` followed), by path inside it. The one line of a public module that is not
 * the build's — its comment naming the build's hash, rewritten after the commit so that watchers
 * reload — is left out: a kill just after the commit leaves the previous hash there.
 */
function view(folder: string): Record<string, string> {
  const seen: Record<string, string> = {}
  for (const name of ['catalog.json', 'catalog.js', 'catalog.d.ts', 'registry.js', 'registry.d.ts', 'search.js', 'search.d.ts', 'mcp-server.js', 'package.json']) {
    try {
      seen[name] = readFileSync(path.join(folder, name), 'latin1').replace(/ \(build [0-9a-f]{16}; /, ' (build …; ')
    } catch {
      seen[name] = '(missing)'
    }
  }
  let generation: string
  try {
    generation = realpathSync(path.join(folder, '.toolcat-current'))
  } catch {
    return { ...seen, '(generation)': '(missing)' }
  }
  for (const name of readdirSync(generation, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
    const file = path.join(name.parentPath, name.name)
    seen[`(generation)/${path.relative(generation, file)}`] = readFileSync(file, 'latin1')
  }
  return seen
}

test('a kill before any step of the commit leaves the previous build or the new one, whole, byte for byte; the next build sweeps the leftovers', () => {
  const oldView = view(pristine)
  // The new build, whole, to compare against: built once from the pristine output, then set back.
  rmSync(out, { recursive: true, force: true })
  cpSync(pristine, out, { recursive: true, verbatimSymlinks: true })
  expect(build().status).toBe(0)
  const newView = view(out)
  expect(newView).not.toEqual(oldView)
  const newNames = [...oldNames.filter((name) => name !== `tool-${TOOLS - 1}`), 'tool-new'].sort()
  const seen: string[] = []
  let step = 1
  for (; step < 100; step++) {
    rmSync(out, { recursive: true, force: true })
    cpSync(pristine, out, { recursive: true, verbatimSymlinks: true })
    const run = build(step)
    if (run.signal !== 'SIGKILL') {
      // Past the last step: the build ran to its end.
      expect(run.status, run.stderr).toBe(0)
      break
    }
    const now = view(out)
    const state = equal(now, oldView) ? 'old' : equal(now, newView) ? 'new' : 'mixed'
    seen.push(state)
    expect(state, `killed before step ${step}`).not.toBe('mixed')
    const registry = registryState()
    expect(registry.failures, `killed before step ${step}`).toEqual([])
    expect(sorted(registry.names), `killed before step ${step}`).toEqual(state === 'old' ? sorted(oldNames) : newNames)
    expect(sorted(catalogNames()), `killed before step ${step}`).toEqual(sorted(registry.names))
  }
  // Steps: the generation folder's rename, the link's (the commit), the six public modules' (their
  // build note), the manifest's, the previous generation's removal.
  expect(seen).toEqual(['old', 'old', 'new', 'new', 'new', 'new', 'new', 'new', 'new', 'new'])

  // A build after the last kill: the new output, nothing left over, one generation.
  expect(build().status).toBe(0)
  expect(leftovers(out)).toEqual([])
  expect(generations(out)).toHaveLength(1)
  expect(view(out)).toEqual(newView)
  expect(registryState()).toEqual({ names: newNames, failures: [] })
}, 900_000)

test('what a kill before each step leaves is swept by the next build: one generation, no leftovers, the new build', () => {
  for (const step of [1, 2, 3, 4]) {
    rmSync(out, { recursive: true, force: true })
    cpSync(pristine, out, { recursive: true, verbatimSymlinks: true })
    expect(build(step).signal).toBe('SIGKILL')
    expect(build().status).toBe(0)
    expect(leftovers(out), `killed before step ${step}`).toEqual([])
    expect(generations(out), `killed before step ${step}`).toHaveLength(1)
  }
}, 600_000)

function sorted(names: readonly string[]): string[] {
  return [...names].sort()
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
