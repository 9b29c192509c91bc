import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readmeBlock } from '../plugin/helpers/readme-block.js'
import { repoRoot } from '../registry/out-dir.js'
import { appsOfEachLine, installedVersion, packToolcat, toolcatWarnings } from './fresh-apps.js'

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
  const binary = tool === 'pnpm' ? path.join(repoRoot, 'node_modules/.bin/pnpm') : tool
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
  expect(run.stdout + run.stderr).not.toMatch(/install-scripts|IGNORED_BUILDS|approve-builds/)
  expect(readdirSync(path.join(app, 'node_modules'))).toContain('toolcat')
}, 300_000)

test('@modelcontextprotocol/server 2 installs beside toolcat with a plain npm i, no warning from toolcat', () => {
  const app = mcpApp('2.4.0')
  expect(installedVersion(app, '@modelcontextprotocol/server')).toBe('2.4.0')
  expect(toolcatWarnings(app.installed)).toEqual([])
})

// A pnpm user who followed the npm advice (`pnpm add -D esbuild`) hit ERR_PNPM_IGNORED_BUILDS:
// README's native-esbuild commands each exit 0 after the matching install command, and toolcat's
// own `import('esbuild')` then resolves the native package instead of falling back to esbuild-wasm.
const nativeCommands = readmeBlock('native-esbuild').trim().split('\n')

test('README lists one npm and one pnpm command for a native esbuild', () => {
  expect(nativeCommands.map((command) => command.split(' ')[0])).toEqual(['npm', 'pnpm'])
})

test.each(nativeCommands.map((command, index) => [commands[index] ?? '', command]))('after `%s`, `%s` exits 0 and toolcat resolves the native esbuild', (install, command) => {
  const app = freshApp()
  const installed = runCommand(app, install)
  expect(installed.status, installed.stdout + installed.stderr).toBe(0)
  const run = runCommand(app, command)
  expect(run.status, run.stdout + run.stderr).toBe(0)
  const fromToolcat = createRequire(realpathSync(path.join(app, 'node_modules/toolcat/package.json')))
  expect(fromToolcat.resolve('esbuild')).toMatch(/[\\/]esbuild[\\/]lib[\\/]main\.js$/)
}, 300_000)
