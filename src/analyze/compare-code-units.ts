/** Orders strings by UTF-16 code units, independent of locale, as the catalog's sort order is defined. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
