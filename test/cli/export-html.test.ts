import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { copyFixture, repoRoot, runCli } from './run-cli.js'

// `toolcat export --format html` reads a tools folder, a build's outDir or a catalog file, and
// writes the same page for the same catalog, whichever it was given.

const app = copyFixture('basic')
afterAll(() => rmSync(path.dirname(app), { recursive: true, force: true }))

function exported(args: readonly string[]): string {
  const run = runCli(['export', ...args, '--format', 'html', '--out', 'page.html'], app)
  expect(run.status, run.stderr).toBe(0)
  return readFileSync(path.join(app, 'page.html'), 'utf8')
}

test('a tools folder, an outDir and a catalog.json give byte-identical pages, run after run', { timeout: 180_000 }, () => {
  expect(runCli(['build', 'tools', '--outDir', 'out'], app).status).toBe(0)
  const fromTools = exported(['tools'])
  expect(fromTools).toMatch(/^<!doctype html>/)
  expect(fromTools).toContain('"name":"send_email"')
  expect(exported(['tools'])).toBe(fromTools)
  expect(exported(['out'])).toBe(fromTools)
  expect(exported(['out/catalog.json'])).toBe(fromTools)
  expect(exported(['--catalog', 'out'])).toBe(fromTools)
  // Without --out the page goes to stdout.
  expect(runCli(['export', 'out', '--format', 'html'], app).stdout).toBe(fromTools)
})

test('a format outside the list is a usage error naming html among the choices', () => {
  const run = runCli(['export', 'tools', '--format', 'pdf'], app)
  expect(run.status).toBe(2)
  expect(run.stderr).toContain('--format must be one of openai, anthropic, gemini, mcp, html')
})

test("weather-pack's published lib/catalog.html is the page of its published catalog", () => {
  const pack = path.join(repoRoot, 'fixtures/deps/weather-pack')
  const run = runCli(['export', 'lib/catalog.json', '--format', 'html'], pack)
  expect(run.status, run.stderr).toBe(0)
  // Regenerate with `npm run build` in fixtures/deps/weather-pack when the page changes.
  expect(readFileSync(path.join(pack, 'lib/catalog.html'), 'utf8')).toBe(run.stdout)
})
