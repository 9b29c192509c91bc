import { build, type Plugin } from 'esbuild'
import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url))
const builtins = new Set(builtinModules)

/** Records every import of a Node builtin, however it is spelled, and keeps it external so the report lists them all. */
function recordBuiltins(found: string[]): Plugin {
  return {
    name: 'record-node-builtins',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.replace(/^node:/, '').split('/')[0] ?? ''
        if (!args.path.startsWith('node:') && !builtins.has(bare)) return undefined
        found.push(`${args.path} (from ${args.importer})`)
        return { path: args.path, external: true }
      })
    },
  }
}

test('the root export bundles for the browser without Node builtins or ts-morph', async () => {
  const found: string[] = []
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [recordBuiltins(found)],
  })
  expect(found).toEqual([])
  const inputs = Object.keys(result.metafile.inputs)
  expect(inputs.some((input) => input.includes('node_modules/ajv/'))).toBe(true)
  expect(inputs.filter((input) => /node_modules\/(ts-morph|typescript|@ts-morph)\//.test(input))).toEqual([])
  expect(result.outputFiles[0]?.text).not.toContain('ts-morph')
}, 60_000)
