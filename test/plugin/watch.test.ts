import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { fixture, outputFolder } from './helpers/paths.js'
import { watchers } from './helpers/watch-builds.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

type Catalog = { tools: { name: string; parameters: { properties: Record<string, { type?: string }> } }[] }

/** Reads the emitted catalog until `check` holds, as the rebuild lands a moment after the edit. */
async function eventually(file: string, check: (catalog: Catalog) => boolean): Promise<Catalog> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const catalog = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalog) : undefined
    if (catalog !== undefined && check(catalog)) return catalog
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${file} never reached the expected state`)
}

test.each(Object.keys(watchers) as (keyof typeof watchers)[])('%s in watch mode re-derives the catalog after a tool edit', async (name) => {
  mkdirSync(outputFolder(''), { recursive: true })
  const root = mkdtempSync(join(outputFolder(''), `watch-${name}-`))
  folders.push(root)
  cpSync(fixture('plugin-app'), root, { recursive: true })
  const catalogFile = join(root, 'out/catalog.json')
  const right = (catalog: Catalog) => catalog.tools.find((tool) => tool.name === 'add')?.parameters.properties.right?.type
  const watching = await watchers[name](root, join(root, 'out'))
  try {
    await eventually(catalogFile, (catalog) => right(catalog) === 'number')
    const tool = join(root, 'tools/add.ts')
    writeFileSync(tool, readFileSync(tool, 'utf8').replace('right: number', 'right: string'))
    expect(right(await eventually(catalogFile, (catalog) => right(catalog) === 'string'))).toBe('string')
  } finally {
    await watching.close()
  }
})
