import type { CatalogChange } from './types.js'

/** The changes as an aligned text table (`class  tool  path  change`), breaking rows first. */
export function formatDiffTable(changes: readonly CatalogChange[]): string {
  if (changes.length === 0) return 'no changes'
  const ordered = [...changes.filter((c) => c.class === 'breaking'), ...changes.filter((c) => c.class === 'compatible')]
  const rows = [['class', 'tool', 'path', 'change'], ...ordered.map((c) => [c.class, c.tool, c.path || '-', `${c.kind}: ${c.message}`])]
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)))
  return rows.map((row) => row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  ')).join('\n')
}
