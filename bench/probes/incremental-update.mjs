/**
 * One-file incremental re-derivation: build a corpus once with `createCatalogBuilder`, then edit one
 * tool's parameter type at a time and time `update([{ path, kind: 'change' }])`; each edit is reverted.
 * Usage: node bench/probes/incremental-update.mjs <analyzer index.js> <corpusDir> <n> <edits> [checker]
 * (checker: auto, native or ts-morph; the builder is closed at the end, its checker's process waited for).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { reportUsage } from './report-usage.mjs'

const [analyzer = '', dir = '', n = '1', edits = '20', checker = 'auto'] = process.argv.slice(2)
const { createCatalogBuilder } = await import(pathToFileURL(analyzer).href)
const builder = createCatalogBuilder({ root: dir, tools: join(dir, 'tools'), tsconfig: join(dir, 'tsconfig.json'), checker })
await builder.build()

// Spread the edits over the corpus so no file is edited twice in a row.
const fileOf = (edit) => join(dir, 'tools', `tool_${String(((edit * 37) % Number(n)) + 1).padStart(4, '0')}.ts`)
const timesMs = []
for (let edit = 0; edit < Number(edits); edit++) {
  const path = fileOf(edit)
  const original = readFileSync(path, 'utf8')
  writeFileSync(path, original.replace(/_Params \{\n/, `_Params {\n  edited${edit}?: number\n`))
  const started = performance.now()
  const result = await builder.update([{ path, kind: 'change' }])
  timesMs.push(performance.now() - started)
  if (result?.catalog && !JSON.stringify(result.catalog).includes(`"edited${edit}"`)) {
    throw new Error(`update did not re-derive ${path}: the new property is missing from the catalog`)
  }
  writeFileSync(path, original)
  await builder.update([{ path, kind: 'change' }])
}
await builder.close?.()
reportUsage({ checker: builder.checker?.name, timesMs: timesMs.map((ms) => Math.round(ms * 10) / 10) })
