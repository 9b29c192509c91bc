import { expect, test } from 'vitest'
// @ts-expect-error -- a plain ES module script without declarations
import { lazySize } from '../../scripts/lazy-size.mjs'

interface Figures {
  readonly plain: number
  readonly minified: number
  readonly minifiedGzip: number
  readonly modules: readonly string[]
}

/**
 * The size budget of `toolcat/lazy` (the built dist/runtime/lazy.js, bundled alone and minified):
 * a generated registry's start-up compiles the listing path, so what listing does not need —
 * the argument normaliser, validation, fault reporting — stays behind the first call's import.
 * Issue 26 measured 6.8 kB minified (2.8 kB gzipped) for the listing path, 24 kB for everything;
 * after issue 25's fault texts and undeclared-key checks, 7.5 kB (3.1 kB) and 29 kB; after issue
 * 24's search (its facade and search tool were on the listing path), 11.2 kB (4.5 kB) and 44 kB;
 * with the search tool's and the facade's code loaded on their first call, 10.3 kB (4.2 kB); with
 * lazy tools as class instances and the schema table's token dictionary, 10.9 kB (4.4 kB).
 * Issue 32's linear-time union decision (the normaliser picks each union's branch with a memo,
 * and reports the closest branch) moved that work from ajv into the call path: 49.1 kB for everything.
 * Issue 31's call-path messages (a misspelt required key, enum value or tag named with "did you
 * mean", a template literal type read back from the schema) and nested defaults: 50.7 kB.
 * Issue 35's tool_search description, written from the registry's own tools (their words and two
 * example queries, search/search-tool-description.js with search/words.js), is listing code, since
 * listing shows it: 13.2 kB (5.6 kB); with both, about 52.9 kB for everything.
 * Issue 31's oracle fixes to the union weak-type rule (keys a branch holds through an index
 * signature or a key pattern count as declared) are call-path code: 53.5 kB for everything, budget 54.0 kB.
 * The budgets leave room for small changes, not for call-path code moving into the listing path.
 */
test('the listing path of toolcat/lazy stays within its size budget and loads no call-path module', async () => {
  const { listing, all } = (await lazySize()) as { listing: Figures; all: Figures }
  expect(listing.minified).toBeLessThanOrEqual(13_700)
  expect(listing.minifiedGzip).toBeLessThanOrEqual(5_800)
  expect(all.minified).toBeLessThanOrEqual(54_000)
  const callPath = (modules: readonly string[]): string[] => modules.filter((module) => /^normalise\/|^validation\.js|^faults\.js|^lazy\/lazy-call\.js/.test(module))
  expect(callPath(listing.modules)).toEqual([])
  // Searching and the search facade's dispatch load with the first search, too.
  expect(listing.modules.filter((module) => /^search\/(search-tool|facade-dispatch|registry-search)\.js/.test(module))).toEqual([])
  expect(all.modules).toEqual(expect.arrayContaining(['search/search-tool.js', 'search/facade-dispatch.js']))
  // …which the first call does load: the split is real, not a module gone missing.
  expect(callPath(all.modules)).toEqual(expect.arrayContaining(['lazy/lazy-call.js', 'validation.js', 'normalise/normaliser.js']))
})
