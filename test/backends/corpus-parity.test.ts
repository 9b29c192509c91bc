import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { generateCorpus } from '../../bench/corpus/generate.mjs'
import type { CheckerName } from '../../src/analyze/backend.js'
import { createCatalogBuilder } from '../../src/build.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { folderResolvingTypeScript7, linkTypeScript7 } from './both-backends.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

async function catalogOf(tools: string, checker: CheckerName): Promise<{ catalog: string; diagnostics: unknown[] }> {
  const builder = createCatalogBuilder({ tools, checker })
  try {
    expect(builder.checker.name).toBe(checker)
    const { catalog, diagnostics } = builder.build()
    return { catalog: serializeCatalog(catalog), diagnostics }
  } finally {
    await builder.close()
  }
}

describe('the bench corpora give byte-identical catalogs on both backends', () => {
  test.each([100, 1000, 3000])('%i tools', async (size) => {
    const folder = folderResolvingTypeScript7(`toolcat-parity-${size}-`)
    folders.push(folder)
    // The generator empties the folder first; the project then installs its typescript (7).
    generateCorpus(folder, size)
    linkTypeScript7(folder)
    const tools = path.join(folder, 'tools')
    const morph = await catalogOf(tools, 'ts-morph')
    const native = await catalogOf(tools, 'native')
    expect(morph.diagnostics).toEqual([])
    expect(native.diagnostics).toEqual([])
    expect(JSON.parse(morph.catalog).tools).toHaveLength(size)
    expect(native.catalog).toBe(morph.catalog)
  }, 600_000)
})
