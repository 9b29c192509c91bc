import { fullFormats } from 'ajv-formats/dist/formats.js'
import { codes, type DiagnosticCode } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import { maxPatternLength } from '../runtime/limits.js'
import { linearRegExp } from '../runtime/validator-runtime/linear-reg-exp.js'
import { isKnownTag, numericTags, suggestTag } from './jsdoc-tags.js'
import { valueCandidates } from './jsdoc-values.js'
import type { Docs } from './view.js'

/** Keywords that constrain values; they cannot sit beside a `$ref` in draft-07, which ignores its siblings. */
export const validationKeywords: ReadonlySet<string> = new Set<string>([...numericTags, 'pattern', 'format', 'uniqueItems', 'type'])

/** A problem with a JSDoc tag; warnings leave the schema as if the tag were not there. */
export interface AnnotationProblem {
  readonly code: DiagnosticCode
  readonly message: string
  readonly severity: 'error' | 'warning'
  readonly hint?: string
}

/** A `@default` or `@example(s)` value, to be checked against the schema it describes. */
export interface TagValue {
  readonly keyword: 'default' | 'examples'
  /** The tag as written, for messages (`@default`). */
  readonly tag: string
  /** What the text may stand for, most specific first (see `valueCandidates`). */
  readonly candidates: readonly unknown[]
  /** How a value the schema refuses is reported: `@example` often holds code rather than a value. */
  readonly severity: 'error' | 'warning'
}

/** The keywords a JSDoc block asks for, before they meet the type they describe. */
export interface Annotation<N = unknown> {
  /** Keywords; `default` and `examples` hold their first candidates until checked. */
  readonly keywords: JsonSchema
  readonly values: readonly TagValue[]
  /** `@integer`, `@asType integer` or `@type integer`: the number is an integer. */
  readonly integer: boolean
  /** `@nullable` (ts-json-schema-generator's tag): the type decides whether `null` is a value; checked against it. */
  readonly nullable?: boolean
  /** Problems reading the block (typos, unreadable values, unknown formats). */
  readonly problems: readonly AnnotationProblem[]
  /** Where the block is written and what it is written on: every problem with it is reported there, once. */
  readonly node: N | undefined
  readonly label: string
}

const textTags = new Set(['title', 'format', 'pattern'])
/** A line a generator writes before the description (openapi-typescript: `Format: date-time`). */
const generatorLine = /^Format:\s*(\S+)\s*$/

/**
 * Schema keywords from JSDoc. The description is the `@description` tag, else the free text less
 * generator lines; known tags become their keyword; a tag that looks like a misspelled schema tag
 * is a warning; standard and unrelated tags pass silently. A value that cannot be read is an error.
 */
export function annotationsOf<N>(written: Docs<N>, label: string): Annotation<N> {
  const docs = withTextTags(written)
  const problems: AnnotationProblem[] = []
  const report = (problem: AnnotationProblem) => problems.push(problem)
  const keywords: Record<string, unknown> = {}
  const values: TagValue[] = []
  let integer = false
  let nullable = false
  const { description, format } = descriptionOf(docs)
  if (description) keywords['description'] = description
  if (format) keywords['format'] = format
  const error = (message: string) => report({ code: codes.unsupportedType, message, severity: 'error' })
  for (const { name, text } of docs.tags) {
    const value = text.trim()
    if ((numericTags as readonly string[]).includes(name)) {
      const number = Number(value)
      if (value === '' || !Number.isFinite(number)) error(`@${name} expects a number, got '${value}'`)
      else keywords[name] = number
    } else if (name === 'pattern') {
      const fault = patternFault(value)
      if (fault === undefined) keywords[name] = value
      else error(`@pattern ${fault}`)
    } else if (textTags.has(name)) {
      keywords[name] = value
    } else if (name === 'uniqueItems') {
      keywords[name] = value !== 'false'
    } else if (name === 'deprecated' || name === 'readOnly' || name === 'writeOnly') {
      keywords[name] = true
    } else if (name === 'integer' || ((name === 'asType' || name === 'type') && /^\{?\s*integer\s*\}?$/.test(value))) {
      integer = true
    } else if (name === 'nullable') {
      nullable = true
    } else if (name === 'default') {
      values.push({ keyword: 'default', tag: '@default', candidates: valueCandidates(value), severity: 'error' })
    } else if (name === 'examples' || name === 'example') {
      values.push(...exampleValues(name, value))
    } else if (name !== 'description' && name !== 'asType' && name !== 'type') {
      const suggestion = suggestTag(name)
      if (suggestion !== undefined) {
        report({ code: codes.annotation, severity: 'warning', message: `unknown tag @${name}: did you mean @${suggestion}?`, hint: `@${name} is not a schema tag and is left out` })
      }
    }
  }
  if (typeof keywords['format'] === 'string' && !Object.hasOwn(fullFormats, keywords['format'])) {
    report({
      code: codes.annotation,
      severity: 'warning',
      message: `unknown format '${keywords['format']}'; left out of the schema`,
      hint: `use a format the validator knows: ${Object.keys(fullFormats).join(', ')}`,
    })
    delete keywords['format']
  }
  const defaults = values.find((entry) => entry.keyword === 'default')
  if (defaults) keywords['default'] = defaults.candidates[0]
  const examples = values.filter((entry) => entry.keyword === 'examples')
  if (examples.length > 0) keywords['examples'] = examples.map((entry) => entry.candidates[0])
  return { keywords, values: [...(defaults ? [defaults] : []), ...examples], integer, ...(nullable && { nullable }), problems, node: docs.node, label: docs.name ?? label }
}

/**
 * The docs with each `@word` written mid-sentence given back to the description: a tag after other
 * text on its line (`Contact @support for access.`) that is no schema tag, no standard tag and no
 * typo of a schema tag is text TypeScript read as a tag, so its name and text rejoin the description
 * (in order, after the free text). Tags at the start of a line, and known tags anywhere (a one-line
 * `/** Owner login. @minLength 2 *\/`), stay tags.
 */
export function withTextTags<N>(docs: Docs<N>): Docs<N> {
  const midLine = [...(docs.midLine ?? [])]
  if (midLine.length === 0) return docs
  const text: string[] = []
  const tags = docs.tags.filter((tag) => {
    const at = midLine.indexOf(tag.name)
    if (at < 0) return true
    midLine.splice(at, 1)
    if (isKnownTag(tag.name) || suggestTag(tag.name) !== undefined) return true
    const rest = tag.text.trim()
    // `by @team.` comes back as tag `team` with text `.`: punctuation follows the word directly.
    text.push(`@${tag.name}${rest === '' || /^[.,;:!?)]/.test(rest) ? rest : ` ${rest}`}`)
    return false
  })
  if (text.length === 0) return docs
  const description = [docs.description?.trim() ?? '', ...text].filter(Boolean).join(' ')
  return { ...docs, description, tags }
}

/** An annotation with nothing in it, and nothing wrong with it. */
export function isEmpty<N>(annotation: Annotation<N>): boolean {
  return Object.keys(annotation.keywords).length === 0 && !annotation.integer && annotation.nullable !== true && annotation.problems.length === 0
}

/** `@examples [a, b]` lists several examples; `@example x` (and `@examples x`) is one. */
function exampleValues(name: string, text: string): TagValue[] {
  const severity = name === 'examples' ? 'error' : 'warning'
  const candidates = valueCandidates(text)
  const [first] = candidates
  if (name === 'examples' && Array.isArray(first)) {
    return first.map((item: unknown) => ({ keyword: 'examples', tag: `@${name}`, candidates: [item], severity }))
  }
  return [{ keyword: 'examples', tag: `@${name}`, candidates, severity }]
}

/** The description a model reads, and the format a generator line gives. */
function descriptionOf<N>(docs: Docs<N>): { description?: string; format?: string } {
  const tagged = docs.tags.filter((tag) => tag.name === 'description').map((tag) => tag.text.trim()).filter(Boolean)
  const lines = (docs.description ?? '').split('\n')
  let format: string | undefined
  while (lines.length > 0 && generatorLine.test(lines[0]?.trim() ?? '')) format ??= generatorLine.exec(lines.shift()?.trim() ?? '')?.[1]
  const free = lines.join('\n').trim()
  const description = tagged.length > 0 ? tagged.join('\n\n') : free
  const explicitFormat = docs.tags.some((tag) => tag.name === 'format')
  return { ...(description && { description }), ...(format !== undefined && !explicitFormat && { format }) }
}

/** `patternFault`'s answers by pattern: a shared type's `@pattern` is met once per tool that uses it, and compiling it costs ~0.1 ms. */
const patternFaults = new Map<string, string | undefined>()

/**
 * Why a pattern cannot be used: the runtime compiles it with the `u` flag, refuses long ones, and
 * matches in linear time, which a backreference, a lookaround or a repetition count over 1000 defeat.
 */
function patternFault(pattern: string): string | undefined {
  if (patternFaults.has(pattern)) return patternFaults.get(pattern)
  // A bound, not an eviction policy: a project has a handful of distinct patterns.
  if (patternFaults.size >= 1024) patternFaults.clear()
  const fault = compiledPatternFault(pattern)
  patternFaults.set(pattern, fault)
  return fault
}

function compiledPatternFault(pattern: string): string | undefined {
  if (pattern.length > maxPatternLength) return `is longer than ${maxPatternLength} characters`
  try {
    new RegExp(pattern, 'u')
  } catch (error) {
    return `is not a valid regular expression: ${messageOf(error)}`
  }
  try {
    linearRegExp(pattern, 'u')
    return undefined
  } catch (error) {
    return `cannot be matched in linear time: ${messageOf(error)}`
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
