import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { codes } from '../../src/analyze/codes.js'
import { analyzeSource, fixtures, loadFixtureFiles, parseModule, textOf } from './load-module.js'

const basicRoot = path.join(fixtures, 'basic')
const errorsRoot = path.join(fixtures, 'errors')

function analyzeFixture(root: string, file: string) {
  const [sourceFile] = loadFixtureFiles(path.relative(fixtures, path.join(root, file)))
  return analyzeSource(sourceFile!, root)
}

describe('discovery', () => {
  test('each exported defineTool call is one tool, named by its name field', () => {
    const { drafts, diagnostics } = analyzeFixture(basicRoot, 'tools/calendar.ts')
    expect(diagnostics).toEqual([])
    expect(drafts.map((d) => [d.name, d.site.exportName])).toEqual([
      ['create_event', 'createEvent'],
      ['list_events', 'listEvents'],
    ])
    expect(drafts[0]!.fields.description).toBe("Create an event in the user's calendar.")
  })

  test('a default export without a name field is named after its file', () => {
    const { drafts } = analyzeFixture(basicRoot, 'tools/weather.ts')
    expect(drafts.map((d) => [d.name, d.site.exportName])).toEqual([['weather', 'default']])
    expect(drafts[0]!.fields.annotations).toEqual({ pure: true, untrusted: true })
  })

  test('an aliased defineTool import is recognised and fields are read statically', () => {
    const { drafts } = analyzeFixture(basicRoot, 'tools/send-email.ts')
    expect(drafts[0]!.name).toBe('send_email')
    expect(drafts[0]!.fields.summary).toBe('Send an e-mail.')
    expect(drafts[0]!.fields.description).toBe("Send an e-mail on the user's behalf. The caller must confirm first.")
  })

  test('annotations may name a same-module const holding a literal', () => {
    const { drafts, diagnostics } = analyzeFixture(basicRoot, 'tools/convert-currency.ts')
    expect(diagnostics).toEqual([])
    expect(drafts[0]!.fields.annotations).toEqual({ pure: true })
  })

  test('a declaration-only tool keeps its type argument and has no execute', () => {
    const { drafts } = analyzeFixture(basicRoot, 'tools/lookup-order.ts')
    expect(drafts[0]!.fields.execute).toBeUndefined()
    expect((drafts[0]!.fields.typeArgument && textOf(drafts[0]!.fields.typeArgument))).toContain('orderId: string')
  })

  test('a helper module without defineTool exports holds no tool', () => {
    expect(analyzeFixture(basicRoot, 'tools/shared/types.ts')).toEqual({ drafts: [], diagnostics: [] })
  })

  test('a const exported later by name or as default is a tool under that export name', () => {
    const module = parseModule(`import { defineTool } from 'toolcat'
const a = defineTool({ execute() { return 1 } })
const b = defineTool({ name: 'bee' })
const notATool = { name: 'x' }
export { a as alpha, notATool }
export default b
`)
    const { drafts } = analyzeSource(module, '/')
    expect(drafts.map((d) => [d.name, d.site.exportName])).toEqual([
      ['alpha', 'alpha'],
      ['bee', 'default'],
    ])
  })

  test('defineTool from another package is not a tool definition', () => {
    const module = parseModule(`import { defineTool } from 'other-lib'\nexport const x = defineTool({ name: 'x' })\n`)
    expect(analyzeSource(module, '/').drafts).toEqual([])
  })
})

describe('T1 names and static fields', () => {
  test('a name outside the pattern is reported at the name literal', () => {
    const { diagnostics } = analyzeFixture(errorsRoot, 'bad-name/tools/weather.ts')
    expect(diagnostics).toMatchObject([
      { code: codes.invalidName, file: 'bad-name/tools/weather.ts', line: 5, column: 9, length: 14, severity: 'error' },
    ])
  })

  test('a name built from an imported binding is not guessed', () => {
    const { diagnostics } = analyzeFixture(errorsRoot, 'computed-name/tools/translate.ts')
    expect(diagnostics).toMatchObject([{ code: codes.nonStaticField, line: 6, column: 9 }])
    expect(diagnostics[0]!.message).toContain('`name` must be a literal')
  })

  test('spreads and computed keys in a definition are reported at the member', () => {
    const module = parseModule(`import { defineTool } from 'toolcat'
const base = { title: 'x' }
const key = 'name'
export const t = defineTool({ ...base, [key]: 'y', execute() { return 1 } })
`)
    const { diagnostics } = analyzeSource(module, '/')
    expect(diagnostics.map((d) => [d.code, d.column])).toEqual([
      [codes.nonStaticField, 31],
      [codes.nonStaticField, 40],
    ])
  })
})

test('a syntax error is reported from the parser, and nothing else is read from that module', () => {
  const { drafts, diagnostics } = analyzeFixture(errorsRoot, 'syntax-error/tools/broken.ts')
  expect(drafts).toEqual([])
  expect(diagnostics).toMatchObject([{ code: codes.syntaxError, file: 'syntax-error/tools/broken.ts', line: 9, column: 1 }])
})
