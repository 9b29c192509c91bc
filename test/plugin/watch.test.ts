import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { eventually } from './helpers/eventually.js'
import { addedTool, copyFixture } from './helpers/paths.js'
import { watchers } from './helpers/watch-builds.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

type Catalog = { tools: { name: string; parameters: { properties: Record<string, { type?: string }> } }[] }


/** The emitted catalog, once there is one. */
const readCatalog = (file: string) => (): Catalog | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalog) : undefined)

test.each(Object.keys(watchers) as (keyof typeof watchers)[])('%s in watch mode re-derives the catalog when a tool is edited or added', async (name) => {
  const root = copyFixture('plugin-app', `watch-${name}`)
  folders.push(root)
  const catalog = readCatalog(join(root, 'out/catalog.json'))
  const right = (current: Catalog | undefined) => current?.tools.find((tool) => tool.name === 'add')?.parameters.properties.right?.type
  const watching = await watchers[name](root, join(root, 'out'))
  try {
    await eventually(catalog, (current) => right(current) === 'number')
    const tool = join(root, 'tools/add.ts')
    writeFileSync(tool, readFileSync(tool, 'utf8').replace('right: number', 'right: string'))
    expect(right(await eventually(catalog, (current) => right(current) === 'string'))).toBe('string')
    copyFileSync(addedTool, join(root, 'tools/shout.ts'))
    const names = (current: Catalog | undefined) => current?.tools.map((entry) => entry.name)
    expect(names(await eventually(catalog, (current) => names(current)?.includes('shout') === true))).toEqual(['add', 'greet', 'shout'])
  } finally {
    await watching.close()
  }
})
