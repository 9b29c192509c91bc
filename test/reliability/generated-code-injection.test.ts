import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCatalog, writeOutDir } from '../../src/build.js'
import { repoRoot, runNode, tempProject } from './temp-project.js'

// Everything that could end a string, template, comment or script element, or break a line.
const hostileText = "quote ' double \" backtick ` interpolation ${x} end */ script </script> line\nbreak \u2028 \u2029 tab\t backslash \\ é ☃ 🦀"
// A JSDoc comment cannot hold `*/` or keep its line breaks: the rest of the hostile text.
const hostileDoc = "quote ' double \" backtick ` interpolation ${x} script </script> é ☃ 🦀"
const hostileFolder = "tools/q'\"`${x} </script> é ☃ *"
const hostileFile = `${hostileFolder}/line\nbreak\u2028.ts`

const tools = {
  [hostileFile]: `import { defineTool } from 'toolcat'
export default defineTool({
  name: 'hostile_path',
  title: ${JSON.stringify(hostileText)},
  description: ${JSON.stringify(hostileText)},
  execute(args: { text: string }) {
    return { echoed: args.text, own: ${JSON.stringify(hostileText)} }
  },
})
`,
  'tools/documented.ts': `import { defineTool } from 'toolcat'
/** ${hostileDoc} */
export const documented = defineTool({ execute: (args: { n: number }) => args.n })
`,
}

// Imports the generated modules in a fresh Node process and reports what they hold.
const probe = `
import definitions from './out/catalog.js'
import { createRegistry } from './out/registry.js'
const registry = createRegistry()
const call = await registry.call('hostile_path', { text: ${JSON.stringify(hostileText)} })
process.stdout.write(JSON.stringify({ catalog: definitions, registry: registry.definitions(), call }))
`

// Uses the generated types as an app would; type-checked with the generated .d.ts files included.
const consumer = `
import definitions, { documented, hostile_path } from './out/catalog.js'
import { createRegistry } from './out/registry.js'
const registry = createRegistry()
const result = await registry.call('hostile_path', { text: 'x' })
export const own: string | undefined = result.success ? result.value.own : undefined
export const names: ['documented', 'hostile_path'] = [documented.name, hostile_path.name]
export const count: 2 = definitions.length
`

let project = ''
beforeAll(async () => {
  project = tempProject({ ...tools, 'probe.mjs': probe, 'consumer.ts': consumer })
  const { catalog, diagnostics } = await buildCatalog({ root: project })
  expect(diagnostics).toEqual([])
  await writeOutDir(catalog, { root: project, outDir: 'out' })
}, 60_000)
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('hostile text in titles, descriptions, JSDoc and file paths', () => {
  test('the generated catalog and registry modules run, and every string round-trips exactly', () => {
    const run = runNode(project, ['probe.mjs'])
    expect(run.stderr).toBe('')
    const { catalog, registry, call } = JSON.parse(run.stdout) as Record<string, unknown>
    const expected = [
      expect.objectContaining({ name: 'documented', description: hostileDoc }),
      expect.objectContaining({ name: 'hostile_path', title: hostileText, description: hostileText }),
    ]
    expect(catalog).toEqual(expected)
    expect(registry).toEqual(expected)
    expect(call).toEqual({ id: 'call-1', name: 'hostile_path', success: true, value: { echoed: hostileText, own: hostileText } })
  })

  test('the catalog records the hostile source path exactly', async () => {
    const { catalog } = await buildCatalog({ root: project })
    expect(catalog.tools.map((tool) => tool.source.module)).toEqual(['tools/documented.ts', hostileFile])
  })

  test('the generated .d.ts files type-check under tsc', () => {
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc')
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', path.join(repoRoot, 'node_modules/@types')]
    const run = runNode(project, [tsc, ...flags, 'consumer.ts'])
    expect(run.stdout).toBe('')
    expect(run.status).toBe(0)
  })
})
