import type { JsonSchema } from '../runtime/types.js'
import { maxPatternLength } from '../runtime/limits.js'
import type { Docs } from './view.js'

const numericTags = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'minItems', 'maxItems',
] as const
const textTags = ['title', 'format'] as const

/** Keywords that constrain values; they cannot sit beside a `$ref` in draft-07, which ignores its siblings. */
export const validationKeywords: ReadonlySet<string> = new Set<string>([...numericTags, 'pattern', 'format', 'uniqueItems'])

/**
 * Schema keywords from JSDoc: the free text becomes `description`, known tags their keyword.
 * Values are read as JSON where they are JSON, else as text; a non-numeric bound is reported.
 */
export function annotationsOf(docs: Docs, report: (message: string) => void): JsonSchema {
  const keywords: Record<string, unknown> = {}
  if (docs.description) keywords['description'] = docs.description
  for (const { name, text } of docs.tags) {
    const value = text.trim()
    if ((numericTags as readonly string[]).includes(name)) {
      const number = Number(value)
      if (value === '' || !Number.isFinite(number)) report(`@${name} expects a number, got '${value}'`)
      else keywords[name] = number
    } else if (name === 'pattern') {
      const fault = patternFault(value)
      if (fault === undefined) keywords[name] = value
      else report(`@pattern ${fault}`)
    } else if ((textTags as readonly string[]).includes(name)) {
      keywords[name] = value
    } else if (name === 'uniqueItems') {
      keywords[name] = value === '' ? true : parseValue(value)
    } else if (name === 'default') {
      keywords[name] = parseValue(value)
    } else if (name === 'examples') {
      const examples = parseValue(value)
      keywords[name] = Array.isArray(examples) ? examples : [examples]
    } else if (name === 'deprecated') {
      keywords[name] = true
    }
  }
  return keywords
}

/** Why a pattern cannot be used: the runtime compiles it with the `u` flag and refuses long ones. */
function patternFault(pattern: string): string | undefined {
  if (pattern.length > maxPatternLength) return `is longer than ${maxPatternLength} characters`
  try {
    new RegExp(pattern, 'u')
    return undefined
  } catch (error) {
    return `is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`
  }
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
