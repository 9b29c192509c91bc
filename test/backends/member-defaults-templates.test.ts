import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { templatePattern } from '../../src/schema/units/template-pattern.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BuildResult } from '../../src/analyze/index.js'
import type { CheckerName } from '../../src/analyze/backend.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { tempProject } from '../reliability/temp-project.js'
import { backendNames, buildOnEachChecker, repoRoot } from './both-backends.js'

// Issue 31 items 4 and 5 at build time, on both checkers: an enum-member default (a destructuring
// default or a data class field's initialiser) is the member's value and is checked like
// `@default`; a template literal type keeps its text beside its pattern for faults to read.

const records =
  "import { defineTool } from 'toolcat'\n\n" +
  "enum RecordType { A = 'A', AAAA = 'AAAA', CNAME = 'CNAME' }\n" +
  'enum Limit { Low = 5, High = 50 }\n\n' +
  'class AliasRequest {\n  name!: string\n  type: RecordType = RecordType.CNAME\n}\n\n' +
  'class PageRequest {\n  /** @maximum 10 */\n  size: number = Limit.High\n}\n\n' +
  "export const alias = defineTool({\n  name: 'alias',\n  execute(args: AliasRequest) {\n    return args\n  },\n})\n\n" +
  "export const page = defineTool({\n  name: 'page',\n  execute(args: PageRequest) {\n    return args\n  },\n})\n\n" +
  "export const list = defineTool({\n  name: 'list',\n  execute({ size = Limit.High }: { /** @maximum 10 */ size?: number }) {\n    return size\n  },\n})\n\n" +
  "export const resize = defineTool({\n  name: 'resize',\n  execute(args: { width: `${number}px`; tag: `v${bigint}-${string}` }) {\n    return args\n  },\n})\n"

let builds = new Map<CheckerName, BuildResult>()

beforeAll(async () => {
  const root = tempProject({
    'tools/records.ts': records,
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['tools'] }),
  })
  builds = await buildOnEachChecker(root)
}, 120_000)

afterAll(() => builds.clear())

const parameters = (checker: CheckerName, tool: string): Record<string, any> | undefined =>
  builds.get(checker)?.catalog.tools.find((entry) => entry.name === tool)?.parameters as Record<string, any> | undefined

describe('enum-member defaults and template literal text, on both checkers', () => {
  test('both checkers write the same catalog bytes and the same diagnostics', () => {
    const [morph, native] = backendNames.map((name) => builds.get(name))
    expect(native?.diagnostics).toEqual(morph?.diagnostics)
    expect(serializeCatalog(native?.catalog as never)).toBe(serializeCatalog(morph?.catalog as never))
  })

  test.each(backendNames)("%s: a data class field initialised with an enum member has that member's value as its default and may be left out", (checker) => {
    expect(parameters(checker, 'alias')).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, type: { type: 'string', enum: ['A', 'AAAA', 'CNAME'], default: 'CNAME' } },
      required: ['name'],
      additionalProperties: false,
    })
  })

  test.each(backendNames)('%s: an enum-member default the schema refuses is an error at file:line:col and left out, as a @default would be', (checker) => {
    expect(parameters(checker, 'page')?.['properties']?.size).toEqual({ type: 'number', maximum: 10 })
    expect(parameters(checker, 'list')?.['properties']?.size).toEqual({ type: 'number', maximum: 10 })
    const errors = builds.get(checker)?.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
    expect(errors?.map(({ file, line, column, message }) => ({ file, line, column, message }))).toEqual([
      { file: 'tools/records.ts', line: 13, column: 3, message: 'size: the initialiser 50 is not a value of this type (maximum; expected <= 10; received 50); left out' },
      { file: 'tools/records.ts', line: 32, column: 13, message: 'size: the destructuring default 50 is not a value of this type (maximum; expected <= 10; received 50); left out' },
    ])
  })

  test.each(backendNames)('%s: a template literal type keeps its text in $comment beside the pattern that checks it, and the catalog stays valid', (checker) => {
    const properties = parameters(checker, 'resize')?.['properties']
    expect(properties?.width).toEqual({ type: 'string', pattern: templatePattern(['', 'px'], ['number']), $comment: 'template literal type `${number}px`' })
    expect(properties?.tag).toEqual({ type: 'string', pattern: templatePattern(['v', '-', ''], ['bigint', 'string']), $comment: 'template literal type `v${bigint}-${string}`' })
    const catalogSchema = JSON.parse(readFileSync(path.join(repoRoot, 'catalog.schema.json'), 'utf8')) as object
    const validate = new Ajv({ strict: true }).compile(catalogSchema)
    const catalog = JSON.parse(serializeCatalog(builds.get(checker)?.catalog as never)) as { tools: { parameters: object }[] }
    expect(validate(catalog), JSON.stringify(validate.errors)).toBe(true)
    for (const tool of catalog.tools) expect(new Ajv({ strict: true }).validateSchema(tool.parameters)).toBe(true)
  })
})
