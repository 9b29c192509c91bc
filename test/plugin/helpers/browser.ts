import { chromium, type Browser } from 'playwright-core'

/** Headless Chromium as installed on the machine, with the flags every browser test uses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}
