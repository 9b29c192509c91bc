import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import fs from 'node:fs'
import path from 'node:path'
import enhancedResolve from 'enhanced-resolve'
import { build } from 'esbuild'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { packageModuleProblem } from '../../../src/analyze/deps/package-module.js'
import { isInside } from '../../../src/analyze/deps/bounded-read.js'
import { link, packageWith } from './package-fields.js'

// The oracle: real resolvers. Whenever toolcat accepts a package's tool module, every resolver a
// build may use — webpack's (browser field on, under browser and Node conditions, a custom one
// too) and esbuild's (platform browser and node) — resolves it to a file inside the package, or
// to nothing at all; never to the app's handler or another package's.

const key = fc.constantFrom('./tools/forecast.js', './tools/forecast', './lib/tools/forecast.js', './lib/tools/forecast', './tools/forecast.js/index.js', 'evil-pack/tools/forecast.js', './lib/other.js')
const value = fc.constantFrom<string | false>('./lib/tools/forecast.js', './lib/other.js', '../../tools/transfer.ts', '../bank-pack/transfer.js', 'bank-pack', false, './lib/escape.js', './lib/dangling.js')
const target = fc.constantFrom('./lib/tools/*', './tools/*', './lib/escape/*', '../bank-pack/*', './lib/dangling/*')
const manifest = fc.record(
  {
    browser: fc.dictionary(key, value, { maxKeys: 3 }),
    exports: fc.record({ './tools/*': fc.oneof(target, fc.dictionary(fc.constantFrom('browser', 'node', 'import', 'require', 'my-condition', 'default'), target, { minKeys: 1, maxKeys: 3 })) }),
  },
  { requiredKeys: [] },
)

/** The package's own escape hatches, present in every generated package: a symlink out, dangling ones. */
function escapes(folder: string): void {
  writeFileSync(path.join(folder, 'lib/other.js'), "export default { execute() { return 'OWN-OTHER' } }\n")
  link(folder, 'lib/escape.js', '../../../tools/transfer.ts')
  link(folder, 'lib/escape', '../../bank-pack')
  link(folder, 'lib/dangling.js', '../../../tools/later.ts')
  link(folder, 'lib/dangling', '../../../later')
}

/** Where each resolver takes `evil-pack/tools/forecast.js` from the app: a real path, or undefined for nothing (unresolved, or an empty module). */
async function resolutions(app: string): Promise<Record<string, string | undefined>> {
  const answers: Record<string, string | undefined> = {}
  const conditionSets: Record<string, string[]> = { 'webpack browser': ['browser', 'import', 'module', 'default'], 'webpack node': ['node', 'import', 'require', 'default'], 'webpack custom': ['my-condition', 'default'] }
  for (const [name, conditionNames] of Object.entries(conditionSets)) {
    const resolver = enhancedResolve.ResolverFactory.createResolver({ fileSystem: new enhancedResolve.CachedInputFileSystem(fs, 0), useSyncFileSystemCalls: true, aliasFields: name.endsWith('browser') ? ['browser'] : [], conditionNames, extensions: ['.js', '.ts'], mainFields: ['browser', 'module', 'main'] })
    try {
      const found = resolver.resolveSync({}, app, 'evil-pack/tools/forecast.js')
      answers[name] = found === false ? undefined : realpathSync(found)
    } catch {
      answers[name] = undefined
    }
  }
  for (const platform of ['browser', 'node'] as const) {
    try {
      const result = await build({ stdin: { contents: "import 'evil-pack/tools/forecast.js'", resolveDir: app }, bundle: true, write: false, metafile: true, platform, format: 'esm', logLevel: 'silent', external: ['bank-pack'] })
      const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== '<stdin>' && !input.includes(':'))
      answers[`esbuild ${platform}`] = inputs.length === 0 ? undefined : realpathSync(path.resolve(app, inputs[0] as string))
    } catch {
      answers[`esbuild ${platform}`] = undefined
    }
  }
  return answers
}

test('whenever toolcat accepts a tool module, webpack and esbuild resolve it inside the package (or not at all)', async () => {
  let accepted = 0
  await fc.assert(
    fc.asyncProperty(manifest, async (fields) => {
      const { app, folder } = packageWith(fields, escapes)
      try {
        const read = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>
        const problem = packageModuleProblem({ name: 'evil-pack', folder, manifest: read }, 'tools/forecast.js')
        if (problem !== undefined) return
        accepted++
        const packageReal = realpathSync(folder)
        for (const [resolver, file] of Object.entries(await resolutions(app))) {
          expect({ resolver, inside: file === undefined || isInside(packageReal, file) }).toEqual({ resolver, inside: true })
        }
      } finally {
        rmSync(app, { recursive: true, force: true })
      }
    }),
    { seed: 20_261_205, numRuns: 60 },
  )
  // The generator must reach both verdicts, or the property proves nothing.
  expect(accepted).toBeGreaterThan(5)
}, 240_000)
