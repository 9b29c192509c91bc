import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildCatalog } from '../../src/build.js'
import { renderOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { repoRoot } from '../registry/out-dir.js'
import { generateCorpus } from '../../bench/corpus/generate.mjs'

// The `--outDir` output of the bench corpus (formats, patterns, shared subschemas), in memory:
// paths relative to the generation folder.
let files = new Map<string, string>()
const scratch = mkdtempSync(path.join(repoRoot, '.tmp/helper-modules-'))

beforeAll(async () => {
  const corpus = path.join(scratch, 'corpus')
  generateCorpus(corpus, 40)
  const { catalog } = await buildCatalog({ root: corpus, tools: 'tools' })
  const rendered = await renderOutDir(catalog, { root: corpus, outDir: 'out' })
  const generation = /\/\.toolcat-build-[0-9a-f]{16}\/tools\//
  files = new Map(rendered.filter((file) => generation.test(file.path)).map((file) => [file.path.split(generation)[1] as string, String(file.contents)]))
}, 120_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Every module a module loads, itself included, following its relative imports. */
function loaded(module: string, seen = new Set<string>()): Set<string> {
  if (seen.has(module)) return seen
  seen.add(module)
  const code = files.get(module)
  if (code === undefined) throw new Error(`${module} is imported but was not written`)
  for (const [, specifier] of code.matchAll(/from "(\.[^"]+)"/g)) loaded(path.posix.join(path.posix.dirname(module), specifier as string), seen)
  return seen
}

test('each helper file of the runtime is a module of its own, importing no package', () => {
  const helpers = [...files.keys()].filter((name) => name.startsWith('helpers/')).sort()
  expect(helpers).toEqual(['helpers/formats.js', 'helpers/linear-reg-exp.js', 'helpers/ucs2length.js'])
  for (const helper of helpers) expect(files.get(helper), helper).not.toMatch(/from "[^./]/)
  expect(files.get('helpers/formats.js')).not.toMatch(/RE2/)
  expect(files.get('helpers/linear-reg-exp.js')).toMatch(/RE2/)
})

test('a validator loads the helper modules it uses and no other: re2js only with a pattern', () => {
  const validators = [...files.keys()].filter((name) => name.endsWith('.validate.js'))
  const kinds = { formatOnly: 0, pattern: 0 }
  for (const validator of validators) {
    const graph = [...loaded(validator)]
    const code = graph.map((module) => files.get(module)).join('\n')
    const usesPattern = /\btoolcat\$(linearRegExp|regExp)\b/.test(code)
    const usesFormat = /toolcat\$fullFormats\b/.test(code)
    expect(graph.includes('helpers/linear-reg-exp.js'), validator).toBe(usesPattern)
    expect(graph.includes('helpers/formats.js'), validator).toBe(usesFormat)
    if (usesFormat && !usesPattern) kinds.formatOnly++
    if (usesPattern) kinds.pattern++
  }
  // The corpus has both kinds, so the test above checked something of each.
  expect(kinds.formatOnly).toBeGreaterThan(0)
  expect(kinds.pattern).toBeGreaterThan(0)
})
