import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { runCli, temporaryFolder, type CliRun } from '../cli/run-cli.js'

/** The built CLI over tools whose JSDoc has mistakes in a type shared by parameters, outputs and two tools. */
describe('JSDoc warnings through toolcat build', () => {
  let run: CliRun
  let out: string

  beforeAll(() => {
    out = path.join(temporaryFolder(), 'catalog.json')
    run = runCli(['build', 'fixtures/jsdoc-warnings/tools', '--out', out])
  })

  test('each problem is one warning in toolcat’s format at the declaration, counted in the summary; the build succeeds', () => {
    expect(run.status).toBe(0)
    const warnings = run.stderr.split('\n').filter((line) => / - (warning|error) /.test(line))
    expect(warnings).toEqual([
      "fixtures/jsdoc-warnings/tools/contact.ts:4:1 - warning TC1014: Email: unknown format 'emial'; left out of the schema",
      'fixtures/jsdoc-warnings/tools/contact.ts:12:5 - warning TC1014: body: unknown tag @minLenght: did you mean @minLength?',
    ])
    expect(run.stderr).not.toMatch(/ignored in schema|unknown format "emial"/)
    expect(run.stderr).toMatch(/✔ 2 tools · 0 errors · 2 warnings · \d+ ms/)
  })

  test('the schemas leave the refused keywords out, and outputs with only warnings are kept', () => {
    const catalog = JSON.parse(readFileSync(out, 'utf8')) as { tools: { name: string; parameters: { properties: Record<string, unknown> }; output?: unknown }[] }
    const contact = catalog.tools.find((tool) => tool.name === 'contact')
    expect(contact?.parameters.properties).toEqual({
      to: { type: 'string', description: 'Where to reach someone.' },
      cc: { type: 'string', description: 'Where to reach someone.' },
      body: { type: 'string', description: 'The text to send.' },
    })
    expect(contact?.output).toMatchObject({ properties: { to: { type: 'string' }, sentAt: { type: 'string' } } })
    expect(catalog.tools.find((tool) => tool.name === 'lookup')?.output).toBeDefined()
  })
})
