import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { codes } from '../../src/analyze/index.js'
import { buildCatalog } from '../../src/build.js'
import { dependencyToolProblems } from '../../src/analyze/deps/dependency-tool-problems.js'
import { dependencySchemaKeywords, maxDependencySchemaDepth } from '../../src/analyze/deps/schema-keywords.js'
import type { CatalogTool } from '../../src/runtime/catalog.js'
import { ajvFor } from '../../src/runtime/ajv-instance.js'
import { createApp, createWorkspace, repoRoot } from './deps-project.js'
import { hostilePackage, type LooseCatalog } from './hostile-packages.js'

// Issue 32: a dependency's schema may only use toolcat's draft-07 keywords (`$async` made the
// registry read a Promise as a pass), and its depth is bounded (20,000 levels ended the build with a
// RangeError out of JSON.stringify and ajv).

const workspace = createWorkspace()
afterAll(() => rmSync(workspace, { recursive: true, force: true }))

let apps = 0
/** A fresh app depending on a copy of weather-pack whose `forecast` parameters are `parameters`. */
function appWithParameters(parameters: unknown): { name: string; app: string } {
  const name = hostilePackage(workspace, `schema-${++apps}`, (catalog: LooseCatalog) => {
    ;(catalog.tools[0] as { parameters: unknown }).parameters = parameters
  })
  return { name, app: createApp(workspace, `app-${apps}`, [name]) }
}

/** A copy of weather-pack whose `forecast` parameters are `depth` objects deep, written as text (JSON.stringify would overflow). */
function appWithDeepParameters(depth: number): { name: string; app: string } {
  const { name, app } = appWithParameters('DEEP')
  const file = path.join(workspace, name, 'lib/catalog.json')
  const deep = '{"type":"object","properties":{"a":'.repeat(depth) + '{"type":"string"}' + '}}'.repeat(depth)
  writeFileSync(file, readFileSync(file, 'utf8').replace('"DEEP"', deep))
  return { name, app }
}

const build = (app: string) => buildCatalog({ tools: path.join(app, 'tools'), deps: true })
const cli = (args: readonly string[], cwd: string) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), ...args], { cwd, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 22 })

/** Every keyword toolcat's ajv knows (ajv's own, ajv-formats'), and later drafts' keywords. */
function knownKeywords(): string[] {
  const ajv = ajvFor({ format: 'date' }) as unknown as { RULES: { keywords: Record<string, unknown> } }
  const later = ['$async', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor', '$vocabulary', 'unevaluatedProperties', 'unevaluatedItems', 'prefixItems', 'dependentRequired', 'dependentSchemas', 'minContains', 'maxContains', 'nullable', 'discriminator', 'errorMessage', 'x-run']
  return [...new Set([...Object.keys(ajv.RULES.keywords), ...later])].sort()
}

describe("a dependency schema keyword outside toolcat's draft-07 subset is refused with TC1012, naming the package and the keyword's JSON pointer", () => {
  test('"$async": true, which made the registry read a Promise as valid arguments (build API)', () => {
    const { name, app } = appWithParameters({ $async: true, type: 'object', properties: { n: { type: 'number' } } })
    const diagnostics = build(app).diagnostics
    expect(diagnostics).toContainEqual(expect.objectContaining({
      code: codes.badDependencyCatalog,
      severity: 'error',
      message: expect.stringContaining(`tool "forecast" of package ${name} is refused: parameters uses the keyword "$async" at /tools/0/parameters/$async, outside toolcat's draft-07 subset`),
    }))
  }, 60_000)

  test('"$async" nested in a property, through the CLI: the build fails and writes no registry', () => {
    const { name, app } = appWithParameters({ type: 'object', properties: { n: { $async: true, type: 'number' } } })
    const run = cli(['build', 'tools', '--deps', '--outDir', 'out'], app)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(codes.badDependencyCatalog)
    expect(run.stderr).toContain(`package ${name} is refused: parameters uses the keyword "$async" at /tools/0/parameters/properties/n/$async`)
    expect(existsSync(path.join(app, 'out/registry.js'))).toBe(false)
  }, 60_000)

  test('every keyword ajv or a later draft knows and the subset leaves out, at a nested place, in parameters and in output', () => {
    const outside = knownKeywords().filter((keyword) => !dependencySchemaKeywords.has(keyword))
    expect(outside).toEqual(expect.arrayContaining(['$async', 'discriminator', 'formatMinimum', 'unevaluatedProperties', 'prefixItems', 'dependentRequired']))
    // Every keyword through the check the build runs on each tool (one build per keyword would take minutes).
    const folder = path.join(workspace, 'weather-pack')
    const pkg = { name: 'weather-pack', folder, manifest: JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown> }
    const catalog = JSON.parse(readFileSync(path.join(folder, 'lib/catalog.json'), 'utf8')) as { tools: CatalogTool[] }
    const forecast = catalog.tools[0] as CatalogTool
    const verdicts = Object.fromEntries(outside.map((keyword) => {
      const nested = { type: 'object', properties: { list: { type: 'array', items: [{ type: 'string', [keyword]: true }] } } }
      const problems = [
        ...dependencyToolProblems({ ...forecast, parameters: nested }, pkg, '/tools/0'),
        ...dependencyToolProblems({ ...forecast, output: { anyOf: [{ type: 'null' }, { [keyword]: {} }] } }, pkg, '/tools/0'),
      ]
      return [keyword, problems]
    }))
    expect(verdicts).toEqual(Object.fromEntries(outside.map((keyword) => [keyword, [
      { field: 'parameters', problem: expect.stringContaining(`uses the keyword ${JSON.stringify(keyword)} at /tools/0/parameters/properties/list/items/0/${keyword}, outside toolcat's draft-07 subset`) },
      { field: 'output', problem: expect.stringContaining(`uses the keyword ${JSON.stringify(keyword)} at /tools/0/output/anyOf/1/${keyword}, outside`) },
    ]])))
  }, 60_000)

  test('keywords of the subset are accepted, and a property or definition named like a refused keyword is only a name', () => {
    const { app } = appWithParameters({
      type: 'object',
      properties: { $async: { type: 'string', enum: ['a'], default: 'a', examples: [{ discriminator: 1 }] }, discriminator: { $ref: '#/definitions/prefixItems' } },
      definitions: { prefixItems: { type: 'number', minimum: 0, not: { const: 3 } } },
      required: ['$async'],
    })
    expect(build(app).diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  }, 60_000)
})

describe(`a dependency schema nested deeper than ${maxDependencySchemaDepth} levels is refused cleanly, never with a RangeError`, () => {
  test('20,000 levels, through the build API', () => {
    const { name, app } = appWithDeepParameters(20_000)
    const diagnostics = build(app).diagnostics
    expect(diagnostics).toContainEqual(expect.objectContaining({
      code: codes.badDependencyCatalog,
      severity: 'error',
      message: expect.stringContaining(`tool "forecast" of package ${name} is refused: parameters nests deeper than ${maxDependencySchemaDepth} levels (at /tools/0/parameters/properties/a/`),
    }))
  }, 60_000)

  test('20,000 levels, through the CLI: exit 1 with the TC1012 line, no RangeError, nothing written', () => {
    const { name, app } = appWithDeepParameters(20_000)
    const run = cli(['build', 'tools', '--deps', '--outDir', 'out'], app)
    expect(run.stderr).not.toMatch(/RangeError|Maximum call stack/)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`${codes.badDependencyCatalog}`)
    expect(run.stderr).toContain(`package ${name} is refused: parameters nests deeper than ${maxDependencySchemaDepth} levels`)
    expect(existsSync(path.join(app, 'out'))).toBe(false)
  }, 60_000)

  test('a schema just inside the bound is merged', () => {
    // Each level is a schema and its properties map: two JSON levels, and the leaf one more.
    const { app } = appWithDeepParameters(Math.floor((maxDependencySchemaDepth - 1) / 2))
    expect(build(app).diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  }, 60_000)
})
