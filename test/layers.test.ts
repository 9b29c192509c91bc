import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { importCircles, importGraph } from '../scripts/import-graph.mjs'

/**
 * The layers, bottom up: a module imports only from its own folder or from a layer below its own.
 * Data flows up the table: a tool folder is read by analyze/ through the views schema/ defines and
 * backends/ implements, emit/ writes what analyze/ found, interop/ serves it, and the entry points
 * (toolcat/build, the CLI, the bundler plugins) choose the composition and hand it down.
 * A module in no row fails the test: a new folder takes its place here first.
 */
const layers: readonly { readonly modules: readonly string[]; readonly rank: number; readonly what: string }[] = [
  { rank: 0, modules: ['src/codes.ts', 'src/identifier-name.ts', 'src/identifiers.ts', 'src/nearest-name.ts', 'src/paths.ts'], what: 'leaves: diagnostic codes, names, paths' },
  { rank: 1, modules: ['src/runtime/'], what: 'the browser-safe runtime: defineTool, registries, validation' },
  { rank: 2, modules: ['src/schema/'], what: 'type → JSON Schema over a checker view' },
  { rank: 3, modules: ['src/analyze/'], what: 'tool discovery, checks, catalog assembly, cache; the backend interface' },
  { rank: 4, modules: ['src/backends/'], what: 'the two checkers behind the views' },
  { rank: 4, modules: ['src/emit/'], what: 'the files a build writes' },
  { rank: 5, modules: ['src/interop/'], what: 'provider exports, MCP server core' },
  { rank: 6, modules: ['src/adapters/'], what: 'framework adapters' },
  { rank: 7, modules: ['src/build.ts', 'src/index.ts', 'src/cli/', 'plugin/'], what: 'entry points: they choose the checker, the cache and the transport' },
]

/** The row a module belongs to, by its own path or its folder's (each row's entries end in `/` for a folder). */
function placeOf(file: string): { rank: number; entry: string } | undefined {
  for (const { modules, rank } of layers) {
    const entry = modules.find((module) => (module.endsWith('/') ? file.startsWith(module) : file === module))
    if (entry !== undefined) return { rank, entry }
  }
  return undefined
}

/** Every import that breaks the table: `file → target`, for a target in the same or a higher layer and not in the file's own folder. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = []
  for (const [file, targets] of graph) {
    const from = placeOf(file)
    for (const target of targets) {
      const to = placeOf(target)
      if (from === undefined || to === undefined || from.entry === to.entry) continue
      // Leaves may use one another; any other pair in one layer is a sideways arrow.
      if (to.rank < from.rank || (from.rank === 0 && to.rank === 0)) continue
      found.push(`${file} → ${target}`)
    }
  }
  return found
}

const graph = importGraph()

describe("toolcat's own modules (src/ and plugin/)", () => {
  test('every module has a place in the table', () => {
    expect([...graph.keys()].filter((file) => placeOf(file) === undefined)).toEqual([])
  })

  test('no module imports from its own layer or one above it', () => {
    expect(upwardImports(graph)).toEqual([])
  })

  test('no import circle (static, dynamic or type-only imports alike)', () => {
    expect(importCircles(graph).map((circle) => circle.join(' ↔ '))).toEqual([])
  })
})

describe('the checks themselves', () => {
  test('an upward or sideways import is named', () => {
    const bad = new Map([
      ['src/runtime/tool.ts', ['src/schema/generator.ts', 'src/runtime/types.ts']],
      ['src/backends/select.ts', ['src/emit/shared/literals.ts', 'src/analyze/backend.ts']],
      ['src/identifiers.ts', ['src/identifier-name.ts']],
    ])
    expect(upwardImports(bad)).toEqual(['src/runtime/tool.ts → src/schema/generator.ts', 'src/backends/select.ts → src/emit/shared/literals.ts'])
  })

  test('every circle is found, with its files, however long the chain before it', () => {
    const chain = Array.from({ length: 20_000 }, (_, index) => [`m${index}`, [`m${index + 1}`]] as [string, string[]])
    const circular = new Map<string, string[]>([
      ...chain,
      ['m20000', ['c']],
      ['c', ['a']],
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['d', ['d']],
      ['e', ['a']],
    ])
    expect(importCircles(circular)).toEqual([['a', 'b', 'c'], ['d']])
  })
})

describe("README's Layout section", () => {
  test('names every folder of src/ and src/emit/', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('## Layout'))
    const block = section.slice(section.indexOf('```'), section.indexOf('```', section.indexOf('```') + 3))
    const folders = (under: string) => readdirSync(new URL(`../${under}/`, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    const missing = [...folders('src').map((name) => `src/${name}/`), ...folders('src/emit').map((name) => `  ${name}/`)].filter((folder) => !block.includes(folder))
    expect(missing).toEqual([])
  })
})
