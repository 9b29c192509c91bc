import path from 'node:path'
import { expect, test } from 'vitest'
import { createCatalogBuilder } from '../../src/build.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { generateRegistryTypes } from '../../src/emit/registry/registry-types.js'
import { repoRoot } from '../backends/both-backends.js'

// fixtures/issue-constructs is also built on both checkers by test/backends/fixture-parity.test.ts.
test('the catalog and registry.d.ts keep source order, defaults and labels, the same on both checkers', async () => {
  const catalogs = []
  for (const checker of ['ts-morph', 'native'] as const) {
    const builder = createCatalogBuilder({ tools: path.join(repoRoot, 'fixtures/issue-constructs/tools'), checker })
    try {
      const { catalog, diagnostics } = builder.build()
      expect(diagnostics).toEqual([])
      catalogs.push(catalog)
    } finally {
      await builder.close()
    }
  }
  const [morph, native] = catalogs
  expect(serializeCatalog(native!)).toBe(serializeCatalog(morph!))
  const tool = (name: string) => morph!.tools.find((entry) => entry.name === name)
  expect(Object.keys(tool('open_ticket')?.parameters['properties'] as object)).toEqual(['tenant', 'title', 'x'])
  expect(tool('plan_route')?.parameters['properties']).toEqual({
    from: { type: 'array', items: [{ type: 'number', title: 'lat' }, { type: 'number', title: 'lng' }], minItems: 2, maxItems: 2, additionalItems: false },
    level: { type: 'string', enum: ['low', 'mid', 'high'], default: 'mid' },
    region: { type: 'string', enum: ['eu', 'us', 'apac'] },
    avoid: { type: 'array', items: { type: 'string', enum: ['tolls', 'highways', 'ferries'] } },
  })
  const types = generateRegistryTypes(morph!)
  expect(types).toContain('"member" | "admin" | "owner"')
  expect(types).not.toMatch(/"admin" \| "member"/)
  expect(types).toContain('"low" | "mid" | "high"')
  expect(types).toContain('"tolls" | "highways" | "ferries"')
  expect(types).toContain('"eu" | "us" | "apac"')
})
