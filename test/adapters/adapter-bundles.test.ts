import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { repoRoot } from '../registry/out-dir.js'

// The built adapter modules as the package ships them (dist/runtime): what they import, and what a
// user sees when the framework an adapter needs is not installed.
const runtime = path.join(repoRoot, 'dist/runtime')
const adapters = { 'ai-sdk': 'ai', 'openai-agents': '@openai/agents', langchain: '@langchain/core', mastra: '@mastra/core' } as const
const adapterFiles = readdirSync(runtime).filter((file) => file.startsWith('adapters-') || Object.keys(adapters).includes(file.replace(/\.js$/, '')))

/** Every specifier a built module imports (static and dynamic). */
function specifiers(file: string): string[] {
  const code = readFileSync(path.join(runtime, file), 'utf8')
  return [...code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((match) => match[1] as string)
}

// A copy of dist/runtime in a folder with no node_modules: no framework can resolve there.
const bare = mkdtempSync(path.join(tmpdir(), 'toolcat-no-framework-'))
cpSync(runtime, bare, { recursive: true })
writeFileSync(path.join(bare, 'package.json'), '{ "type": "module" }\n')
afterAll(() => rmSync(bare, { recursive: true, force: true }))

describe('the built adapters', () => {
  test('import only their own chunks and their framework: no Node builtin, no ajv, no ts-morph, no runtime chunk', () => {
    expect(adapterFiles.length).toBeGreaterThan(4)
    for (const file of adapterFiles) {
      const framework = Object.entries(adapters).find(([name]) => file === `${name}.js`)?.[1]
      for (const specifier of specifiers(file)) {
        if (specifier.startsWith('./')) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/adapters-[A-Z0-9]+\.js$/)
        else expect(framework !== undefined && (specifier === framework || specifier.startsWith(`${framework}/`)), `${file} imports ${specifier}`).toBe(true)
      }
    }
  })

  test('hold no class of their own, so no second copy of a runtime class can reach an app', () => {
    for (const file of adapterFiles) expect(readFileSync(path.join(runtime, file), 'utf8'), file).not.toMatch(/\bclass\s+[A-Za-z_$][\w$]*/)
  })

  test.each(Object.entries(adapters))('importing toolcat/%s without %s fails with one line naming the package to install', (adapter, framework) => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(path.join(bare, `${adapter}.js`))})`], { encoding: 'utf8' })
    expect(run.status).not.toBe(0)
    const line = `Error: toolcat/${adapter} needs the package ${framework}, which is not installed: npm install ${framework}`
    expect(run.stderr.split('\n')).toContain(line)
    // Not the resolver's own error, which names a file inside toolcat rather than what to install.
    expect(run.stderr).not.toContain('ERR_MODULE_NOT_FOUND')
  })
})
