import { createHash } from 'node:crypto'
import { cpSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { cachedBuild } from '../../src/analyze/cache/cached-build.js'
import { projectCheckers } from '../../src/backends/checkers.js'
import { CACHE_SECRET_ENV } from '../../src/analyze/cache/cache-secret.js'
import { analysisRun } from '../../src/cli/analysis-run.js'
import { writeBuildOutput } from '../../src/cli/build-output.js'
import { tree } from './cache-outputs.js'
import { projectWith, toolSource } from './project.js'

// The key stays out of every cache folder; this process's own, so the test writes nothing in the home folder.
beforeAll(() => {
  process.env[CACHE_SECRET_ENV] = 'a secret of this test run, which no cache file holds'
})

/** One tool that must stay consequential, one with a pattern and a bound: annotations, schemas and validator code to tamper with. */
function poisonProject(): string {
  return projectWith({
    'package.json': '{ "name": "poisoned", "version": "1.0.0", "type": "module" }\n',
    'tools/transfer.ts': `import { defineTool } from 'toolcat'\n/** Move money. */\nexport default defineTool({\n  annotations: { consequential: true },\n  execute(args: { to: string; amount: number }) {\n    return 'sent'\n  },\n})\n`,
    'tools/lookup.ts': toolSource('Look up.', '{ /** @pattern ^[a-z]+$ */ id: string; /** @maximum 9 */ n?: number }'),
  })
}

/** A build of `root` into `outDir` in this process, through the cache folder `cacheDir`, or cold without one. */
async function buildInto(root: string, outDir: string, cacheDir?: string): Promise<void> {
  const result = await cachedBuild({ root, tools: path.join(root, 'tools') }, projectCheckers, { dir: cacheDir ?? path.join(root, '.cold-cache', String(Math.random())) })
  const run = analysisRun(result, { root: result.root, checker: result.checker as never }, 0)
  await writeBuildOutput(run, { out: undefined, outDir: path.join(root, outDir), validators: 'precompiled' }, cacheDir)
}

/** Every leaf of a JSON value, as a path of keys. */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at]
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value)
  if (entries.length === 0) return [at]
  return entries.flatMap(([key, item]) => leaves(item, [...at, key]))
}

/** The value a hostile writer puts in place of `value`: a different one of the same kind. */
function mutated(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('consequential') ? value.replace('consequential', 'pure') : `${value}; globalThis.POISONED = true`
  if (typeof value === 'number') return value + 1
  if (typeof value === 'boolean') return !value
  if (Array.isArray(value)) return ['poison']
  if (value === null) return 'poison'
  return { poison: true }
}

function setAt(body: unknown, at: readonly (string | number)[], value: unknown): void {
  let node = body as Record<string | number, unknown>
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[at.at(-1) as string | number] = value
}

/** Rewrites a cache file as a writer without the key can: a new body, checksummed as toolcat 1 did (an unkeyed SHA-1). */
function forge(file: string, body: unknown): void {
  const text = JSON.stringify(body)
  writeFileSync(file, `toolcat-build-cache 1\n${createHash('sha1').update(text).digest('hex')}\n${text}`)
}

/** `poisonProject` built through a fresh cache into `out`, and a cold build into `cold`: the root, the cache folder and the cold output. */
async function builtTwice(): Promise<{ root: string; cacheDir: string; cold: Record<string, string> }> {
  const root = poisonProject()
  const cacheDir = path.join(root, 'cache')
  await buildInto(root, 'cold')
  await buildInto(root, 'out', cacheDir)
  return { root, cacheDir, cold: tree(path.join(root, 'cold')) }
}

describe('nothing read from the build cache makes a build differ from a cold one', () => {
  test('every field of every cache file, rewritten by someone without the key: the rebuild after an edit is byte-identical to a cold build', async () => {
    const { root, cacheDir } = await builtTwice()
    const pristine = new Map(readdirSync(cacheDir).map((name) => [name, readFileSync(path.join(cacheDir, name), 'utf8')]))
    cpSync(path.join(root, 'out'), path.join(root, 'pristine-out'), { recursive: true, verbatimSymlinks: true })
    // One tool edited: the other's cached result, validator and compiled module are reused.
    writeFileSync(path.join(root, 'tools/lookup.ts'), toolSource('Look up, edited.', '{ /** @pattern ^[a-z]+$ */ id: string }'))
    await buildInto(root, 'cold-edited')
    const cold = tree(path.join(root, 'cold-edited'))
    let rewritten = 0
    for (const [name, text] of pristine) {
      const body = JSON.parse(text.split('\n').slice(2).join('\n')) as unknown
      // The files the checker read beside the tools are many and alike (path → hash): the first few stand for all.
      const fields = leaves(body).filter((at, index) => at[0] !== 'shared' || index < 3)
      for (const at of fields) {
        // Each field starts from the genuine cache and output of the build before the edit.
        for (const [other, genuine] of pristine) writeFileSync(path.join(cacheDir, other), genuine)
        rmSync(path.join(root, 'out'), { recursive: true, force: true })
        cpSync(path.join(root, 'pristine-out'), path.join(root, 'out'), { recursive: true, verbatimSymlinks: true })
        const poisoned = structuredClone(body)
        setAt(poisoned, at, mutated(at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body)))
        forge(path.join(cacheDir, name), poisoned)
        await buildInto(root, 'out', cacheDir)
        expect({ name, field: at.join('.'), output: tree(path.join(root, 'out')) }).toEqual({ name, field: at.join('.'), output: cold })
        rewritten++
      }
    }
    expect(rewritten).toBeGreaterThan(20)
  }, 900_000)

  test('a compiled module edited with its size and modification time kept is neither kept nor carried into later builds', async () => {
    const { root, cacheDir, cold } = await builtTwice()
    const module = Object.keys(tree(path.join(root, 'out'))).find((file) => /^\.toolcat-build-[^/]+\/tools\/transfer\.js$/.test(file)) as string
    const file = path.join(root, 'out', module)
    const { atime, mtime } = statSync(file)
    const code = readFileSync(file, 'utf8')
    // Same length, same times: `sent` becomes `SENT`.
    writeFileSync(file, code.replace("'sent'", "'SENT'").replace('"sent"', '"SENT"'))
    utimesSync(file, atime, mtime)
    expect(readFileSync(file, 'utf8')).not.toBe(code)
    // Nothing changed: the build must still notice the output is not what it wrote.
    await buildInto(root, 'out', cacheDir)
    expect(tree(path.join(root, 'out'))).toEqual(cold)
    // Edited again, then a rebuild after a change elsewhere, which carries unchanged modules over.
    writeFileSync(file, code.replace("'sent'", "'SENT'").replace('"sent"', '"SENT"'))
    utimesSync(file, atime, mtime)
    writeFileSync(path.join(root, 'tools/lookup.ts'), toolSource('Look up again.', '{ id: string }'))
    await buildInto(root, 'out', cacheDir)
    await buildInto(root, 'cold2')
    expect(tree(path.join(root, 'out'))).toEqual(tree(path.join(root, 'cold2')))
  }, 120_000)
})
