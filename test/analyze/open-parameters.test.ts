import path from 'node:path'
import { describe, expect, test } from 'vitest'
import type { CheckerName } from '../../src/analyze/backend.js'
import { createCatalogBuilder } from '../../src/build.js'
import { repoRoot } from '../backends/both-backends.js'
import { runCli, temporaryFolder } from '../cli/run-cli.js'

const tools = path.join(repoRoot, 'fixtures/open-parameters/tools')

describe.each<CheckerName>(['ts-morph', 'native'])('parameters that say nothing, on %s', (checker) => {
  test('`any` and a missing annotation give the same open schema and one TC1016 warning each; `unknown` and defineTool<Args> none', async () => {
    const builder = createCatalogBuilder({ tools, checker })
    try {
      const { catalog, diagnostics } = builder.build()
      const parameters = Object.fromEntries(catalog.tools.map((tool) => [tool.name, tool.parameters]))
      expect(parameters).toEqual({
        echoAny: { type: 'object' },
        echoDeclared: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
        echoUnknown: { type: 'object' },
        echoUntyped: { type: 'object' },
      })
      expect(diagnostics.map(({ code, severity, file, line, column, message }) => ({ code, severity, at: `${file}:${line}:${column}`, message }))).toEqual([
        { code: 'TC1016', severity: 'warning', at: 'tools/echo.ts:5:11', message: '`execute` takes `any`: its parameters are an open object that tells a caller nothing' },
        { code: 'TC1016', severity: 'warning', at: 'tools/echo.ts:12:13', message: "`execute`'s parameter has no type: its parameters are an open object that tells a caller nothing" },
      ])
    } finally {
      await builder.close()
    }
  }, 60_000)
})

test("toolcat build prints README's TC1016 line and exits 0", () => {
  const run = runCli(['build', 'fixtures/open-parameters/tools', '--out', path.join(temporaryFolder(), 'catalog.json')])
  expect(run.status).toBe(0)
  expect(run.stderr).toContain('fixtures/open-parameters/tools/echo.ts:5:11 - warning TC1016: `execute` takes `any`: its parameters are an open object that tells a caller nothing')
  expect(run.stderr).toMatch(/✔ 4 tools · 0 errors · 2 warnings · /)
})
