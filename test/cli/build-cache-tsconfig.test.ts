import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { tsconfigChain, withoutCommentsAndTrailingCommas } from '../../src/analyze/cache/tsconfig-chain.js'
import { expectSameAsCold } from './cache-outputs.js'
import { projectWith, toolSource, writeFile } from './project.js'

/**
 * A project whose tsconfig holds nothing but an `extends` (with a comment and a trailing comma, as
 * tsconfig files are written), its options in a base config, and a tool whose parameter schema
 * depends on `strict` (without `strictNullChecks`, `| null` is erased).
 */
function extendingProject(): string {
  return projectWith({
    'package.json': '{ "name": "extending", "version": "1.0.0", "type": "module" }\n',
    'tsconfig.json': '{\n  // the options are in the base\n  "extends": "./config/base",\n}\n',
    'config/base.json': baseConfig(true),
    'tools/hello.ts': toolSource('Says hello.', '{ name: string | null }'),
  })
}

function baseConfig(strict: boolean): string {
  return JSON.stringify({ compilerOptions: { strict, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' } }, null, 2)
}

describe('the build cache and extended tsconfigs', () => {
  test('a change in a config the tsconfig extends is a change: the rebuild writes what a cold build writes', () => {
    const root = extendingProject()
    expectSameAsCold(root)
    // `strict` off: the catalog changes (null erased), which the analysis cache must see.
    writeFile(root, 'config/base.json', baseConfig(false))
    expectSameAsCold(root)
    const catalog = readFileSync(path.join(root, 'out/catalog.json'), 'utf8')
    expect(JSON.parse(catalog).tools[0].parameters.properties.name).toEqual({ type: 'string' })
  }, 300_000)

  test('tsconfigChain follows relative, extensionless, array and package extends once each, and keeps what resolves to nothing', () => {
    const root = projectWith({
      'tsconfig.json': '{ "extends": ["./a", "@scope/shared/base.json", "./missing", "./folder"] }',
      'folder/readme.txt': 'a folder is no config\n',
      'a.json': '/* a */ { "extends": "./b.json", }',
      'b.json': '{ "extends": "./a.json" }',
      'node_modules/@scope/shared/package.json': '{ "name": "@scope/shared", "version": "1.0.0" }',
      'node_modules/@scope/shared/base.json': '{ "compilerOptions": {} }',
    })
    const chain = tsconfigChain(path.join(root, 'tsconfig.json')).map((link) => ('file' in link ? path.relative(root, link.file) : `? ${link.unresolved}`))
    expect(chain).toEqual(['tsconfig.json', 'a.json', 'b.json', 'node_modules/@scope/shared/base.json', '? ./missing', '? ./folder'])
  })

  test('comments and trailing commas are blanked out, strings kept whole', () => {
    const text = '{ "a": "x // y, }", /* c */ "b": [1, 2, ], // d\n "c": { "e": "/* f */", }, }'
    expect(JSON.parse(withoutCommentsAndTrailingCommas(text))).toEqual({ a: 'x // y, }', b: [1, 2], c: { e: '/* f */' } })
  })
})
