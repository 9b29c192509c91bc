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
  return first === undefined ? 'it is not a valid catalog' : describeError(value, first.instancePath, first.message ?? 'is invalid')
}

/**
 * `<JSON pointer> <reason>`; within a tool, the tool's name and the field instead of the pointer
 * (`tool "forecast": source.export must match pattern …`).
 */
function describeError(value: unknown, pointer: string, reason: string): string {
  const match = /^\/tools\/(\d+)(?:\/(.*))?$/.exec(pointer)
  const tools = (value as { tools?: unknown }).tools
  const name = match === null || !Array.isArray(tools) ? undefined : (tools[Number(match[1])] as { name?: unknown } | undefined)?.name
  if (match === null || typeof name !== 'string') return `${pointer || '/'} ${reason}`
  const field = (match[2] ?? '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.')
  return `tool ${JSON.stringify(name)}: ${field === '' ? 'the entry' : field} ${reason}`
}

function schema(): object {
  const file = createRequire(import.meta.url).resolve('toolcat/catalog.schema.json')
  return JSON.parse(readFileSync(file, 'utf8')) as object
}
