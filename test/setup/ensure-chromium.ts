import { ensureChromium, missingChromium } from './chromium.js'

/**
 * Vitest global setup: makes sure the browser tests have a Chromium before any test starts, and
 * hands its path to every test process as `TOOLCAT_CHROMIUM`. When there is none and it cannot be
 * installed, the run stops here with one line saying how to get one, rather than with a launch
 * error deep inside a browser test.
 */
export default function setup(): void {
  const found = ensureChromium()
  if (found === undefined) {
    process.stderr.write(`${missingChromium}\n`)
    process.exit(1)
  }
  process.env.TOOLCAT_CHROMIUM = found
}
