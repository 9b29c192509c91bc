import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { ValidateFunction } from 'ajv'

let validate: ValidateFunction | undefined

/**
 * Checks a value against toolcat's own `catalog.schema.json` (found through the package's
 * `./catalog.schema.json` export, so it is the file shipped with this very release). Returns the
 * first problem as `<JSON pointer> <reason>`, or undefined when the value is a valid catalog.
 */
export function catalogSchemaProblem(value: unknown): string | undefined {
  // Loaded on first use: ajv costs a quarter of a second, and most builds merge no dependency catalogs.
  const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv')
  validate ??= new Ajv({ strict: false }).compile(schema())
  if (validate(value)) return undefined
  const [first] = validate.errors ?? []
  return first === undefined ? 'it is not a valid catalog' : `${first.instancePath || '/'} ${first.message ?? 'is invalid'}`
}

function schema(): object {
  const file = createRequire(import.meta.url).resolve('toolcat/catalog.schema.json')
  return JSON.parse(readFileSync(file, 'utf8')) as object
}
