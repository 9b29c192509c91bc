import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { eventually } from './helpers/eventually.js'
import { addedTool, copyFixture, runtimeEntry } from './helpers/paths.js'

type Definitions = readonly { name: string; parameters: { properties: Record<string, { type?: string }> } }[]

let root: string
let server: ViteDevServer

// The server works on a copy of the fixture, since the tests edit its tools on disk.
beforeAll(async () => {
  root = copyFixture('plugin-app', 'dev-app')
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { toolcat: runtimeEntry } },
    server: { middlewareMode: true, ws: false },
    plugins: [toolcatVite()],
  })
})

afterAll(async () => {
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

async function definitions(): Promise<Definitions> {
  return ((await server.ssrLoadModule('~toolcat/catalog')) as { default: Definitions }).default
}

test('editing a parameter type re-derives the schema without a restart', async () => {
  const right = (current: Definitions) => current.find((tool) => tool.name === 'add')?.parameters.properties.right?.type
  expect(right(await definitions())).toBe('number')
  const file = join(root, 'tools/add.ts')
  writeFileSync(file, readFileSync(file, 'utf8').replace('right: number', 'right: string'))
  expect(right(await eventually(definitions, (current) => right(current) === 'string'))).toBe('string')
})

test('a tool file added or deleted is picked up', async () => {
  copyFileSync(addedTool, join(root, 'tools/shout.ts'))
  const names = (current: Definitions) => current.map((tool) => tool.name)
  expect(names(await eventually(definitions, (current) => names(current).includes('shout')))).toEqual(['add', 'greet', 'shout'])
  rmSync(join(root, 'tools/greet.ts'))
  expect(names(await eventually(definitions, (current) => !names(current).includes('greet')))).toEqual(['add', 'shout'])
})
