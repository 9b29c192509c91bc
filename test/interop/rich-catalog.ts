import { readFileSync } from 'node:fs'
import type { Catalog, CatalogTool } from '../../src/runtime/catalog.js'

/** The hand-written fixture catalog: optional fields, nesting, enums, arrays, `$defs`, recursion, defaults, formats. */
export const richCatalog = JSON.parse(readFileSync(new URL('../../fixtures/interop/rich-catalog.json', import.meta.url), 'utf8')) as Catalog

/** One fixture tool by name (fails the test when the fixture lacks it). */
export function fixtureTool(name: string): CatalogTool {
  const tool = richCatalog.tools.find((candidate) => candidate.name === name)
  if (!tool) throw new Error(`fixture tool ${name} missing`)
  return tool
}

/** A catalog holding just the given tools (hashes are not checked by exports or diffs). */
export function catalogOf(...tools: CatalogTool[]): Catalog {
  return { ...richCatalog, tools }
}
