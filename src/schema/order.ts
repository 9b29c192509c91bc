/** Code-unit string order: unlike `localeCompare`, the same on every machine (T11). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
