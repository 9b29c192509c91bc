import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { CheckerUnavailableError } from '../../src/analyze/index.js'
import { createCatalogBuilder } from '../../src/build.js'
import { supportedNativeVersions } from '../../src/backends/native/supported.js'
import { runCli } from '../cli/run-cli.js'
import { linkTypeScript7, repoRoot } from './both-backends.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** A project with one tool; `typescript` installs the given package.json as its typescript (`link` the real TypeScript 7). */
function project(typescript: { version: string } | 'link' | undefined): string {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcat-selection-'))
  folders.push(root)
  writeFileSync(path.join(root, 'package.json'), '{ "name": "selection", "version": "1.0.0" }\n')
  mkdirSync(path.join(root, 'tools'))
  writeFileSync(path.join(root, 'tools/echo.ts'), "import { defineTool } from 'toolcat'\nexport const echo = defineTool({ execute(args: { text: string }) { return args.text } })\n")
  if (typescript === 'link') linkTypeScript7(root)
  else if (typescript !== undefined) {
    mkdirSync(path.join(root, 'node_modules/typescript'), { recursive: true })
    writeFileSync(path.join(root, 'node_modules/typescript/package.json'), JSON.stringify({ name: 'typescript', version: typescript.version }))
  }
  return root
}

async function checkerOf(root: string, checker?: 'auto' | 'native' | 'ts-morph') {
  const builder = createCatalogBuilder({ tools: path.join(root, 'tools'), ...(checker === undefined ? {} : { checker }) })
  await builder.close()
  return builder.checker
}

describe('auto', () => {
  test('picks the native checker when the project resolves a supported TypeScript 7', async () => {
    expect(await checkerOf(project('link'))).toEqual({ name: 'native', typescript: supportedNativeVersions[0] })
  })

  test('picks ts-morph, without a notice, for a project on TypeScript 6 or without TypeScript', async () => {
    expect(await checkerOf(project({ version: '6.0.3' }))).toEqual({ name: 'ts-morph', typescript: expect.stringMatching(/^6\./) })
    expect((await checkerOf(project(undefined))).notice).toBeUndefined()
  })

  test('falls back to ts-morph with a one-line notice for a newer, untested TypeScript 7', async () => {
    const info = await checkerOf(project({ version: '7.9.0' }))
    expect(info.name).toBe('ts-morph')
    expect(info.notice).toBe(`the project's typescript 7.9.0 is not a tested release (toolcat supports ${supportedNativeVersions.join(', ')}); using ts-morph`)
  })

  test('falls back with a notice when a supported TypeScript 7 is installed but does not load', async () => {
    const info = await checkerOf(project({ version: supportedNativeVersions[0] as string }))
    expect(info.name).toBe('ts-morph')
    expect(info.notice).toMatch(new RegExp(`^the project's typescript ${supportedNativeVersions[0]} does not load: .+; using ts-morph$`))
  })
})

describe('an explicit checker', () => {
  test('native fails with one line saying why when the project has no TypeScript 7', () => {
    const root = project({ version: '6.0.3' })
    expect(() => createCatalogBuilder({ tools: path.join(root, 'tools'), checker: 'native' })).toThrow(CheckerUnavailableError)
    expect(() => createCatalogBuilder({ tools: path.join(root, 'tools'), checker: 'native' })).toThrow(
      "--checker native: the project's typescript is 6.0.3; the native checker needs TypeScript 7",
    )
  })

  test('ts-morph is used even where the native checker could run', async () => {
    expect((await checkerOf(project('link'), 'ts-morph')).name).toBe('ts-morph')
  })

  test('on the command line: the reason on one line and exit 1; the summary names the backend; a fallback prints its notice', () => {
    const failed = runCli(['check', 'tools', '--checker', 'native'], project(undefined))
    expect(failed.status).toBe(1)
    expect(failed.stderr).toMatch(/^toolcat: --checker native: no typescript package resolves from \S+\n$/)
    const native = runCli(['check', 'tools'], project('link'))
    expect(native.status).toBe(0)
    expect(native.stderr).toMatch(/^✔ 1 tool · 0 errors · 0 warnings · \d+ ms · native TypeScript 7\.0\.2\n$/)
    const newer = runCli(['check', 'tools'], project({ version: '7.9.0' }))
    expect(newer.status).toBe(0)
    expect(newer.stderr).toMatch(/^toolcat: the project's typescript 7\.9\.0 is not a tested release .*; using ts-morph\n✔ 1 tool · .* · ts-morph TypeScript 6\.\d+\.\d+\n$/)
  })
})

test('the supported TypeScript 7 is the one the repository installs (and CI tests with)', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
  const installed = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/typescript/package.json'), 'utf8')) as { version: string }
  expect(manifest.devDependencies['typescript']).toBe(supportedNativeVersions[0])
  expect(installed.version).toBe(supportedNativeVersions[0])
})
