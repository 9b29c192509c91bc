import { describe, expect, it } from 'vitest'
import { judge } from '../lib/targets.mjs'

const verdict = (rows, label, size) => rows.find((row) => row.label.startsWith(label) && row.size === size)?.verdict

describe('judge', () => {
  const rows = judge({
    build: {
      sizes: { 100: { ratios: { 'toolcat-full/tsc': 1.2 } }, 1000: { ratios: { 'toolcat-full/tsc': 0.8, 'tjs/toolcat-full': 1.4, 'tjs/toolcat-catalog': 1.6 } } },
      scaling: { 'toolcat-full': 2.4 },
    },
    incremental: { size: 1000, updateMs: { median: 150 } },
    runtime: { sizes: { 1000: { ratios: { 'eager/lazy': 5 } }, 3000: { ratios: { 'eager/lazy': 5 } } } },
  })

  it('passes or misses each target at the sizes it is defined for', () => {
    expect(verdict(rows, 'toolcat full derivation (catalog + registry) CPU ÷ tsc', '1000')).toBe('pass')
    expect(verdict(rows, 'typescript-json-schema CPU ÷ toolcat full', '1000')).toBe('miss')
    expect(verdict(rows, 'toolcat full derivation (catalog + registry) CPU at 3,000', '3000/1000')).toBe('miss')
    expect(verdict(rows, 'one-file incremental', '1000')).toBe('pass')
  })

  it('judges the catalog-only build against the same limits, on rows of its own', () => {
    expect(verdict(rows, 'typescript-json-schema CPU ÷ toolcat catalog only', '1000')).toBe('pass')
    expect(verdict(rows, 'toolcat catalog only (`--out`, for comparison) CPU at 3,000', '—')).toBe('not measured')
  })

  it("judges the native checker against TypeScript 7's tsc and its own catalog build", () => {
    const native = judge({
      build: {
        sizes: { 1000: { ratios: { 'toolcat-native-catalog/tsc7': 1.8, 'toolcat-native-full/tsc7': 3.4, 'toolcat-native-full/toolcat-native-catalog': 1.9 } } },
        scaling: { 'toolcat-native-catalog': 2.6 },
      },
      incremental: { size: 1000, updateMs: { median: 60 }, native: { updateMs: { median: 20 } } },
    })
    expect(verdict(native, 'native catalog CPU ÷ native tsc', '1000')).toBe('pass')
    expect(verdict(native, 'native full `--outDir` build CPU ÷ native tsc', '1000')).toBe('miss')
    expect(verdict(native, 'native full build CPU ÷ native catalog build', '1000')).toBe('miss')
    expect(verdict(native, 'native catalog CPU at 3,000', '3000/1000')).toBe('miss')
    expect(verdict(native, 'one-file incremental update on the native checker', '1000')).toBe('pass')
  })

  it('holds the eager ratio to 4× at 1,000 tools and 6× at 3,000', () => {
    expect(verdict(rows, 'eager import', '1000')).toBe('pass')
    expect(verdict(rows, 'eager import', '3000')).toBe('miss')
  })

  it('shows figures at other sizes without a verdict, and lists what was not measured', () => {
    expect(verdict(rows, 'toolcat full derivation (catalog + registry) CPU ÷ tsc', '100')).toBe('info (no target at this size)')
    expect(verdict(rows, 'lazy list', '—')).toBe('not measured')
  })
})
