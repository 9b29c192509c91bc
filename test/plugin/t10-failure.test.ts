import { rmSync } from 'node:fs'
import { expect, test } from 'vitest'
import { bundlers } from './helpers/bundlers.js'
import { fixture, outputFolder } from './helpers/paths.js'

// fixtures/plugin-side-effect/tools/ping.ts calls console.log at its top level, on line 3.
test.each(Object.keys(bundlers) as (keyof typeof bundlers)[])('%s fails the build at the statement that breaks T10', async (name) => {
  const outDir = outputFolder(`side-effect-${name}`)
  rmSync(outDir, { recursive: true, force: true })
  const failure = await bundlers[name](fixture('plugin-side-effect'), outDir).then(
    () => new Error('the build succeeded'),
    (error: unknown) => error,
  )
  expect(String(failure)).toMatch(/tools\/ping\.ts:3:1 - error TC\d{4}: .*console\.log/)
})
