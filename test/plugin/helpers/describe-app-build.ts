import { readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildCatalog, serializeCatalog } from 'toolcat/build'
import { beforeAll, describe, expect, test } from 'vitest'
import { bundlers } from './bundlers.js'
import { fixture, outputFolder } from './paths.js'
import { runApp, type AppOutput } from './run-app.js'

const app = fixture('plugin-app')

/**
 * The checks every bundler must pass on `fixtures/plugin-app`, after one build: the definitions,
 * a call through the lazy registry, each handler in a chunk of its own, and `catalog.json` holding
 * exactly the bytes `toolcat build` writes.
 */
export function describeAppBuild(name: keyof typeof bundlers): void {
  describe(`toolcat/${name} on fixtures/plugin-app`, () => {
    const outDir = outputFolder(name)
    let output: AppOutput

    beforeAll(async () => {
      rmSync(outDir, { recursive: true, force: true })
      await bundlers[name](app, outDir)
      output = await runApp(join(outDir, 'main.js'))
    })

    test('the built app lists every tool definition', () => {
      expect(output.names).toEqual(['add', 'greet'])
    })

    test('a call through the registry runs the handler', () => {
      expect(output.result).toMatchObject({ success: true, value: { sum: 5, computedBy: 'add-handler' } })
    })

    test('each handler is in a chunk of its own, not in the entry', () => {
      const scripts = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.[cm]?js$/.test(file))
      const holding = (marker: string) => scripts.filter((file) => readFileSync(join(outDir, file), 'utf8').includes(marker))
      const [add, greet] = [holding('add-handler'), holding('greet-handler')]
      expect(add).toHaveLength(1)
      expect(greet).toHaveLength(1)
      expect(add).not.toEqual(greet)
      expect([...add, ...greet]).not.toContain('main.js')
    })

    test('catalog.json is emitted with the same bytes as the CLI writes', () => {
      const cli = serializeCatalog(buildCatalog({ root: app, tools: 'tools' }).catalog)
      expect(readFileSync(join(outDir, 'catalog.json'), 'utf8')).toBe(cli)
    })
  })
}
