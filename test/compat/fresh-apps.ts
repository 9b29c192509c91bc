import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { fixtureCatalog, fixtureRoot, repoRoot, runInFreshNode } from '../registry/out-dir.js'
import { spec, testedLines, type TestedPackage } from './versions.js'

/** One app to install: the packages beside toolcat, as a user types them after `npm i`. */
export interface AppSpec {
  readonly packages: readonly string[]
}

/** A fresh app outside the repository holding the packed toolcat, its packages and the registry fixture's `out/`. */
export interface FreshApp {
  readonly dir: string
  /** The Node binary the app was installed with and its scripts run on: the test pass's own (npm test runs each LTS line in turn). */
  readonly node: string
  /** What `npm i` printed on stderr. */
  readonly installed: string
}

/** Packs this checkout (dist/ as built by the test setup) into `folder`; the tarball's path. */
export function packToolcat(folder: string): string {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { cwd: repoRoot, encoding: 'utf8' })) as { filename: string }[]
  if (packed === undefined) throw new Error('npm pack reported no tarball')
  return path.join(folder, packed.filename)
}

/**
 * Installs one fresh app per spec from one packed tarball, all at once (npm's cache is shared):
 * `npm i <tarball> <packages…>` exactly, no flags that change resolution, on the test pass's Node; then
 * writes the registry fixture's generated registry into each app's `out/`. Rejects with npm's
 * output when an install fails. `remove()` deletes every app and the tarball.
 */
export async function installApps<K extends string>(specs: Record<K, AppSpec>): Promise<{ apps: Record<K, FreshApp>; remove: () => void }> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'toolcat-apps-'))
  const tarball = packToolcat(scratch)
  const entries = await Promise.all(
    (Object.entries(specs) as [K, AppSpec][]).map(async ([name, spec]) => {
      const dir = mkdtempSync(path.join(scratch, `${name}-`))
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
      const installed = await npmInstall(dir, [tarball, ...spec.packages])
      await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: path.join(dir, 'out') })
      return [name, { dir, node: process.execPath, installed }] as const
    }),
  )
  return { apps: Object.fromEntries(entries) as Record<K, FreshApp>, remove: () => rmSync(scratch, { recursive: true, force: true }) }
}

function npmInstall(cwd: string, packages: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['install', '--no-fund', '--no-audit', ...packages], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', () => undefined)
    child.stderr.on('data', (data: Buffer) => (output += String(data)))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm install ${packages.join(' ')} exited with ${code}:\n${output}`))))
  })
}

/**
 * The lines of npm's install output that toolcat caused: a peer conflict met while resolving
 * toolcat, an engine toolcat requires, or an install script of a package toolcat brought (esbuild
 * was one). A framework's own conflicts among its dependencies may name toolcat in their lists of
 * dependents; those are the framework's.
 */
export function toolcatWarnings(installed: string): string[] {
  return installed.split('\n').filter((line) => /While resolving: toolcat@|package: 'toolcat@|install-scripts\s+(?:toolcat|esbuild)@/.test(line))
}

/** The version of a package installed in an app. */
export function installedVersion(app: FreshApp, pkg: string): string {
  return (JSON.parse(readFileSync(path.join(app.dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * Runs a script in a fresh process of the app's Node inside the app, with `createRegistry`,
 * `imports()` and `catalog` (the fixture's catalog.json) in scope after `prelude`; `body`'s
 * returned value comes back parsed from JSON.
 */
export function runInApp(app: FreshApp, prelude: string, body: string): any {
  const catalog = `const catalog = JSON.parse(${JSON.stringify(readFileSync(path.join(fixtureRoot, 'catalog.json'), 'utf8'))})`
  return runInFreshNode(app.dir, body, `${prelude}\n${catalog}`, app.node)
}

/**
 * For a test file: before its tests, one fresh app per tested line of `pkg` (with `extra` packages
 * beside it), installed at once; removed after. Returns the app of a version.
 */
export function appsOfEachLine(pkg: TestedPackage, extra: readonly string[] = []): (version: string) => FreshApp {
  let apps: Record<string, FreshApp> = {}
  let remove = (): void => undefined
  beforeAll(async () => {
    const specs = Object.fromEntries(testedLines[pkg].map((line) => [line.version, { packages: [spec(pkg, line), ...extra] }]))
    ;({ apps, remove } = await installApps(specs))
  }, 600_000)
  afterAll(() => remove())
  return (version) => {
    const app = apps[version]
    if (app === undefined) throw new Error(`no app installed for ${pkg}@${version}`)
    return app
  }
}
