import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { afterAll, describe, expect, test } from 'vitest'
import { buildCatalog, codes } from '../../src/build.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { generationDir } from '../registry/out-dir.js'
import { copyPackage, createApp, createWorkspace, repoRoot } from './deps-project.js'

const workspace = createWorkspace()
afterAll(() => rmSync(workspace, { recursive: true, force: true }))
const validCatalog = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(path.join(repoRoot, 'catalog.schema.json'), 'utf8')) as object)

const cli = (args: readonly string[], cwd: string) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), ...args], { cwd, encoding: 'utf8' })

test("weather-pack's published lib/catalog.json is what its sources give today", () => {
  const published = readFileSync(path.join(workspace, 'weather-pack/lib/catalog.json'), 'utf8')
  expect(serializeCatalog(buildCatalog({ tools: path.join(workspace, 'weather-pack/tools') }).catalog)).toBe(published)
})

describe('an app depending on weather-pack', () => {
  const app = createApp(workspace, 'app', ['weather-pack'])

  test('holds its own tools and the package\'s, each package tool imported by package specifier', () => {
    const { catalog, diagnostics } = buildCatalog({ tools: path.join(app, 'tools'), deps: true })
    expect(diagnostics).toEqual([])
    expect(validCatalog(catalog)).toBe(true)
    expect(catalog.tools.map((tool) => tool.name)).toEqual(['forecast', 'plan_trip', 'weather_alerts'])
    expect(catalog.tools[0]?.source).toEqual({ module: 'weather-pack/tools/forecast.js', export: 'default', package: 'weather-pack' })
    expect(catalog.tools[2]?.source).toEqual({ module: 'weather-pack/tools/alerts.js', export: 'weatherAlerts', package: 'weather-pack' })
    const published = JSON.parse(readFileSync(path.join(workspace, 'weather-pack/lib/catalog.json'), 'utf8')) as { tools: { parameters: unknown }[] }
    expect(catalog.tools[0]?.parameters).toEqual(published.tools[0]?.parameters)
  })

  test('without deps, the catalog holds only its own tools', () => {
    expect(buildCatalog({ tools: path.join(app, 'tools') }).catalog.tools.map((tool) => tool.name)).toEqual(['plan_trip'])
  })

  test('`toolcat build --deps --outDir` gives a registry that runs the package tool in a fresh Node', () => {
    const build = cli(['build', 'tools', '--deps', '--outDir', 'out'], app)
    expect(build.status, build.stderr).toBe(0)
    // The handler is imported from the package at run time, never copied into the app's output.
    expect(readFileSync(path.join(app, 'out', generationDir(path.join(app, 'out')), 'forecast.js'), 'utf8')).toContain('from "weather-pack/tools/forecast.js"')
    const script = [
      "import { createRegistry } from './out/registry.js'",
      'const registry = createRegistry()',
      "const ok = await registry.call('forecast', { city: 'Oslo', days: 2 })",
      "const bad = await registry.call('forecast', { city: 'Oslo', days: 9 })",
      "const own = await registry.call('plan_trip', { city: 'Oslo', nights: 3 })",
      'console.log(JSON.stringify([ok, bad, own]))',
    ].join('\n')
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    const [ok, bad, own] = JSON.parse(run.stdout) as { success: boolean; value?: unknown; error?: string }[]
    expect(ok).toMatchObject({ success: true, value: { city: 'Oslo', highs: [20, 21] } })
    expect(bad).toMatchObject({ success: false, error: expect.stringContaining('days') })
    expect(own).toMatchObject({ success: true, value: { city: 'Oslo', nights: 3 } })
  }, 60_000)
})

describe('two packages publishing the same tool names', () => {
  copyPackage(workspace, 'weather-copy')
  const app = createApp(workspace, 'clash-app', ['weather-pack', 'weather-copy'])

  test('is an error diagnostic naming both packages', () => {
    const { diagnostics } = buildCatalog({ tools: path.join(app, 'tools'), deps: true })
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([
      [codes.dependencyNameClash, 'error'],
      [codes.dependencyNameClash, 'error'],
    ])
    expect(diagnostics[0]?.message).toBe('tool name "forecast" of package weather-pack is already taken by package weather-copy')
    expect(diagnostics[0]?.hint).toContain('--deps-prefix weather-pack=<prefix>')
  })

  test('a prefix for one package resolves it', () => {
    const { catalog, diagnostics } = buildCatalog({ tools: path.join(app, 'tools'), deps: { prefix: { 'weather-pack': 'wx_' } } })
    expect(diagnostics).toEqual([])
    expect(catalog.tools.map((tool) => tool.name)).toEqual(['forecast', 'plan_trip', 'weather_alerts', 'wx_forecast', 'wx_weather_alerts'])
  })

  test('the CLI takes the prefix as --deps-prefix and rejects a malformed one', () => {
    const built = cli(['build', 'tools', '--deps-prefix', 'weather-copy=copy_', '--json'], app)
    expect(built.status, built.stderr).toBe(0)
    const names = (JSON.parse(built.stdout) as { catalog: { tools: { name: string }[] } }).catalog.tools.map((tool) => tool.name)
    expect(names).toEqual(['copy_forecast', 'copy_weather_alerts', 'forecast', 'plan_trip', 'weather_alerts'])
    const malformed = cli(['build', 'tools', '--deps-prefix', 'copy_'], app)
    expect([malformed.status, malformed.stderr]).toEqual([2, 'toolcat: --deps-prefix takes <package>=<prefix>, got "copy_"\n'])
  }, 60_000)
})

test('a dependency whose catalog is not a valid catalog is an error naming the file', () => {
  copyPackage(workspace, 'broken-pack')
  writeFileSync(path.join(workspace, 'broken-pack/lib/catalog.json'), JSON.stringify({ catalogVersion: 1, tools: 'none' }))
  const app = createApp(workspace, 'broken-app', ['broken-pack'])
  const { diagnostics } = buildCatalog({ tools: path.join(app, 'tools'), deps: true })
  expect(diagnostics).toEqual([
    expect.objectContaining({ code: codes.badDependencyCatalog, severity: 'error', file: 'node_modules/broken-pack/lib/catalog.json' }),
  ])
  expect(diagnostics[0]?.message).toMatch(/^the catalog of broken-pack cannot be merged: \/ must have required property/)
})
