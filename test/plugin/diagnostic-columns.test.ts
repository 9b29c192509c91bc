import { rmSync } from 'node:fs'
import { expect, test } from 'vitest'
import { runCli } from '../cli/run-cli.js'
import { bundlers } from './helpers/bundlers.js'
import { fixture, outputFolder } from './helpers/paths.js'

// fixtures/plugin-column-error/tools/schedule.ts takes `when: Date` at line 6, column 34 (1-based, as tsc counts).
const everyPosition = (text: string): string[] => [...text.matchAll(/schedule\.ts(?::| \()(\d+):(\d+)/g)].map((match) => `${match[1]}:${match[2]}`)

test.each(Object.keys(bundlers) as (keyof typeof bundlers)[])('%s prints the position of a diagnostic one way, 1-based, in its header and in the message', async (name) => {
  const outDir = outputFolder(`column-${name}`)
  rmSync(outDir, { recursive: true, force: true })
  const failure = await bundlers[name](fixture('plugin-column-error'), outDir).then(
    () => new Error('the build succeeded'),
    (error: unknown) => error,
  )
  const printed = `${String(failure)}\n${(failure as { frame?: string }).frame ?? ''}`
  expect(printed).toMatch(/tools\/schedule\.ts:6:34 - error TC\d{4}: when: Date is not a JSON type/)
  expect(new Set(everyPosition(printed))).toEqual(new Set(['6:34']))
})

test('the CLI prints the same position', () => {
  const run = runCli(['check', 'fixtures/plugin-column-error/tools'])
  expect(run.status).toBe(1)
  expect(everyPosition(run.stderr)).toEqual(['6:34'])
})
