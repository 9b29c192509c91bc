import { expect, test } from 'vitest'
import type { Diagnostic } from '../../src/analyze/diagnostic.js'
import { ShownDiagnostics } from '../../src/analyze/shown-diagnostics.js'

const warning: Diagnostic = { code: 'TC1014', severity: 'warning', message: 'name: @minimum does not apply to a string', file: 'tools/lookup.ts', line: 6, column: 37 }
const error: Diagnostic = { code: 'TC1005', severity: 'error', message: 'when: Date is not a JSON type', file: 'tools/meet.ts', line: 5, column: 19 }

test('a warning is shown by the first build that has it, not by the next ones while it lasts, and again once it comes back', () => {
  const shown = new ShownDiagnostics()
  expect(shown.toShow([warning])).toEqual([warning])
  expect(shown.toShow([warning])).toEqual([])
  expect(shown.toShow([{ ...warning }])).toEqual([])
  expect(shown.toShow([])).toEqual([])
  expect(shown.toShow([warning])).toEqual([warning])
})

test('a warning that moves or says something else is another one', () => {
  const shown = new ShownDiagnostics()
  shown.toShow([warning])
  const moved = { ...warning, line: 7 }
  expect(shown.toShow([moved])).toEqual([moved])
  const reworded = { ...moved, message: 'name: @maximum does not apply to a string' }
  expect(shown.toShow([moved, reworded])).toEqual([reworded])
})

test('an error is shown by every build it fails, in the order of the build’s diagnostics', () => {
  const shown = new ShownDiagnostics()
  expect(shown.toShow([warning, error])).toEqual([warning, error])
  expect(shown.toShow([warning, error])).toEqual([error])
  expect(shown.toShow([error])).toEqual([error])
})
