import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { generatedProject, repoRoot } from '../registry/out-dir.js'

let project = ''
beforeAll(async () => {
  project = await generatedProject()
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n')
  const compilerOptions = { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, allowJs: true, checkJs: true, skipLibCheck: false, types: [] }
  const include = ['*.ts', 'out/catalog.js', 'out/catalog.d.ts', 'out/registry.js', 'out/registry.d.ts']
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include }))
  writeFileSync(
    path.join(project, 'good.ts'),
    [
      "import definitions, { add, delete_file } from './out/catalog.js'",
      "import { createRegistry } from './out/registry.js'",
      'const registry = createRegistry({ handlers: { lookup: (args) => args.word.toUpperCase() } })',
      "const sum = await registry.call('add', { left: 1, right: 2 })",
      'if (sum.success) console.log(sum.value.sum.toFixed(), sum.value.marker.length)',
      "const chunks = await registry.call('countdown', { from: 3 })",
      'if (chunks.success) console.log(chunks.value.map((n) => n * 2))',
      "await registry.call('search', { query: 'tea' })",
      "for await (const part of registry.stream({ id: 's', name: 'countdown', arguments: { from: 3 } })) {",
      "  if (part.type === 'chunk') console.log(part.value.toFixed())",
      '  else if (part.result.success) console.log(part.result.value.map((n) => n * 2))',
      '}',
      "const name: 'add' = add.name",
      "console.log(name, delete_file.name, definitions.length, registry.definitions(), await registry.execute({ id: '1', name: 'flaky', arguments: {} }))",
    ].join('\n'),
  )
  writeFileSync(
    path.join(project, 'bad.ts'),
    [
      "import { createRegistry } from './out/registry.js'",
      'const registry = createRegistry()',
      "await registry.call('add', { left: 'x', right: 2 })",
      "await registry.call('add', { left: 1 })",
      "await registry.call('search', { query: 'tea', limit: 3, colour: 'red' })",
      "await registry.call('ghost', {})",
      "createRegistry({ handlers: { ghost: () => 1 } })",
      "for await (const part of registry.stream({ id: 's', name: 'countdown', arguments: { from: 3 } })) if (part.type === 'chunk') part.value.toUpperCase()",
      "registry.stream({ id: 's', name: 'countdown', arguments: { from: 'three' } })",
    ].join('\n'),
  )
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

test('generated modules and types pass tsc --strict; wrong arguments to call() or stream(), or a chunk used as another type, do not compile', () => {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' })
  const errors = run.stdout.split('\n').filter((line) => /error TS/.test(line))
  // Every error is in bad.ts, one per wrong line (3–9), and nothing else fails to check.
  expect(errors.map((line) => /^(\S+)\((\d+),/.exec(line)?.slice(1, 3).join(':'))).toEqual(['bad.ts:3', 'bad.ts:4', 'bad.ts:5', 'bad.ts:6', 'bad.ts:7', 'bad.ts:8', 'bad.ts:9'])
}, 120_000)
