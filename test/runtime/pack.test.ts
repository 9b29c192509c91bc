import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const consumer = mkdtempSync(join(tmpdir(), 'toolcat-pack-'))

afterAll(() => rmSync(consumer, { recursive: true, force: true }))

const script = `
import { createTool, createToolManager } from 'toolcat'
const tools = createToolManager()
const contract = { type: 'object', properties: { left: { type: 'number' }, right: { type: 'number' } }, required: ['left', 'right'] }
tools.add(createTool({ name: 'add', contract, execute: (args) => args.left + args.right }))
const results = await tools.execute([
  { id: '1', name: 'add', arguments: { left: 2, right: '3' } },
  { id: '2', name: 'add', arguments: { left: 'two', right: 1 } },
])
console.log(JSON.stringify(results))
`

test('the packed tarball installs outside the repo and runs a call under plain node', () => {
  const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', consumer], root)) as { filename: string }[]
  if (packed === undefined) throw new Error('npm pack reported no tarball')
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  npm(['install', '--no-audit', '--no-fund', '--no-package-lock', join(consumer, packed.filename)], consumer)
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' })
  expect(JSON.parse(output)).toEqual([
    { id: '1', name: 'add', success: true, value: 5 },
    { id: '2', name: 'add', success: false, error: 'left: type; expected number; received "two"' },
  ])
}, 240_000)
