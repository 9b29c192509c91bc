import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { codes } from '../../src/analyze/codes.js'
import { analyzeSource, fixtures, loadFixtureFiles, parseModule } from './load-module.js'

function sideEffects(text: string): string[] {
  const module = parseModule(`import { defineTool } from 'toolcat'\n${text}\nexport const probe = defineTool({})\n`)
  const { diagnostics } = analyzeSource(module, '/')
  return diagnostics.filter((d) => d.code === codes.sideEffect).map((d) => `${d.line}:${d.column} ${d.message}`)
}

describe('T10: a tool module only imports and declares', () => {
  test('declarations, literal consts, functions and defineTool exports are allowed', () => {
    expect(
      sideEffects(`import type { X } from './x.js'
import * as path from 'node:path'
export { helper } from './helper.js'
const LIMIT = 60 * 1000
const units = ['metric', 'imperial'] as const
let counter = 0
const config = { retries: 3, backoff: (n: number) => n * 2, nested: { label: \`max \${LIMIT}\` } }
function helper() { return fetch('https://example.test') }
class Cache { static empty = {}; get(key: string) { return key } }
interface Args { q: string }
type Result = string[]
enum Mode { Fast = 'fast' }
declare const injected: string
export const search = defineTool({ annotations: { pure: true }, async execute(args: Args) { await helper(); return [] } })
export default defineTool({ execute: async () => new Date() })
`),
    ).toEqual([])
  })

  test.each([
    ["console.log('loaded')", '2:1 a call'],
    ['await Promise.resolve()', '2:1 `await`'],
    ['const cache = new Map()', '2:15 `new`'],
    ["let token = process.env.TOKEN ?? readToken()", '2:34 a call'],
    ['globalThis.ready = true', '2:1 an assignment'],
    ['for (const x of []) {}', '2:1 a `for` statement'],
    ['if (Math.random() > 0.5) {}', '2:1 a `if` statement'],
    ["import './polyfill.js'", '2:1 a side-effect-only import'],
    ['export const t = defineTool({ description: describe() })', '2:44 a call'],
    ['class Service { static instance = create() }', '2:35 a call'],
    ['export default register(defineTool({}))', '2:16 a call'],
  ])('%s is reported at the node that runs', (statement, expected) => {
    const [found] = sideEffects(statement)
    expect(found).toBe(`${expected} at the top level runs whenever the module is loaded: \`${statement}\``)
  })

  test('a helper module that defines no tool is not a tool module and is not checked', () => {
    const { diagnostics } = analyzeSource(parseModule("export const pool = createPool()\nconsole.log('ready')\n"), '/')
    expect(diagnostics).toEqual([])
  })

  test('every effect of the fixture is reported with file, line, column and the quoted statement', () => {
    const root = path.join(fixtures, 'errors')
    const [sourceFile] = loadFixtureFiles('errors/side-effect/tools/fetch-rates.ts')
    const { diagnostics } = analyzeSource(sourceFile!, root)
    expect(diagnostics).toMatchObject([
      { code: codes.sideEffect, file: 'side-effect/tools/fetch-rates.ts', line: 3, column: 15, sourceLine: 'const cache = new Map<string, number>()' },
      { code: codes.sideEffect, file: 'side-effect/tools/fetch-rates.ts', line: 4, column: 1, length: 32 },
    ])
    expect(diagnostics[1]!.message).toContain("`console.log('rates tool loaded')`")
  })
})
