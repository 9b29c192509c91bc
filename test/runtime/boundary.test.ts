import { describe, expect, test } from 'vitest'
import type { ToolCall } from '../../src/index.js'
import { createTool, createToolManager } from '../../src/index.js'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import { compileSchema } from '../../src/runtime/compile.js'

const repoSchema = {
  type: 'object',
  properties: { repo: { type: 'string' }, force: { type: 'boolean', default: false } },
  required: ['repo'],
  additionalProperties: false,
} as const

/** A registry with one consequential contract tool, recording what its hook was asked and what its handler got. */
function consequential() {
  const asked: ToolCall[] = []
  const entered: unknown[] = []
  const tools = createToolManager()
  tools.add(createTool({ name: 'delete_repo', contract: repoSchema, annotations: { consequential: true }, execute: (args) => (entered.push(args), 'deleted') }))
  const confirm = (call: ToolCall): boolean => (asked.push(call), true)
  return { tools, asked, entered, confirm }
}

describe('the order at the boundary: envelope, arguments, confirmation, handler', () => {
  test('a call with invalid arguments fails without asking the confirm hook', async () => {
    const { tools, asked, entered, confirm } = consequential()
    const result = await tools.execute({ id: 'c1', name: 'delete_repo', arguments: { force: true } }, { confirm })
    expect(result).toEqual({ id: 'c1', name: 'delete_repo', success: false, error: 'repo: required; expected a value' })
    expect(asked).toEqual([])
    expect(entered).toEqual([])
  })

  test('the hook is asked with the normalised arguments, which the handler then receives', async () => {
    const { tools, asked, entered, confirm } = consequential()
    const call = { id: 'c2', name: 'delete_repo', arguments: { repo: 'octo/cat' } }
    expect(await tools.execute(call, { confirm })).toMatchObject({ success: true, value: 'deleted' })
    expect(asked).toEqual([{ id: 'c2', name: 'delete_repo', arguments: { repo: 'octo/cat', force: false } }])
    expect(entered).toEqual([{ repo: 'octo/cat', force: false }])
    expect(call.arguments).toEqual({ repo: 'octo/cat' })
  })

  test('a consequential tool refuses an undeclared key before the hook is asked, naming the key it likely meant', async () => {
    const { tools, asked, entered, confirm } = consequential()
    const result = await tools.execute({ id: 'c3', name: 'delete_repo', arguments: { repo: 'octo/cat', forse: true } }, { confirm })
    expect(result).toEqual({ id: 'c3', name: 'delete_repo', success: false, error: 'forse: not a declared key (did you mean force?)' })
    expect(asked).toEqual([])
    expect(entered).toEqual([])
  })

  test('a key misspelling a missing required one is named once on a consequential tool and on any other, lazy or not', async () => {
    const { tools, confirm } = consequential()
    const expected = 'rep: not a declared key (did you mean repo?)\nrepo: required; expected a value'
    expect(await tools.execute({ id: 'c4', name: 'delete_repo', arguments: { rep: 'octo/cat' } }, { confirm })).toMatchObject({ success: false, error: expected })
    const other = createToolManager()
    other.add(createTool({ name: 'read_repo', contract: repoSchema, execute: (args) => args }))
    expect(await other.execute({ id: 'r', name: 'read_repo', arguments: { rep: 'octo/cat' } })).toMatchObject({ success: false, error: expected })
    const lazy = createLazyRegistry([{ definition: { name: 'read_repo', parameters: repoSchema }, load: async () => ({ handler: (args: unknown) => args }) }], { compile: compileSchema })
    const refused = await lazy.call('read_repo', { rep: 'octo/cat', forse: true } as never)
    expect(refused).toMatchObject({ success: false, error: expected })
  })

  test('any other tool drops an undeclared key, as the seed says', async () => {
    const entered: unknown[] = []
    const tools = createToolManager()
    tools.add(createTool({ name: 'read_repo', contract: repoSchema, execute: (args) => entered.push(args) }))
    expect(await tools.execute({ id: 'r', name: 'read_repo', arguments: { repo: 'octo/cat', forse: true } })).toMatchObject({ success: true })
    expect(entered).toEqual([{ repo: 'octo/cat', force: false }])
  })

  test('a lazy tool is validated before confirmation too, and is imported before it is validated', async () => {
    const log: string[] = []
    const registry = createLazyRegistry(
      [{ definition: { name: 'delete_repo', parameters: repoSchema, annotations: { consequential: true } }, load: async () => (log.push('load'), { handler: () => 'deleted' }) }],
      { compile: compileSchema },
    )
    const confirm = (call: ToolCall): boolean => (log.push(`confirm ${JSON.stringify(call.arguments)}`), true)
    expect(await registry.call('delete_repo', { force: 'yes' } as never, { confirm })).toMatchObject({ success: false, error: 'repo: required; expected a value\nforce: type; expected boolean; received "yes"' })
    expect(await registry.call('delete_repo', { repo: 'r', force: 'true' }, { confirm })).toMatchObject({ success: true, value: 'deleted' })
    expect(log).toEqual(['load', 'confirm {"repo":"r","force":true}'])
  })
})

describe("a registry's undeclaredKeys chooses for every tool", () => {
  const entry = (consequential: boolean) => ({
    definition: { name: consequential ? 'delete_repo' : 'read_repo', parameters: repoSchema, ...(consequential && { annotations: { consequential } }) },
    load: async () => ({ handler: (args: unknown) => args }),
  })
  const confirm = (): boolean => true

  test.each([
    ['drop', { repo: 'r', force: false }, { repo: 'r', force: false }],
    ['refuse', 'forse: not a declared key (did you mean force?)', 'forse: not a declared key (did you mean force?)'],
  ] as const)('%s', async (undeclaredKeys, consequentialAnswer, otherAnswer) => {
    const registry = createLazyRegistry([entry(true), entry(false)], { compile: compileSchema, undeclaredKeys })
    const answer = async (name: string) => {
      const result = await registry.call(name, { repo: 'r', forse: true } as never, { confirm })
      return result.success ? result.value : result.error
    }
    expect(await answer('delete_repo')).toEqual(consequentialAnswer)
    expect(await answer('read_repo')).toEqual(otherAnswer)
  })
})

describe('an execution context whose members are all optional', () => {
  test('execute, stream and call accept a context without a signal and hand the handler a live one', async () => {
    const signals: AbortSignal[] = []
    const tools = createToolManager()
    tools.add(createTool({ name: 'probe', execute: (_args, context) => (signals.push(context.signal), context.signal.aborted) }))
    const call = { id: 'p', name: 'probe', arguments: {} }
    expect(await tools.execute(call, { caller: 'me' })).toMatchObject({ success: true, value: false })
    expect(await tools.execute([call], {})).toMatchObject([{ success: true, value: false }])
    const parts = []
    for await (const part of tools.stream(call, { confirm: () => true })) parts.push(part)
    expect(parts).toMatchObject([{ type: 'result', result: { success: true, value: false } }])
    const registry = createLazyRegistry([{ definition: { name: 'probe', parameters: { type: 'object' } }, load: async () => ({ handler: (_args, context) => context.signal.aborted }) }])
    expect(await registry.call('probe', {}, { confirm: () => true })).toMatchObject({ success: true, value: false })
    expect(signals).toHaveLength(3)
    expect(signals.every((signal) => signal instanceof AbortSignal)).toBe(true)
  })

  test('a caller context that carries a signal reaches the handler as it was passed', async () => {
    let seen: unknown
    const tools = createToolManager()
    tools.add(createTool({ name: 'probe', execute: (_args, context) => (seen = context) }))
    const context = { signal: new AbortController().signal, caller: { subject: 'reader' } }
    await tools.execute({ id: 'p', name: 'probe', arguments: {} }, context)
    expect(seen).toBe(context)
  })
})

describe('open objects in a hand-written contract', () => {
  test('keys a schema does not declare are dropped even without additionalProperties: false; records keep theirs', async () => {
    const contract = {
      type: 'object',
      properties: {
        user: { type: 'object', properties: { name: { type: 'string' } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        headers: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
        anything: {},
      },
    }
    let received: unknown
    const tools = createToolManager()
    tools.add(createTool({ name: 'open', contract, execute: (args) => (received = args) }))
    const args = {
      user: { name: 'Ada', admin: true },
      labels: { team: 'core', tier: 'gold' },
      headers: { 'x-trace': 't1', cookie: 'secret' },
      anything: { kept: [1, { deep: true }] },
      stray: 1,
    }
    expect(await tools.execute({ id: 'o', name: 'open', arguments: args })).toMatchObject({ success: true })
    expect(received).toEqual({ user: { name: 'Ada' }, labels: { team: 'core', tier: 'gold' }, headers: { 'x-trace': 't1' }, anything: { kept: [1, { deep: true }] } })
  })
})
