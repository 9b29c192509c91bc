import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { CliProcess } from '../cli/cli-process.js'
import { projectWith, toolSource, writeFile } from '../cli/project.js'
import { apiServers, linkTypeScript7 } from './both-backends.js'

const running: CliProcess[] = []
afterEach(() => {
  for (const process of running.splice(0)) process.stop()
})

test.skipIf(process.platform !== 'linux')('build --watch on the native checker rebuilds from the changed files, and Ctrl-C ends its checker process first', async () => {
  const root = projectWith({
    'package.json': '{ "name": "native-watch", "version": "1.0.0", "type": "module" }\n',
    'tools/add.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
    'tools/greet.ts': toolSource('Greet a person.', 'Person', "import type { Person } from '../types/person.js'"),
    'types/person.ts': 'export interface Person {\n  name: string\n}\n',
  })
  linkTypeScript7(root)
  const cli = new CliProcess(['build', 'tools', '--outDir', 'out', '--checker', 'native', '--watch'], root)
  running.push(cli)
  const native = /^✔ 2 tools · 0 errors · 0 warnings · \d+ ms · native TypeScript 7\.\d+\.\d+ → out$/
  expect(await cli.summary(1)).toMatch(native)
  const catalog = (): { tools: { name: string; parameters: { properties: object } }[] } => JSON.parse(readFileSync(path.join(root, 'out/catalog.json'), 'utf8'))
  const properties = (name: string): string[] => Object.keys(catalog().tools.find((tool) => tool.name === name)?.parameters.properties ?? {})

  writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', '{ left: number; right: number; carry?: boolean }'))
  expect(await cli.summary(2)).toMatch(native)
  expect(properties('add')).toEqual(['left', 'right', 'carry'])
  writeFile(root, 'types/person.ts', 'export interface Person {\n  name: string\n  title?: string\n}\n')
  expect(await cli.summary(3)).toMatch(native)
  expect(properties('greet')).toEqual(['name', 'title'])

  const [server] = apiServers(cli.child.pid as number)
  expect(server).toBeDefined()
  cli.signal('SIGINT')
  expect(await cli.ended).toEqual({ code: null, signal: 'SIGINT' })
  // Ended and waited for before the signal took its course: no process left, not even a zombie.
  expect(existsSync(`/proc/${server}`)).toBe(false)
}, 120_000)
