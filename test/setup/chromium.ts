import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Where the browser tests look for Chromium, in order, after `TOOLCAT_CHROMIUM`. */
export const chromiumCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/snap/bin/chromium']

/** The flags every browser test launches Chromium with: headless, no sandbox (root in CI), nothing phoning home. */
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** What to do when there is no Chromium and it cannot be installed here: the one line the run stops with. */
export const missingChromium =
  'toolcat: the browser tests need Chromium and none was found: install it (Debian/Ubuntu: sudo apt-get install chromium; elsewhere: npx playwright install chromium) or set TOOLCAT_CHROMIUM=/path/to/chrome'

/** The first Chromium that can be run: `TOOLCAT_CHROMIUM`, the usual system paths, then playwright's downloaded one. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const playwrights = (() => {
    try {
      return [chromium.executablePath()]
    } catch {
      return []
    }
  })()
  return [env.TOOLCAT_CHROMIUM, ...chromiumCandidates, ...playwrights].find((file) => file !== undefined && file !== '' && isExecutable(file))
}

/**
 * A Chromium for the browser tests: found, or else installed from Debian's packages when this
 * process may (root, with apt-get) — what `.ci/run` used to do by hand. Returns its path, or
 * undefined with nothing installed when neither works.
 */
export function ensureChromium(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string | undefined {
  const found = findChromium()
  if (found !== undefined || process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) return found
  log("toolcat: no Chromium found; installing Debian's chromium for the browser tests (apt-get install chromium)")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const run = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
    if (run.status !== 0) return undefined
  }
  return findChromium()
}

/** Launches the Chromium the global setup found (`TOOLCAT_CHROMIUM`), headless, with the suite's flags. */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.TOOLCAT_CHROMIUM ?? findChromium()
  if (executablePath === undefined) throw new Error(missingChromium)
  return chromium.launch({ executablePath, args: chromiumArgs })
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}
