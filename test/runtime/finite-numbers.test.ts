import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { standaloneValidator } from '../../src/emit/validators/standalone-validator.js'
import { compileSchema, isToolError, parseArguments, type JsonSchema } from '../../src/index.js'
import { argumentParser, type CompiledValidator } from '../../src/runtime/validation.js'
import { repoRoot } from '../registry/out-dir.js'

// `1e309` in JSON text parses to Infinity, and a JavaScript caller can pass NaN: neither is a
// number any tool means, whatever bounds its schema sets, compiled at run time or precompiled.
const scratch = path.join(repoRoot, '.tmp/finite-numbers-test')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const schema: JsonSchema = {
  type: 'object',
  properties: { page: { type: 'integer', minimum: 1 }, ratio: { type: 'number' }, either: { type: ['number', 'string'] }, maybe: { type: ['number', 'null'] } },
  additionalProperties: false,
}

async function precompiled(): Promise<CompiledValidator[]> {
  mkdirSync(scratch, { recursive: true })
  const file = path.join(scratch, 'validator.mjs')
  writeFileSync(file, standaloneValidator(schema))
  const { validate, branches } = (await import(pathToFileURL(file).href)) as { validate: CompiledValidator; branches: CompiledValidator[] }
  return [validate, ...branches]
}

function refusal(parse: () => unknown): string {
  try {
    parse()
  } catch (error) {
    if (isToolError(error) && error.code === 'ARGUMENTS') return error.message
    throw error
  }
  throw new Error('the arguments were accepted')
}

const cases: [Record<string, unknown>, string][] = [
  [JSON.parse('{"page":1e309}') as Record<string, unknown>, 'page: type; expected a finite integer; received Infinity (not a finite number)'],
  [{ page: -Infinity }, 'page: type; expected a finite integer; received -Infinity (not a finite number)'],
  [{ ratio: Number.NaN }, 'ratio: type; expected a finite number; received NaN (not a finite number)'],
  [JSON.parse('{"ratio":-1e400}') as Record<string, unknown>, 'ratio: type; expected a finite number; received -Infinity (not a finite number)'],
  [{ maybe: Number.POSITIVE_INFINITY }, 'maybe: type; expected a finite number | null; received Infinity (not a finite number)'],
]

describe('numbers that are not finite', () => {
  test.each(cases)('%o is refused at run time: %s', (args, message) => {
    expect(refusal(() => parseArguments(compileSchema(schema), args))).toBe(message)
  })

  test.each(cases)('%o is refused by the precompiled validator alike', async (args, message) => {
    const [validate, ...branches] = await precompiled()
    expect(refusal(() => argumentParser(schema, validate as CompiledValidator, branches)(args))).toBe(message)
  })

  test('a type that allows a string too still refuses the number, and finite numbers still pass', () => {
    expect(refusal(() => parseArguments(compileSchema(schema), { either: Number.NaN }))).toBe('either: type; expected a finite number | string; received NaN (not a finite number)')
    expect(parseArguments(compileSchema(schema), { page: 1, ratio: 1.7976931348623157e308, either: -0.5, maybe: null })).toEqual({ page: 1, ratio: 1.7976931348623157e308, either: -0.5, maybe: null })
  })
})
