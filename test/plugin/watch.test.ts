import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { context, type Plugin } from 'esbuild'
import { afterAll, expect, test } from 'vitest'
import { esbuildOptions } from './helpers/bundlers.js'
import { eventually } from './helpers/eventually.js'
import { addedTool, copyFixture } from './helpers/paths.js'
import { watchers } from './helpers/watch-builds.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

type Catalog = { tools: { name: string; parameters: { properties: Record<string, { type?: string }> } }[] }


/**
 * The emitted catalog, once there is a whole one: the bundler writes its assets in place, so a
 * poll can catch the file half-written (rspack did), which reads as not there yet.
 */
const readCatalog = (file: string) => (): Catalog | undefined => {
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Catalog
  } catch (error) {
    if (error instanceof SyntaxError) return undefined
    throw error
  }
}

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

test.each(Object.keys(watchers) as (keyof typeof watchers)[])(
  '%s in watch mode, with tools as globs, notices a new file matching one and an edit of a type file a tool imports',
  async (name) => {
    const root = copyFixture('plugin-app', `watch-globs-${name}`)
    folders.push(root)
    mkdirSync(join(root, 'shared'))
    mkdirSync(join(root, 'lib'))
    writeFileSync(join(root, 'shared/shapes.ts'), 'export interface Loud {\n  text: string\n}\n')
    writeFileSync(
      join(root, 'tools/echo.ts'),
      "import { defineTool } from 'toolcat'\nimport type { Loud } from '../shared/shapes'\n\n/** Echo a text. */\nexport const echo = defineTool({ execute: (args: Loud) => args.text })\n",
    )
    const catalog = readCatalog(join(root, 'out/catalog.json'))
    const echo = (current: Catalog | undefined) => Object.keys(current?.tools.find((tool) => tool.name === 'echo')?.parameters.properties ?? {})
    const names = (current: Catalog | undefined) => current?.tools.map((entry) => entry.name)
    const watching = await watchers[name](root, join(root, 'out'), { tools: ['tools/*.ts', 'lib/**/*.ts'] })
    try {
      expect(names(await eventually(catalog, (current) => names(current) !== undefined))).toEqual(['add', 'echo', 'greet'])
      // The bundle never holds shapes.ts (only its types are imported), yet the catalog follows it.
      writeFileSync(join(root, 'shared/shapes.ts'), 'export interface Loud {\n  text: string\n  times?: number\n}\n')
      expect(echo(await eventually(catalog, (current) => echo(current).includes('times')))).toEqual(['text', 'times'])
      mkdirSync(join(root, 'lib/nested'))
      copyFileSync(addedTool, join(root, 'lib/nested/shout.ts'))
      copyFileSync(addedTool, join(root, 'whisper.ts'))
      expect(names(await eventually(catalog, (current) => names(current)?.includes('shout') === true))).toEqual(['add', 'echo', 'greet', 'shout'])
    } finally {
      await watching.close()
    }
  },
)

test('esbuild in watch mode, with the build cache, follows a type file saved while a build was running', async () => {
  const root = copyFixture('plugin-app', 'watch-esbuild-save-during-build')
  folders.push(root)
  mkdirSync(join(root, 'shared'))
  const shapes = join(root, 'shared/shapes.ts')
  writeFileSync(shapes, 'export interface Loud {\n  text: string\n}\n')
  writeFileSync(
    join(root, 'tools/echo.ts'),
    "import { defineTool } from 'toolcat'\nimport type { Loud } from '../shared/shapes'\n\n/** Echo a text. */\nexport const echo = defineTool({ execute: (args: Loud) => args.text })\n",
  )
  // The save lands after the checker read shapes.ts and before the build ends: the catalog of
  // this build is already stale, and the next rebuild must notice it.
  let saved = false
  const saveDuringBuild: Plugin = {
    name: 'save-during-build',
    setup(build) {
      build.onEnd(() => {
        if (saved) return
        saved = true
        writeFileSync(shapes, 'export interface Loud {\n  text: string\n  times?: number\n}\n')
      })
    },
  }
  const options = esbuildOptions(root, join(root, 'out'), { cache: 'node_modules/.cache/toolcat' })
  const build = await context({ ...options, plugins: [saveDuringBuild, ...(options.plugins ?? [])] })
  await build.watch()
  try {
    const echo = (current: Catalog | undefined) => Object.keys(current?.tools.find((tool) => tool.name === 'echo')?.parameters.properties ?? {})
    expect(echo(await eventually(readCatalog(join(root, 'out/catalog.json')), (current) => echo(current).includes('times')))).toEqual(['text', 'times'])
  } finally {
    await build.dispose()
  }
})
