import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Ajv } from 'ajv'
import { afterAll, describe, expect, test } from 'vitest'
import { standaloneValidator } from '../../src/emit/validators/standalone-validator.js'
import { compileSchema, isToolError, parseArguments, type JsonSchema, type ToolFault } from '../../src/index.js'
import type { PatternEngine } from '../../src/runtime/normalise/pattern-engine.js'
import { argumentParser, type CompiledValidator } from '../../src/runtime/validation.js'
import { repoRoot } from '../registry/out-dir.js'

// Inside the repository, so the generated modules' imports of ajv's helpers resolve.
const scratch = path.join(repoRoot, '.tmp/normalise-test')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let modules = 0

type Outcome = { parsed: unknown } | { message: string; faults: readonly ToolFault[] | undefined }

/** Parses `args` with `schema` compiled at run time and precompiled as a standalone module; both must answer alike. */
async function parse(schema: JsonSchema, args: Record<string, unknown>): Promise<Outcome> {
  const runtime = outcome(() => parseArguments(compileSchema(schema), args))
  mkdirSync(scratch, { recursive: true })
  const file = path.join(scratch, `validator-${modules++}.mjs`)
  writeFileSync(file, standaloneValidator(schema))
  const { validate, branches, regExp } = (await import(pathToFileURL(file).href)) as { validate: CompiledValidator; branches: CompiledValidator[]; regExp?: PatternEngine }
  expect(outcome(() => argumentParser(schema, validate, branches, regExp)(args))).toEqual(runtime)
  return runtime
}

function outcome(run: () => unknown): Outcome {
  try {
    return { parsed: run() }
  } catch (error) {
    if (!isToolError(error)) throw error
    return { message: error.message, faults: error.context?.faults }
  }
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({ type: 'object', properties, additionalProperties: false, ...extra })
const tagged = (tag: string, value: string, properties: Record<string, unknown>, required: string[] = []) =>
  object({ [tag]: { type: 'string', const: value }, ...properties }, { required: [tag, ...required] })

describe('discriminated unions', () => {
  const line = { anyOf: [tagged('kind', 'product', { sku: { type: 'string' } }, ['sku']), tagged('kind', 'discount', { code: { type: 'string' }, percent: { type: 'integer', default: 10 } }, ['code'])] }
  const cart = object({ items: { type: 'array', items: line } })

  test('each branch is chosen by its tag, keeps its own keys and fills its own defaults', async () => {
    expect(await parse(cart, { items: [{ kind: 'product', sku: 'a', code: 'x' }, { kind: 'discount', code: 'x', sku: 'a', percent: '5' }, { kind: 'discount', code: 'y' }] })).toEqual({
      parsed: { items: [{ kind: 'product', sku: 'a' }, { kind: 'discount', code: 'x', percent: 5 }, { kind: 'discount', code: 'y', percent: 10 }] },
    })
  })

  test('a fault names the branch, nested branches too', async () => {
    const block = { anyOf: [tagged('type', 'divider', {}), tagged('type', 'context', { elements: { type: 'array', items: line } }, ['elements'])] }
    const message = object({ blocks: { type: 'array', items: block } })
    const refused = await parse(message, { blocks: [{ type: 'divider' }, { type: 'context', elements: [{ kind: 'discount', code: 1 }] }] })
    expect(refused).toMatchObject({ message: 'blocks.1 (type "context"): elements.0 (kind "discount"): code: type; expected string; received 1' })
    expect((refused as { faults: readonly ToolFault[] }).faults[0]).toEqual({
      path: ['blocks', 1, 'elements', 0, 'code'],
      reason: 'type',
      expected: 'string',
      received: 1,
      branches: [
        { depth: 2, tag: 'type', value: 'context' },
        { depth: 4, tag: 'kind', value: 'discount' },
      ],
    })
  })

  test('a missing tag, or one naming no branch, says no branch matches and lists the tags', async () => {
    expect(await parse(cart, { items: [{ sku: 'a' }] })).toMatchObject({ message: 'items.0.kind: required; expected one of ["product","discount"] (no union branch matches)' })
    expect(await parse(cart, { items: [{ kind: 5 }] })).toMatchObject({ message: 'items.0.kind: anyOf; expected one of ["product","discount"] (no union branch matches); received 5' })
  })

  test('a union beside null and other types: objects go to their branch, other values to the rest', async () => {
    const schema = object({ owner: { anyOf: [tagged('kind', 'user', { id: { type: 'string' } }, ['id']), tagged('kind', 'team', { slug: { type: 'string' } }, ['slug']), { type: 'null' }, { type: 'integer' }] } })
    expect(await parse(schema, { owner: null })).toEqual({ parsed: { owner: null } })
    expect(await parse(schema, { owner: '7' })).toEqual({ parsed: { owner: 7 } })
    expect(await parse(schema, { owner: { kind: 'team', slug: 's', id: 'x' } })).toEqual({ parsed: { owner: { kind: 'team', slug: 's' } } })
    expect(await parse(schema, { owner: { kind: 'user' } })).toMatchObject({ message: 'owner (kind "user"): id: required; expected a value' })
    expect(await parse(schema, { owner: 'me' })).toMatchObject({ message: 'owner: type; expected object | null | integer; received "me"' })
  })

  test('an object union at the root, beside type: object', async () => {
    const schema = { type: 'object', anyOf: [tagged('mode', 'copy', { to: { type: 'string' } }, ['to']), tagged('mode', 'move', { to: { type: 'string' }, force: { type: 'boolean' } }, ['to'])] }
    expect(await parse(schema, { mode: 'move', to: 'x', force: 'true', stray: 1 })).toEqual({ parsed: { mode: 'move', to: 'x', force: true } })
    expect(await parse(schema, { mode: 'copy', to: 'x', force: true })).toEqual({ parsed: { mode: 'copy', to: 'x' } })
    expect(await parse(schema, { mode: 'copy' })).toMatchObject({ message: '(mode "copy"): to: required; expected a value' })
  })

  test('recursive branches through $defs', async () => {
    const schema = {
      ...object({ root: { $ref: '#/$defs/Node' } }),
      $defs: {
        Node: { anyOf: [{ $ref: '#/$defs/Leaf' }, tagged('kind', 'group', { children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, ['children'])] },
        Leaf: tagged('kind', 'leaf', { size: { type: 'number' } }, ['size']),
      },
    }
    const tree = { kind: 'group', children: [{ kind: 'leaf', size: '2', x: 1 }, { kind: 'group', children: [{ kind: 'leaf', size: 3 }] }] }
    expect(await parse(schema, { root: tree })).toEqual({ parsed: { root: { kind: 'group', children: [{ kind: 'leaf', size: 2 }, { kind: 'group', children: [{ kind: 'leaf', size: 3 }] }] } } })
    expect(await parse(schema, { root: { kind: 'group', children: [{ kind: 'group', children: [{ kind: 'leaf' }] }] } })).toMatchObject({
      message: 'root (kind "group"): children.0 (kind "group"): children.0 (kind "leaf"): size: required; expected a value',
    })
  })
})

describe('unions without a discriminator', () => {
  const owner = object({ owner: { anyOf: [object({ id: { type: 'string' } }, { required: ['id'] }), object({ id: { type: 'string' }, email: { type: 'string' } }, { required: ['id', 'email'] })] } })

  test('a branch the value fits as sent wins, then one it fits with its undeclared keys dropped', async () => {
    expect(await parse(owner, { owner: { id: 'a', email: 'e' } })).toEqual({ parsed: { owner: { id: 'a', email: 'e' } } })
    expect(await parse(owner, { owner: { id: 'a', email: 1 } })).toEqual({ parsed: { owner: { id: 'a' } } })
  })

  test('branches of optional keys only: the one keeping the most keys sent wins, not the first that fits once it dropped them all', async () => {
    const changes = object({ changes: { anyOf: [object({ digest: { type: 'string' }, marketing: { type: 'boolean' } }), object({ sound: { type: 'boolean' }, quiet: { type: 'string' } })] } })
    expect(await parse(changes, { changes: { sound: true, client: 'ios' } })).toEqual({ parsed: { changes: { sound: true } } })
    expect(await parse(changes, { changes: { sound: 'true' } })).toEqual({ parsed: { changes: { sound: true } } })
    expect(await parse(changes, { changes: { digest: 'daily', sound: true, quiet: 'x' } })).toEqual({ parsed: { changes: { sound: true, quiet: 'x' } } })
    // As many kept either way: the first branch.
    expect(await parse(changes, { changes: { digest: 'daily', sound: true, client: 'ios' } })).toEqual({ parsed: { changes: { digest: 'daily' } } })
    expect(await parse(changes, { changes: { client: 'ios' } })).toEqual({ parsed: { changes: {} } })
  })

  test("a branch of optional keys only does not take a value by dropping a key another branch declares (TypeScript's weak type check)", async () => {
    // `{ note?: string } | { size: number }`: TypeScript refuses `{ size: 'x' }` (no key in common with the first, a wrong size for the second).
    const schema = object({ v: { anyOf: [object({ note: { type: 'string' } }), object({ size: { type: 'number' } }, { required: ['size'] })] } })
    expect(await parse(schema, { v: { size: 'x' } })).toMatchObject({ message: expect.stringContaining('v: anyOf') })
    expect(await parse(schema, { v: { size: 'x', zz: 1 } })).toMatchObject({ message: expect.stringContaining('v: anyOf') })
    // Keys no branch declares are dropped as anywhere else; a key the branch keeps makes it fit.
    expect(await parse(schema, { v: { zz: 1 } })).toEqual({ parsed: { v: {} } })
    expect(await parse(schema, { v: { note: 'n', size: 'x' } })).toEqual({ parsed: { v: { note: 'n' } } })
  })

  test('a branch with pattern keys (a template literal index signature) is no weak type: it takes a value by dropping the keys it does not declare', async () => {
    // `{ [K in keyof M as `get_${K & string}`]?: M[K] } | Record<'1', null>`: TypeScript assigns `{ '1': {} }` (as a value of its own type) to the first.
    const schema = object({ v: { anyOf: [object({ get_kind: { type: 'null' } }, { patternProperties: { '^get_': { type: 'null' } } }), object({ 1: { type: 'null' } }, { required: ['1'] })] } })
    expect(await parse(schema, { v: { 1: {} } })).toEqual({ parsed: { v: {} } })
    expect(await parse(schema, { v: { get_x: null, 1: {} } })).toEqual({ parsed: { v: { get_x: null } } })
    expect(await parse(schema, { v: { get_x: 1 } })).toMatchObject({ message: expect.stringContaining('v: anyOf') })
  })

  test("a key another branch's index signature holds is one that branch declares: a branch of optional keys does not take the value by dropping it", async () => {
    // `Partial<{ b: string; [key: string]: string }> | Partial<Record<'eu-west', number>>`: TypeScript refuses `{ a: 1 }` (not a string; no key in common with the second).
    const schema = object({ v: { anyOf: [object({ b: { type: 'string' } }, { additionalProperties: { type: 'string' } }), object({ 'eu-west': { type: 'number' } })] } })
    expect(await parse(schema, { v: { a: 1 } })).toMatchObject({ message: expect.stringContaining('v: anyOf') })
    expect(await parse(schema, { v: { a: 'x' } })).toEqual({ parsed: { v: { a: 'x' } } })
    expect(await parse(schema, { v: { 'eu-west': 1 } })).toEqual({ parsed: { v: { 'eu-west': 1 } } })
  })

  test('a value no branch takes is one fault for the union naming its closest branch, then that branch\'s faults alone', async () => {
    const refused = (await parse(owner, { owner: { email: 'e' } })) as { message: string; faults: readonly ToolFault[] }
    expect(refused.message).toBe("owner: anyOf; expected a value of one of the union's 2 branches (none matches; closest: branch 2)\nowner.id: required; expected a value")
    expect(refused.faults.map((fault) => fault.reason)).toEqual(['anyOf', 'required'])
    expect(refused.faults[0]).toMatchObject({ closestBranch: 2, received: { email: 'e' } })
  })

  test('a string that fits a branch as it is is not coerced for another', async () => {
    const schema = object({ code: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^[0-9]+$' }] } })
    expect(await parse(schema, { code: '12' })).toEqual({ parsed: { code: '12' } })
    expect(await parse(schema, { code: '1.5' })).toEqual({ parsed: { code: 1.5 } })
    expect(await parse(schema, { code: 'x' })).toMatchObject({ message: 'code: anyOf; expected a value of one of the union\'s 2 branches (none matches; closest: branch 1); received "x"\ncode: type; expected number; received "x"' })
  })

  test('oneOf: exactly one branch', async () => {
    const schema = object({ n: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 10 }] } })
    expect(await parse(schema, { n: 3 })).toEqual({ parsed: { n: 3 } })
    expect(await parse(schema, { n: 12 })).toMatchObject({ message: "n: oneOf; expected a value of exactly one of the union's branches (2 match); received 12" })
  })

  test('branch validators are found under any property name', async () => {
    const name = 'a b/c~d%e#f ü'
    const schema = { $id: 'args', ...object({ [name]: { anyOf: [object({ x: { type: 'number' } }, { required: ['x'] }), object({ y: { type: 'string' } }, { required: ['y'] })] } }) }
    expect(await parse(schema, { [name]: { y: 'q', z: 1 } })).toEqual({ parsed: { [name]: { y: 'q' } } })
    expect(await parse(schema, { [name]: { x: '3' } })).toEqual({ parsed: { [name]: { x: 3 } } })
  })
})

describe('records, tuples and combined schemas', () => {
  test('records normalise their values; patterns and additionalProperties schemas keep their keys; tuples by position', async () => {
    const schema = object({
      scores: { type: 'object', additionalProperties: { type: 'object', properties: { n: { type: 'number' } } } },
      headers: { type: 'object', patternProperties: { '^x-': { type: 'integer' } }, additionalProperties: false },
      point: { type: 'array', items: [{ type: 'number' }, { type: 'boolean' }], additionalItems: { type: 'integer' } },
    })
    expect(await parse(schema, { scores: { ada: { n: '1', q: 2 } }, headers: { 'x-id': '5', cookie: 'c' }, point: ['1', 'false', '3', 4] })).toEqual({
      parsed: { scores: { ada: { n: 1 } }, headers: { 'x-id': 5 }, point: [1, false, 3, 4] },
    })
  })

  test('allOf parts declare keys together; conditional keys are kept as sent', async () => {
    const schema = { type: 'object', allOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: { type: 'string' } }, required: ['b'] }], if: { properties: { a: { const: 1 } } }, then: { properties: { c: { type: 'string' } } } }
    expect(await parse(schema, { a: '1', b: 'x', c: 'y', d: 2 })).toEqual({ parsed: { a: 1, b: 'x', c: 'y' } })
    expect(await parse(schema, { a: 1 })).toMatchObject({ message: 'b: required; expected a value' })
  })

  test('an object schema that declares no key (what `object` and an `unknown` root derive) is any object: its keys are kept, its values as sent', async () => {
    const schema = object({ anything: { type: 'object' }, closed: { type: 'object', additionalProperties: false }, none: { type: 'object', properties: {} } })
    const sent = { anything: { a: 1, b: { c: '2' } }, closed: { a: 1 }, none: { a: 1 } }
    expect(await parse(schema, sent)).toEqual({ parsed: { anything: { a: 1, b: { c: '2' } }, closed: {}, none: {} } })
    expect(await parse({ type: 'object' }, { a: 1, b: [true] })).toEqual({ parsed: { a: 1, b: [true] } })
    // At a root union of objects the branch declares the keys.
    expect(await parse({ type: 'object', anyOf: [object({ a: { type: 'number' } }, { required: ['a'] })] }, { a: 1, b: 2 })).toEqual({ parsed: { a: 1 } })
  })

  test('a key named __proto__ is data in the copy, never a prototype', async () => {
    const parsed = (await parse({ type: 'object', additionalProperties: { type: 'object', properties: { n: { type: 'number' } } } }, JSON.parse('{"__proto__":{"n":"1","polluted":true}}') as Record<string, unknown>)) as { parsed: Record<string, unknown> }
    expect(Object.getPrototypeOf(parsed.parsed)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(parsed.parsed, '__proto__')?.value).toEqual({ n: 1 })
  })
})

describe('honest coercion', () => {
  const schema = object({ n: { type: 'number' }, i: { type: 'integer' }, b: { type: 'boolean' }, s: { type: 'string' }, ns: { type: ['number', 'null'] }, sn: { type: ['string', 'null'] } })

  test.each([
    [{ n: '1.5e2', i: '3', b: 'false', ns: '-0.25' }, { n: 150, i: 3, b: false, ns: -0.25 }],
    [{ i: '1.0' }, { i: 1 }],
    [{ s: '12', sn: 'true' }, { s: '12', sn: 'true' }],
    [{ sn: '' }, { sn: '' }],
  ])('%j is read as %j', async (args, parsed) => {
    expect(await parse(schema, args)).toEqual({ parsed })
  })

  test.each([
    [{ n: ' 1' }, 'n: type; expected number; received " 1"'],
    [{ n: '1e400' }, 'n: type; expected number; received "1e400"'],
    [{ n: '0x10' }, 'n: type; expected number; received "0x10"'],
    [{ i: '1.5' }, 'i: type; expected integer; received "1.5"'],
    [{ b: 0 }, 'b: type; expected boolean; received 0'],
    [{ b: 'yes' }, 'b: type; expected boolean; received "yes"'],
    [{ s: true }, 's: type; expected string; received true'],
    [{ s: null }, 's: type; expected string; received null'],
    [{ ns: '' }, 'ns: type; expected number | null; received ""'],
    [{ ns: 'null' }, 'ns: type; expected number | null; received "null"'],
  ])('%j is refused: %s', async (args, message) => {
    expect(await parse(schema, args)).toMatchObject({ message })
  })

  test('a fault reports the string the caller sent, not the number it stands for', async () => {
    expect(await parse(object({ n: { type: 'integer', minimum: 1 } }), { n: '0' })).toMatchObject({ message: 'n: minimum; expected >= 1; received "0"' })
  })
})

describe('multipleOf', () => {
  const step = (multipleOf: number) => object({ v: { type: 'number', multipleOf } })

  test.each([
    [0.01, [19.99, 0.07, 1234567.89, -3.1, 0, 1e300]],
    [0.1, [0.3, 7.7]],
    [1e-7, [3e-7, 1.2345678]],
    [2.5, [7.5, -10]],
    [3, [9, 3e21]],
  ])('values written in decimal are exact multiples of %d', async (multipleOf, values) => {
    for (const v of values) expect(await parse(step(multipleOf), { v })).toEqual({ parsed: { v } })
  })

  test.each([
    [0.01, [0.005, 1e-11, 19.991, 0.30000000000000004]],
    [0.1, [0.30000000000000004, 0.05]],
    [3, [10, 1e22]],
  ])('and nothing else is a multiple of %d', async (multipleOf, values) => {
    for (const v of values) expect(await parse(step(multipleOf), { v })).toMatchObject({ message: `v: multipleOf; expected multiple of ${multipleOf}; received ${JSON.stringify(v)}` })
  })

  test("ajv's own check, even with multipleOfPrecision, is not exact", () => {
    const precise = new Ajv({ multipleOfPrecision: 9, strict: false }).compile({ multipleOf: 0.01 })
    expect([precise(1234567.89), precise(1e-11)]).toEqual([false, true])
  })
})
