import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { fixtureCatalog, fixtureRoot, repoRoot } from '../registry/out-dir.js'

const dist = (file: string): string => JSON.stringify(pathToFileURL(path.join(repoRoot, 'dist/src/emit', file)).href)
const hasProc = existsSync(`/proc/${process.pid}/task`)

test.skipIf(!hasProc)("with TOOLCAT_COMPILER=esbuild, after an --outDir build, stopCompiler leaves no esbuild process: Node has reaped it, so its CPU counts as the build's (needs Linux's /proc)", () => {
  const out = mkdtempSync(path.join(tmpdir(), 'toolcat-stop-'))
  try {
    // A fresh Node process, so that no other test's esbuild is among its children.
    const script = `
      import { readdirSync, readFileSync } from 'node:fs'
      import { writeOutDir } from ${dist('out-dir/write-out-dir.js')}
      import { stopCompiler } from ${dist('compiler/stop-compiler.js')}
      const esbuildChildren = () => readdirSync('/proc/self/task').flatMap((task) => readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(' ').filter(Boolean))
        .filter((pid) => { try { return readFileSync('/proc/' + pid + '/comm', 'utf8').trim() === 'esbuild' } catch { return false } })
      await writeOutDir(${JSON.stringify(fixtureCatalog())}, { root: ${JSON.stringify(fixtureRoot)}, outDir: ${JSON.stringify(out)} })
      const during = esbuildChildren().length
      const started = performance.now()
      await stopCompiler()
      process.stdout.write(JSON.stringify({ during, after: esbuildChildren().length, ms: performance.now() - started }))
    `
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, TOOLCAT_COMPILER: 'esbuild' } })
    expect(run.status, run.stderr).toBe(0)
    const { during, after, ms } = JSON.parse(run.stdout) as { during: number; after: number; ms: number }
    expect(during).toBe(1)
    expect(after).toBe(0)
    expect(ms).toBeLessThan(2000)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})
