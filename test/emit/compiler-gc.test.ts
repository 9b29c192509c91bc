import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { fixtureCatalog, fixtureRoot, repoRoot } from '../registry/out-dir.js'

const dist = (file: string): string => JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist/src/emit', file)).href)
const hasProc = existsSync(`/proc/${process.pid}/task`)

/** Runs an --outDir build in a fresh Node process (no other test's esbuild service), returning esbuild's GOGC and the build process's own afterwards. */
function gcOfBuild(env: NodeJS.ProcessEnv): { compiler: string | null; own: string | null } {
  const out = mkdtempSync(path.join(tmpdir(), 'toolcat-gogc-'))
  try {
    const script = `
      import { readdirSync, readFileSync } from 'node:fs'
      import { writeOutDir } from ${dist('out-dir/write-out-dir.js')}
      import { stopCompiler } from ${dist('compiler/stop-compiler.js')}
      const children = () => readdirSync('/proc/self/task').flatMap((task) => readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(' ').filter(Boolean))
      await writeOutDir(${JSON.stringify(fixtureCatalog())}, { root: ${JSON.stringify(fixtureRoot)}, outDir: ${JSON.stringify(out)} })
      const esbuild = children().find((pid) => readFileSync('/proc/' + pid + '/comm', 'utf8').trim() === 'esbuild')
      const entry = readFileSync('/proc/' + esbuild + '/environ', 'utf8').split('\\0').find((line) => line.startsWith('GOGC='))
      await stopCompiler()
      process.stdout.write(JSON.stringify({ compiler: entry === undefined ? null : entry.slice(5), own: process.env.GOGC ?? null }))
    `
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...env, TOOLCAT_COMPILER: 'esbuild' } })
    expect(run.status, run.stderr).toBe(0)
    return JSON.parse(run.stdout) as { compiler: string | null; own: string | null }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

test.skipIf(!hasProc)("esbuild's service runs with GOGC=400, the build's own environment untouched (needs Linux's /proc)", () => {
  const { GOGC: _unset, ...env } = process.env
  expect(gcOfBuild(env)).toEqual({ compiler: '400', own: null })
})

test.skipIf(!hasProc)("a GOGC the user set reaches esbuild's service as it is (needs Linux's /proc)", () => {
  expect(gcOfBuild({ ...process.env, GOGC: '150' })).toEqual({ compiler: '150', own: '150' })
})
