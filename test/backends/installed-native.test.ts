import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { supportedNativeVersions } from '../../src/backends/native/supported.js'
import { repoRoot } from './both-backends.js'

const project = mkdtempSync(path.join(tmpdir(), 'toolcat-ts7-user-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

const weather = `import { defineTool } from 'toolcat'

/** A place on the map. */
interface Place {
  /** @minimum -90 @maximum 90 */
  lat: number
  lon: number
}

/** Current weather for a city or a coordinate. */
export const weather = defineTool({
  annotations: { pure: true },
  async execute(args: { city?: string; at?: Place; units: 'metric' | 'imperial' }) {
    return { temperature: 21, units: args.units }
  },
})
`
const search = `import { defineTool } from 'toolcat'

type Sort = Pick<{ by: 'date' | 'score'; order: 'asc' | 'desc'; limit: number }, 'order' | 'by'>

/** Search the docs. */
export default defineTool({
  execute(args: { query: string; sort?: Sort; tags: Record<'b' | 'a', boolean> }) {
    return [args.query]
  },
})
`

function toolcat(args: readonly string[]): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [path.join(project, 'node_modules/toolcat/dist/src/cli/bin.js'), ...args], { cwd: project, encoding: 'utf8' })
  return { status: run.status, stderr: run.stderr }
}

describe('a TypeScript 7 project that installs the packed tarball', () => {
  beforeAll(() => {
    const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', project], repoRoot)) as { filename: string }[]
    if (packed === undefined) throw new Error('npm pack reported no tarball')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'ts7-user', version: '1.0.0', private: true, type: 'module' }))
    // What `npm i -D typescript` gives today, at the release toolcat pins.
    npm(['install', '--no-audit', '--no-fund', '--save-dev', `typescript@${supportedNativeVersions[0]}`, path.join(project, packed.filename)], project)
    mkdirSync(path.join(project, 'tools'))
    writeFileSync(path.join(project, 'tools/weather.ts'), weather)
    writeFileSync(path.join(project, 'tools/search.ts'), search)
  }, 300_000)

  test('toolcat build picks its native checker under auto, and ts-morph gives the same bytes', () => {
    const native = toolcat(['build'])
    expect(native.stderr).toMatch(new RegExp(`^✔ 2 tools · 0 errors · 0 warnings · \\d+ ms · native TypeScript ${supportedNativeVersions[0]?.replaceAll('.', '\\.')} → catalog\\.json\\n$`))
    expect(native.status).toBe(0)
    const morph = toolcat(['build', '--checker', 'ts-morph', '--out', 'morph.json'])
    expect(morph.stderr).toMatch(/ · ts-morph TypeScript 6\.\d+\.\d+ → morph\.json\n$/)
    const catalog = readFileSync(path.join(project, 'catalog.json'), 'utf8')
    expect(readFileSync(path.join(project, 'morph.json'), 'utf8')).toBe(catalog)
    const tools = (JSON.parse(catalog) as { tools: { name: string; parameters: { properties: Record<string, { properties?: object }> } }[] }).tools
    // Mapped-type members in written order on both checkers: Pick's and Record's keys as the key union writes them.
    expect(Object.keys(tools[0]?.parameters.properties['sort']?.properties ?? {})).toEqual(['order', 'by'])
    expect(Object.keys(tools[0]?.parameters.properties['tags']?.properties ?? {})).toEqual(['b', 'a'])
  })

  test('the full --outDir build on the native checker writes a registry that runs', () => {
    expect(toolcat(['build', '--outDir', 'out', '--checker', 'native']).status).toBe(0)
    const script = `import { createRegistry } from './out/registry.js'
const registry = createRegistry()
console.log(JSON.stringify([registry.definitions().map((tool) => tool.name), await registry.call('weather', { units: 'metric', at: { lat: 91, lon: 0 } })]))`
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' })
    const [names, result] = JSON.parse(output) as [string[], { success: boolean; error?: string }]
    expect(names).toEqual(['search', 'weather'])
    expect(result).toMatchObject({ success: false, error: expect.stringMatching(/^at\.lat: maximum/) })
  })
})
