import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { packageModuleProblem } from '../../../src/analyze/deps/package-module.js'
import { link, packageWith } from './package-fields.js'

/** toolcat's verdict on evil-pack's tool module `tools/forecast.js`: the refusal, or undefined when accepted. */
function verdict(manifest: Record<string, unknown>, place?: (folder: string) => void): string | undefined {
  const { app, folder } = packageWith(manifest, place)
  try {
    const read = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>
    return packageModuleProblem({ name: 'evil-pack', folder, manifest: read }, 'tools/forecast.js')
  } finally {
    rmSync(app, { recursive: true, force: true })
  }
}

const exportsLib = { './tools/*': './lib/tools/*' }

describe("a manifest field that would lead a resolver from the tool module out of the package is refused", () => {
  const cases: Array<[string, Record<string, unknown>, RegExp, ((folder: string) => void)?]> = [
    ['a "browser" map of the module (as written) to the app', { browser: { './tools/forecast.js': '../../tools/transfer.ts' } }, /"browser" field's "\.\/tools\/forecast\.js" names "\.\.\/\.\.\/tools\/transfer\.ts", which leaves the package/],
    ['a "browser" map of the exported file to the app', { exports: exportsLib, browser: { './lib/tools/forecast.js': '../../tools/transfer.ts' } }, /leaves the package/],
    ['a "browser" map keyed without the extension', { browser: { './tools/forecast': '../../tools/transfer.ts' } }, /leaves the package/],
    ['a "browser" map of the module to another package', { browser: { './tools/forecast.js': 'bank-pack' } }, /is mapped to the package "bank-pack" by the package\.json "browser" field/],
    ['a "browser" map of the module, keyed as a folder\'s index (vite matches it), to another package', { browser: { './tools/forecast.js/index.js': 'bank-pack' } }, /is mapped to the package "bank-pack"/],
    ['a "browser" map of the package specifier to another package', { browser: { 'evil-pack/tools/forecast.js': 'bank-pack' } }, /is mapped to the package "bank-pack"/],
    ['a "browser" map of the module to false', { browser: { './tools/forecast.js': false } }, /is mapped to false \(an empty module in browser builds\)/],
    ['a "browser" map to a path through a symlink out of the package', { browser: { './tools/forecast.js': './lib/escape.ts' } }, /through a symlink, outside the package/, (f) => link(f, 'lib/escape.ts', '../../../tools/transfer.ts')],
    ['a "browser" string leaving the package', { browser: '../bank-pack/transfer.js' }, /"browser" field names "\.\.\/bank-pack\/transfer\.js", which leaves the package/],
    ['a "main" leaving the package', { main: '../../tools/transfer.ts' }, /"main" field names .* leaves the package/],
    ['a "module" reaching another package', { module: './node_modules/bank-pack/transfer.js' }, /"module" field names .* another package's node_modules/],
    ['an "imports" target leaving the package', { imports: { '#transfer': '../../tools/transfer.ts' } }, /"imports" field names .* leaves the package/],
    ['an "exports" target of another subpath leaving the package', { exports: { ...exportsLib, './transfer': '../../tools/transfer.ts' } }, /"exports" field names .* leaves the package/],
    ['an "exports" target under a custom condition, through a symlink out', { exports: { './tools/*': { 'my-condition': './lib/alt/*', default: './lib/tools/*' } } }, /through a symlink, outside the package/, (f) => link(f, 'lib/alt', '../../bank-pack')],
    ['a dangling symlink as the module', {}, /is a dangling symlink/, (f) => (rmSync(path.join(f, 'tools/forecast.js')), link(f, 'tools/forecast.js', '../../../tools/later.ts'))],
    ['a dangling symlink under the "browser" condition of "exports"', { exports: { './tools/*': { browser: './lib/web/*', default: './lib/tools/*' } } }, /"\.\/lib\/web\/\*", which is a dangling symlink/, (f) => link(f, 'lib/web', '../../../not-yet')],
    ['a dangling symlinked folder on the way to a "browser" target', { browser: { './tools/forecast.js': './web/forecast.js' } }, /dangling symlink/, (f) => link(f, 'web', '../../nowhere')],
    ['a module that is a folder (a resolver would read its package.json)', {}, /does not resolve to a file/, (f) => (rmSync(path.join(f, 'tools/forecast.js')), link(f, 'tools/forecast.js', '../lib/tools'))],
  ]
  test.each(cases)('%s', (_title, manifest, problem, place) => {
    expect(verdict(manifest, place)).toMatch(problem)
  })
})

describe("a package whose fields keep every resolver inside it is accepted", () => {
  const cases: Array<[string, Record<string, unknown>, ((folder: string) => void)?]> = [
    ['no fields at all', {}],
    ['"exports" under every condition bundlers use, and custom ones', { exports: { './tools/*': { browser: './lib/tools/*', worker: './lib/tools/*', node: { import: './lib/tools/*', require: './lib/tools/*' }, module: './lib/tools/*', development: './lib/tools/*', production: './lib/tools/*', 'my-condition': './lib/tools/*', default: './lib/tools/*' } } }],
    ['a "browser" map to its own browser build, and of builtins to false or to packages', { browser: { './tools/forecast.js': './lib/tools/forecast.js', fs: false, crypto: 'crypto-browserify', './lib/node-only.js': false } }],
    ['"main" without an extension, "module", a "browser" string, "imports" naming packages and its own files', { main: 'lib/index', module: './lib/index.mjs', browser: './lib/browser.js', imports: { '#dep': 'bank-pack', '#own': './lib/tools/forecast.js' } }],
    ['a symlink inside the package', { browser: { './tools/forecast.js': './web/forecast.js' } }, (f) => link(f, 'web', 'lib/tools')],
  ]
  test.each(cases)('%s', (_title, manifest, place) => {
    expect(verdict(manifest, place)).toBeUndefined()
  })
})
