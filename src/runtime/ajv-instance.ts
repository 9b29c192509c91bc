import { Ajv, type Options } from 'ajv'
import formats from 'ajv-formats'
import { type FormatName, fullFormats } from 'ajv-formats/dist/formats.js'
import { ajvOptions } from './ajv-options.js'
import { decimalMultipleOf } from './decimal-multiple.js'
import type { JsonSchema } from './types.js'

/**
 * A fresh ajv instance under the shared `ajvOptions` (plus `extra`), knowing the ajv-formats formats
 * that `schema` names, with `multipleOf` exact for decimal steps. Registering only the formats
 * named, instead of all thirty-odd, is a third of the cost of compiling a typical tool's validator;
 * a format ajv-formats does not know stays unknown either way.
 */
export function ajvFor(schema: JsonSchema, extra: Options = {}): Ajv {
  // `code` merged, not replaced: an extra code option (source, esm…) keeps the linear-time pattern engine.
  const ajv = new Ajv({ ...ajvOptions, ...extra, code: { ...ajvOptions.code, ...extra.code } })
  ajv.removeKeyword('multipleOf').addKeyword(decimalMultipleOf)
  formats.default(ajv, { formats: formatsNamedIn(schema), keywords: true })
  return ajv
}

/** The known format names a schema mentions, sorted so the generated code does not depend on key order. */
function formatsNamedIn(schema: unknown): FormatName[] {
  const names = new Set<FormatName>()
  const seen = new Set<object>() // a schema built in code may share or even cycle through subschemas
  const pending: unknown[] = [schema]
  while (pending.length > 0) {
    const node = pending.pop()
    if (node === null || typeof node !== 'object' || seen.has(node)) continue
    seen.add(node)
    if (Array.isArray(node)) {
      pending.push(...node)
      continue
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string' && isFormatName(value)) names.add(value)
      else pending.push(value)
    }
  }
  return [...names].sort()
}

function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(fullFormats, name)
}
