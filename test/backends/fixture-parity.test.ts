import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createCatalogBuilder, type BuildResult } from '../../src/build.js'
import type { CheckerName } from '../../src/analyze/backend.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { backendNames, open, repoRoot, schemaCases } from './both-backends.js'

const fixtures = path.join(repoRoot, 'fixtures')

/** Every tool folder of the repository's fixtures (`fixtures/**\/tools`). */
function toolFolders(): string[] {
  return readdirSync(fixtures, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name === 'tools' && !path.relative(fixtures, entry.parentPath).split(path.sep).includes('node_modules'))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
    .sort()
}

async function build(tools: string, checker: CheckerName): Promise<BuildResult & { checker: string }> {
  const builder = createCatalogBuilder({ tools: path.join(repoRoot, tools), checker })
  try {
    return { ...builder.build(), checker: builder.checker.name }
  } finally {
    await builder.close()
  }
}

describe('both backends give byte-identical catalogs and the same diagnostics', () => {
  test.each(toolFolders())('%s', async (tools) => {
    const [morph, native] = [await build(tools, 'ts-morph'), await build(tools, 'native')]
    expect([morph.checker, native.checker]).toEqual(['ts-morph', 'native'])
    expect(native.diagnostics).toEqual(morph.diagnostics)
    expect(serializeCatalog(native.catalog)).toBe(serializeCatalog(morph.catalog))
  }, 120_000)
})

describe('every golden schema case of fixtures/schema derives the same schema and problems on both backends', () => {
  const folder = path.join(fixtures, 'schema')
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts')).map((file) => path.join(folder, file))
  test('every case', async () => {
    const outcomes = []
    for (const name of backendNames) {
      const backend = open(name, folder, path.join(folder, 'tsconfig.json'), files)
      try {
        outcomes.push(Object.fromEntries(files.map((file) => [path.basename(file), schemaCases(backend, repoRoot, file)])))
      } finally {
        await backend.close()
      }
    }
    const [morph, native] = outcomes
    // Every file yields a case, or the comparison would prove nothing for it.
    for (const file of files) expect(Object.keys(morph?.[path.basename(file)] ?? {}), path.basename(file)).not.toEqual([])
    expect(native).toEqual(morph)
    // `toEqual` ignores the order of an object's keys, which the catalog's bytes keep.
    for (const file of Object.keys(morph ?? {})) expect(JSON.stringify(native?.[file]), file).toBe(JSON.stringify(morph?.[file]))
  }, 120_000)
})
