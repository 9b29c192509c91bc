import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readmeBlock } from '../plugin/helpers/readme-block.js'
import { repoRoot } from '../registry/out-dir.js'
import { appsOfEachLine, installedVersion } from './fresh-apps.js'
import { askedApproval, packToolcat, pnpmBin, toolcatWarnings } from './install.mjs'

// README's install commands, each in a fresh app with `toolcat` standing for the packed tarball:
// they exit 0, npm runs (and warns of) no install script, pnpm asks for no build approval. And the
// MCP SDK's current line (the split packages, 2.x) installs beside toolcat as plainly.
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

/** Runs one README install command in `app`, `toolcat` standing for the packed tarball. */
function runCommand(app: string, command: string): SpawnSyncReturns<string> {
  const [tool = '', ...args] = command.split(' ').map((word) => (word === 'toolcat' ? tarball : word))
  const binary = tool === 'pnpm' ? pnpmBin : tool
  return spawnSync(binary, args, { cwd: app, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } })
}

function freshApp(): string {
  const app = mkdtempSync(path.join(scratch, 'app-'))
  writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n')
  return app
}

test.each(commands)('`%s` in a fresh app exits 0, with no install script and nothing to approve', (command) => {
  const app = freshApp()
  const run = runCommand(app, command)
  expect(run.status, run.stdout + run.stderr).toBe(0)
  expect(toolcatWarnings(run.stderr)).toEqual([])
  expect(askedApproval(run.stdout + run.stderr)).toBe(false)
  expect(readdirSync(path.join(app, 'node_modules'))).toContain('toolcat')
}, 300_000)

test('@modelcontextprotocol/server 2 installs beside toolcat with a plain npm i, no warning from toolcat', () => {
  const app = mcpApp('2.4.0')
  expect(installedVersion(app, '@modelcontextprotocol/server')).toBe('2.4.0')
  expect(toolcatWarnings(app.installed)).toEqual([])
})

// toolcat compiles with rolldown, whose native binding installs as an optional platform package:
// README's install section asks for nothing more (it once had a step adding esbuild for speed,
// which a pnpm user could not follow without approving esbuild's install script).
test('README\'s install section has no step adding esbuild', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  const install = readme.slice(readme.indexOf('## Installing'), readme.indexOf('\n## ', readme.indexOf('## Installing') + 1))
  expect(install).toContain('rolldown')
  expect(install).not.toMatch(/(npm install|pnpm add)[^\n]*\besbuild\b/)
})
