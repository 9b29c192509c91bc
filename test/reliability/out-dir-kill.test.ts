import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { KILL_AT_COMMIT_STEP } from '../../src/emit/commit-step.js'
import { largeProject } from '../cli/project.js'
import { repoRoot } from '../cli/run-cli.js'

// A 300-tool `--outDir` build stopped dead (SIGKILL, no cleanup) before each step of its commit
// in turn — every rename, then the removal of the previous build — must leave an output that
// works: the previous build or the new one, each whole. The next build sweeps what it left.

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
  cpSync(out, pristine, { recursive: true })
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

test('a kill before any step of the commit leaves the previous build or the new one, whole; the next build sweeps the leftovers', () => {
  const newNames = [...oldNames.filter((name) => name !== `tool-${TOOLS - 1}`), 'tool-new'].sort()
  const seen: string[] = []
  let step = 1
  for (; ; step++) {
    rmSync(out, { recursive: true, force: true })
    cpSync(pristine, out, { recursive: true })
    const run = build(step)
    if (run.signal !== 'SIGKILL') {
      // Past the last step: the build ran to its end.
      expect(run.status, run.stderr).toBe(0)
      break
    }
    const registry = registryState()
    expect(registry.failures, `killed before step ${step}`).toEqual([])
    const catalog = catalogNames()
    const registryBuild = equal(registry.names, oldNames) ? 'old' : equal(registry.names, newNames) ? 'new' : 'mixed'
    const catalogBuild = equal(catalog, oldNames) ? 'old' : equal(catalog, newNames) ? 'new' : 'mixed'
    seen.push(`${registryBuild} registry, ${catalogBuild} catalog`)
  }
  expect(step).toBeGreaterThan(6)
  // Every state is a whole build. The registry and the catalog files cannot change in one rename:
  // in the one state between catalog.json's rename and registry.js's, the previous registry (with
  // every module it imports) stands beside the new catalog.json.
  expect(seen.filter((state) => state.includes('mixed'))).toEqual([])
  expect(seen[0]).toBe('old registry, old catalog')
  expect(seen.at(-1)).toBe('new registry, new catalog')
  expect(seen.filter((state) => state === 'old registry, new catalog')).toHaveLength(1)
  expect(seen.filter((state) => state === 'new registry, old catalog')).toEqual([])

  // A build after the last kill: the new output, nothing left over, one generation.
  expect(build().status).toBe(0)
  expect(leftovers(out)).toEqual([])
  expect(readdirSync(path.join(out, 'tools')).filter((name) => name.startsWith('build-'))).toHaveLength(1)
  expect(registryState()).toEqual({ names: newNames, failures: [] })
}, 900_000)

test('what a kill before the first rename, after the generation folder arrived, or before the removal leaves is swept by the next build', () => {
  for (const step of [1, 2, 8]) {
    rmSync(out, { recursive: true, force: true })
    cpSync(pristine, out, { recursive: true })
    expect(build(step).signal).toBe('SIGKILL')
    expect(build().status).toBe(0)
    expect(leftovers(out)).toEqual([])
    expect(readdirSync(path.join(out, 'tools')).filter((name) => name.startsWith('build-'))).toHaveLength(1)
  }
}, 600_000)

function equal(a: readonly string[], b: readonly string[]): boolean {
  return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort())
}
