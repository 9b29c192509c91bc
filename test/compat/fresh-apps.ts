import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { fixtureCatalog, fixtureRoot, runInFreshNode } from '../registry/out-dir.js'
import { installPackages, packToolcat } from './install.mjs'
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
  /** What `npm i` printed (stdout, then stderr). */
  readonly installed: string
}

export { packToolcat, toolcatWarnings } from './install.mjs'

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
      const installed = await installPackages(dir, [tarball, ...spec.packages])
      await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: path.join(dir, 'out') })
      return [name, { dir, node: process.execPath, installed }] as const
    }),
  )
  return { apps: Object.fromEntries(entries) as Record<K, FreshApp>, remove: () => rmSync(scratch, { recursive: true, force: true }) }
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
