import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { chromiumCandidates, missingChromium } from './chromium.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Runs `vitest run <one small test file>` as a newcomer's `npm test` would, on this machine made to
 * look fresh: inside a private mount namespace, every Chromium is hidden behind a non-executable
 * file, HOME points where playwright has downloaded nothing, and apt-get is either hidden too or
 * replaced by `apt` (a script that records its arguments and, for `install`, brings /usr/bin/chromium
 * back as the real package would). Nothing outside the namespace changes.
 */
function freshMachineRun(apt: 'none' | 'recording'): { status: number | null; output: string; aptCalls: string[] } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'toolcat-fresh-machine-'))
  const hidden = path.join(scratch, 'hidden')
  writeFileSync(hidden, '')
  chmodSync(hidden, 0o644)
  const log = path.join(scratch, 'apt-calls')
  const fakeApt = path.join(scratch, 'apt-get')
  writeFileSync(fakeApt, `#!/bin/sh\necho "$*" >> ${log}\nif [ "$1" = install ]; then umount /usr/bin/chromium; fi\n`)
  chmodSync(fakeApt, 0o755)
  const hide = chromiumCandidates.filter((file) => existsSync(file)).map((file) => `mount --bind ${hidden} ${file}`)
  const script = [
    'set -e',
    ...hide,
    `mount --bind ${apt === 'none' ? hidden : fakeApt} /usr/bin/apt-get`,
    `exec env -u TOOLCAT_CHROMIUM HOME=${scratch} TOOLCAT_SKIP_BUILD=1 ${process.execPath} node_modules/vitest/vitest.mjs run test/runtime/tool-error.test.ts`,
  ].join('\n')
  const run = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const aptCalls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []
  return { status: run.status, output: `${run.stdout}${run.stderr}`, aptCalls }
}

test('on a fresh machine where Chromium cannot be installed, the run stops at once with one line saying how', () => {
  const run = freshMachineRun('none')
  expect(run.status).toBe(1)
  expect(run.output.split('\n').filter((line) => line.includes('Chromium'))).toEqual([missingChromium])
  expect(run.output).not.toMatch(/\n\s+at |Unhandled|Tests +\d/)
}, 120_000)

test("on a fresh machine as root with apt-get, the run installs Debian's chromium and goes on", () => {
  const run = freshMachineRun('recording')
  expect(run.aptCalls).toEqual(['update -qq', 'install -y -qq chromium'])
  expect(run.output).toContain("toolcat: no Chromium found; installing Debian's chromium for the browser tests (apt-get install chromium)")
  expect(run.output).not.toContain(missingChromium)
  expect(run.output).toMatch(/Tests +\d+ passed/)
  expect(run.status).toBe(0)
}, 120_000)
