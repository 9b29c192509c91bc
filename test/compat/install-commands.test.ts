import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readmeBlock } from '../plugin/helpers/readme-block.js'
import { repoRoot } from '../registry/out-dir.js'
import { appsOfEachLine, installedVersion, packToolcat, toolcatWarnings } from './fresh-apps.js'

// README's install commands, each in a fresh app with `toolcat` standing for the packed tarball:
// they exit 0, npm runs (and warns of) no install script, pnpm asks for no build approval. And the
// MCP SDK's current line (the split packages, 2.x, on Node 24) installs beside toolcat as plainly.
const scratch = mkdtempSync(path.join(tmpdir(), 'toolcat-install-'))
let tarball = ''
beforeAll(() => {
  tarball = packToolcat(scratch)
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const mcpApp = appsOfEachLine('@modelcontextprotocol/server')

const commands = readmeBlock('install').trim().split('\n')

test('README lists one npm and one pnpm command', () => {
  expect(commands).toEqual(['npm install toolcat', 'pnpm add toolcat'])
})

test.each(commands)('`%s` in a fresh app exits 0, with no install script and nothing to approve', (command) => {
  const app = mkdtempSync(path.join(scratch, 'app-'))
  writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n')
  const [tool = '', ...args] = command.split(' ').map((word) => (word === 'toolcat' ? tarball : word))
  const binary = tool === 'pnpm' ? path.join(repoRoot, 'node_modules/.bin/pnpm') : tool
  const run = spawnSync(binary, args, { cwd: app, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } })
  expect(run.status, run.stdout + run.stderr).toBe(0)
  expect(toolcatWarnings(run.stderr)).toEqual([])
  expect(run.stdout + run.stderr).not.toMatch(/install-scripts|IGNORED_BUILDS|approve-builds/)
  expect(readdirSync(path.join(app, 'node_modules'))).toContain('toolcat')
}, 300_000)

test('@modelcontextprotocol/server 2 installs beside toolcat with a plain npm i on Node 24, no warning from toolcat', () => {
  const app = mcpApp('2.4.0')
  expect(installedVersion(app, '@modelcontextprotocol/server')).toBe('2.4.0')
  expect(toolcatWarnings(app.installed)).toEqual([])
})
