import { describe, expect, test } from 'vitest'
import { compileSchema, createLazyRegistry, createTool, createToolManager, type ToolManagerInterface } from '../../src/index.js'
import { deriveParameters } from './derive-schema.js'

// Parsed from JSON, as a model's or remote client's arguments are: `__proto__` is then an own key.
const hostileJson = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true},"nested":{"__proto__":{"polluted":true}}}'
// Records at both levels, so the prototype keys are kept (as data) rather than dropped as undeclared.
const openSchema = { type: 'object', properties: { nested: { type: 'object', additionalProperties: true } }, additionalProperties: true }

type Received = Record<string, unknown>

/** Registries over one open-schema tool that records what its handler received. */
function registries(received: Received[]): Record<string, ToolManagerInterface> {
  const execute = (args: Received) => (received.push(args), 'ok')
  const manager = createToolManager()
  manager.add(createTool({ name: 'open', contract: openSchema, execute }))
  const lazy = createLazyRegistry([{ definition: { name: 'open', parameters: openSchema }, load: async () => ({ handler: execute }) }], { compile: compileSchema })
  return { manager, lazy }
}

function deeplyNested(levels: number): Received {
  let value: Received = {}
  for (let level = 1; level < levels; level++) value = { inner: value }
  return value
}

describe('prototype keys in arguments', () => {
  test.each(['manager', 'lazy'])('never pollute a prototype through the %s', async (kind) => {
    const before = Object.getOwnPropertyNames(Object.prototype)
    const received: Received[] = []
    const registry = registries(received)[kind]!
    const result = await registry.execute({ id: '1', name: 'open', arguments: JSON.parse(hostileJson) as Received })
    expect(result).toEqual({ id: '1', name: 'open', success: true, value: 'ok' })
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(before)
    expect(({} as Received)['polluted']).toBeUndefined()
    const [args] = received
    // The handler's copy keeps `__proto__` as plain data: its prototype is not the caller's object.
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
    expect(Object.getPrototypeOf(args!['nested'])).toBe(Object.prototype)
    expect(args!['polluted']).toBeUndefined()
    expect(Object.hasOwn(args!, '__proto__')).toBe(true)
  })
})

describe('argument limits', () => {
  const tools = createToolManager()
  const entered: string[] = []
  tools.add(createTool({ name: 'checked', contract: { type: 'object' }, execute: () => entered.push('checked') }))
  tools.add(createTool({ name: 'unchecked', execute: () => entered.push('unchecked') }))

  test.each(['checked', 'unchecked'])('10,000 levels of nesting fail the %s tool cleanly before its handler', async (name) => {
    const result = await tools.execute({ id: 'deep', name, arguments: deeplyNested(10_000) })
    expect(result).toEqual({ id: 'deep', name, success: false, error: 'arguments nested deeper than 64 levels' })
    expect(entered).toEqual([])
  })

  test('10 MB of arguments fail cleanly, as one string or as many small values', async () => {
    const oneString = { text: 'x'.repeat(10 * 1024 * 1024) }
    const manyValues = { items: Array.from({ length: 2_000_000 }, (_item, index) => index) }
    for (const args of [oneString, manyValues]) {
      const result = await tools.execute({ id: 'big', name: 'checked', arguments: args })
      expect(result).toEqual({ id: 'big', name: 'checked', success: false, error: 'arguments larger than 4194304 bytes' })
    }
    expect(entered).toEqual([])
  })

  test('the limits are configurable per registry, the lazy registry included', async () => {
    const strict = createToolManager({ limits: { maxDepth: 3, maxBytes: 40 } })
    strict.add(createTool({ name: 'echo', execute: (args) => args }))
    const run = (args: Received) => strict.execute({ id: 'x', name: 'echo', arguments: args })
    expect(await run(deeplyNested(3))).toMatchObject({ success: true })
    expect(await run(deeplyNested(4))).toMatchObject({ success: false, error: 'arguments nested deeper than 3 levels' })
    expect(await run({ text: 'x'.repeat(20) })).toMatchObject({ success: true })
    expect(await run({ text: 'x'.repeat(40) })).toMatchObject({ success: false, error: 'arguments larger than 40 bytes' })
    const lazy = createLazyRegistry([{ definition: { name: 'echo', parameters: {} }, load: async () => ({ handler: (args: Received) => args }) }], { limits: { maxDepth: 3 } })
    expect(await lazy.execute({ id: 'x', name: 'echo', arguments: deeplyNested(3) })).toMatchObject({ success: true })
    expect(await lazy.execute({ id: 'x', name: 'echo', arguments: deeplyNested(4) })).toMatchObject({ success: false, error: 'arguments nested deeper than 3 levels' })
    const defaults = registries([])['lazy']!
    expect(await defaults.execute({ id: 'deep', name: 'open', arguments: deeplyNested(10_000) })).toMatchObject({ success: false, error: 'arguments nested deeper than 64 levels' })
  })

  test('shared references and cycles are walked once, so they neither blow up nor count as depth', async () => {
    let shared: Received = { leaf: 1 }
    // 2^40 paths to the leaf when expanded as a tree: a walk that followed each one would not finish.
    for (let level = 0; level < 40; level++) shared = { left: shared, right: shared }
    const cyclic: Received = { name: 'loop' }
    cyclic['self'] = cyclic
    for (const args of [shared, cyclic]) {
      expect(await tools.execute({ id: 'dag', name: 'unchecked', arguments: args })).toMatchObject({ success: true })
    }
  })
})

describe('regular-expression patterns', () => {
  const withPattern = (pattern: string) => ({ type: 'object', properties: { code: { type: 'string', pattern } } })

  test('a pattern over 1024 characters is refused at compilation, in properties and in patternProperties', () => {
    const long = 'a'.repeat(1025)
    for (const schema of [withPattern(long), { type: 'object', patternProperties: { [long]: {} } }, { type: 'object', properties: { enum: withPattern(long) } }]) {
      expect(() => compileSchema(schema)).toThrow(expect.objectContaining({ code: 'SCHEMA', message: expect.stringMatching(/pattern longer than 1024 characters/) }))
      expect(() => createTool({ name: 'long', contract: schema, execute: () => 1 })).toThrow(/pattern longer than 1024 characters/)
    }
  })

  test('a pattern at the limit compiles, with Unicode-aware matching', () => {
    const validate = compileSchema(withPattern(`^\\p{L}+$${'|x'.repeat(508)}`))
    expect(validate({ code: 'éß' })).toBe(true)
    expect(validate({ code: '1' })).toBe(false)
  })

  test('the schema generator reports an over-long @pattern as a diagnostic, so the build refuses what the runtime would', () => {
    const { problems } = deriveParameters(`{\n  /** @pattern ${'a'.repeat(1025)} */\n  code: string\n}`)
    expect(problems).toEqual([expect.objectContaining({ path: 'code', message: expect.stringMatching(/@pattern is longer than 1024 characters/) })])
  })
})
