import fc from 'fast-check'
import { UNDECLARED_KEYS } from './type-grammar.js'

type Schema = Record<string, unknown>

/**
 * A source of choices: the numbers fast-check generated (and shrinks towards fewer and smaller),
 * read one at a time; 0 once they run out, and 0 always picks the simplest option. A value is a
 * function of the derived schema and these choices, so fast-check can shrink it although the schema
 * is only known once the catalog is built.
 */
export class Choices {
  #at = 0
  constructor(readonly values: readonly number[]) {}
  /** A number below `bound` (0 when none are left). */
  pick(bound: number): number {
    const value = this.values[this.#at++] ?? 0
    return bound <= 0 ? 0 : value % bound
  }
  /** One of `options`, the first when none are left. */
  one<T>(options: readonly T[]): T {
    return options[this.pick(options.length)] as T
  }
}

/** The choices a value is drawn with: shrinking makes them fewer and smaller, so the value simpler. */
export const choiceList = fc.array(fc.nat({ max: 1_000 }), { maxLength: 24 })

/** Interesting values a mutation puts in place of any value. */
const REPLACEMENTS: readonly unknown[] = [null, '', 0, 1, -1, 2.5, true, false, [], {}, 'a', 'b', 'ok', '5', 'true', '1px', 'id-3', 'circle', 'x-y', 'on', 10, 1e21, ' ', ['a'], [1], { a: 1 }, { kind: 'circle' }]

/** A JSON value of `schema` (as far as a sampler can tell: `not`, `pattern` and `allOf` are followed loosely), then mutated at random paths. */
export function valueFromSchema(root: Schema, choices: Choices): unknown {
  const sampler = new Sampler(root, choices)
  let value = sampler.sample(root, 0)
  const mutations = choices.pick(3)
  for (let count = 0; count < mutations; count++) value = sampler.mutate(value)
  return value
}

class Sampler {
  readonly #subschemas: Schema[] = []
  constructor(readonly root: Schema, readonly choices: Choices) {
    collect(root, this.#subschemas)
  }

  resolve(schema: Schema): Schema {
    let current = schema
    for (let step = 0; typeof current['$ref'] === 'string' && step < 32; step++) {
      const name = decodeURIComponent((current['$ref'] as string).replace(/^#\/(\$defs|definitions)\//, ''))
      current = ((this.root['$defs'] ?? this.root['definitions']) as Record<string, Schema> | undefined)?.[name] ?? {}
    }
    return current
  }

  sample(given: Schema | boolean, depth: number): unknown {
    if (typeof given === 'boolean') return given ? this.any(depth) : null
    const schema = this.resolve(given)
    const { choices } = this
    if ('const' in schema) return schema['const']
    if (Array.isArray(schema['enum'])) return choices.one(schema['enum'])
    const branches = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined
    if (Array.isArray(branches) && branches.length > 0) {
      const { anyOf: _a, oneOf: _o, ...rest } = schema
      const branch = this.resolve(choices.one(branches))
      return this.sample({ ...rest, ...branch }, depth)
    }
    if (Array.isArray(schema['allOf']) && schema['allOf'].length > 0) {
      const { allOf, ...rest } = schema
      return this.sample(Object.assign({}, rest, ...(allOf as Schema[]).map((part) => this.resolve(part))), depth)
    }
    if ('not' in schema && Object.keys(schema).length === 1) return this.any(depth)
    const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : typeof schema['type'] === 'string' ? [schema['type'] as string] : undefined
    const type = types === undefined ? (schema['properties'] !== undefined ? 'object' : undefined) : choices.one(types)
    switch (type) {
      case 'string':
        return this.string(schema)
      case 'number':
        return choices.one([0, 1, -1, 2.5, 42, 1e6, -0.5])
      case 'integer':
        return choices.one([0, 1, -1, 42])
      case 'boolean':
        return choices.one([false, true])
      case 'null':
        return null
      case 'array':
        return this.array(schema, depth)
      case 'object':
        return this.object(schema, depth)
      default:
        return this.any(depth)
    }
  }

  string(schema: Schema): string {
    const pattern = schema['pattern']
    if (typeof pattern === 'string') {
      // fast-check draws a string the pattern matches, from a seed that is itself a choice.
      const [drawn] = fc.sample(fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' }), { seed: this.choices.pick(1_000), numRuns: 1 })
      return drawn ?? ''
    }
    return this.choices.one(['', 'a', 'text', 'ok', '12', 'A-1'])
  }

  array(schema: Schema, depth: number): unknown[] {
    const items = schema['items']
    const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0
    const max = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : min + 3
    const length = depth > 4 ? min : min + this.choices.pick(Math.max(0, max - min) + 1)
    const values: unknown[] = []
    for (let index = 0; index < length; index++) {
      const item = Array.isArray(items) ? (items[index] ?? schema['additionalItems'] ?? {}) : (items ?? {})
      values.push(this.sample(item as Schema | boolean, depth + 1))
    }
    return values
  }

  object(schema: Schema, depth: number): Record<string, unknown> {
    const properties = (schema['properties'] ?? {}) as Record<string, Schema>
    const required = new Set((schema['required'] ?? []) as string[])
    const value: Record<string, unknown> = {}
    for (const [key, property] of Object.entries(properties)) {
      if (required.has(key) || (depth <= 4 && this.choices.pick(2) === 1)) value[key] = this.sample(property, depth + 1)
    }
    const additional = schema['additionalProperties']
    if (typeof additional === 'object' && additional !== null && depth <= 4) {
      const extra = this.choices.pick(3)
      for (let index = 0; index < extra; index++) value[this.choices.one(['k', 'b', 'a', 'eu-west', '1'])] = this.sample(additional as Schema, depth + 1)
    }
    return value
  }

  any(depth: number): unknown {
    return depth > 4 ? null : this.choices.one(REPLACEMENTS)
  }

  /** The value with one change at a random path: replaced, removed, given an undeclared key, an item more or less, or a value of another part of the schema. */
  mutate(value: unknown): unknown {
    const paths = pathsOf(value)
    const path = this.choices.one(paths)
    const target = at(value, path)
    const { choices } = this
    switch (choices.pick(6)) {
      case 0:
        return replaced(value, path, choices.one(REPLACEMENTS))
      case 1:
        return replaced(value, path, this.sample(choices.one(this.#subschemas), 3))
      case 2:
        if (isRecord(target)) return replaced(value, path, { ...target, [choices.one([...UNDECLARED_KEYS, 'a', 'kind', 'id', 'b'])]: choices.one(REPLACEMENTS) })
        return replaced(value, path, choices.one(REPLACEMENTS))
      case 3:
        if (isRecord(target) && Object.keys(target).length > 0) {
          const key = choices.one(Object.keys(target))
          const { [key]: _removed, ...rest } = target
          return replaced(value, path, rest)
        }
        if (Array.isArray(target) && target.length > 0) return replaced(value, path, target.slice(0, -1))
        return value
      case 4:
        if (Array.isArray(target)) return replaced(value, path, [...target, target.length > 0 ? target[0] : choices.one(REPLACEMENTS)])
        if (typeof target === 'number') return replaced(value, path, choices.one([-target, target + 0.5, String(target), target * 1000]))
        if (typeof target === 'string') return replaced(value, path, choices.one([`${target}x`, target.slice(1), ` ${target}`, target.toUpperCase(), `0x1${target}`]))
        return value
      default:
        return replaced(value, path, String(target))
    }
  }
}

function collect(schema: unknown, into: Schema[]): void {
  if (Array.isArray(schema)) {
    for (const item of schema) collect(item, into)
    return
  }
  if (!isRecord(schema)) return
  if (schema['type'] !== undefined || schema['enum'] !== undefined || schema['const'] !== undefined || schema['anyOf'] !== undefined) into.push(schema)
  for (const [key, child] of Object.entries(schema)) if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') collect(child, into)
}

type Path = readonly (string | number)[]

function pathsOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path)
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...path, index], into))
  else if (isRecord(value)) for (const key of Object.keys(value)) pathsOf(value[key], [...path, key], into)
  return into
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)[key], value)
}

function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, replacement) : item))
  const record = value as Record<string, unknown>
  return Object.fromEntries(Object.keys(record).map((key) => [key, key === head ? replaced(record[key], rest, replacement) : record[key]]))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
