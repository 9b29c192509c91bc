import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { compileSchema } from '../../src/runtime/compile.js'
import { isToolError } from '../../src/runtime/tool-error.js'
import { parseArguments } from '../../src/runtime/validation.js'

// Issue 32, item 1, for `oneOf`: a multi-branch `oneOf` with no tag is decided by the normaliser as
// an `anyOf` is (each value and branch tried once), which also checks that exactly one branch
// takes the value; before, ajv tried every branch at every level, exponential in the depth.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** An outline: each node a heading (title) or a paragraph (text), either holding children. */
const outlineSchema = {
  type: 'object',
  properties: { outline: { $ref: '#/definitions/Node' } },
  required: ['outline'],
  definitions: {
    Node: {
      oneOf: [
        { type: 'object', properties: { title: { type: 'string' }, note: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } } }, required: ['title'], additionalProperties: false },
        { type: 'object', properties: { text: { type: 'string' }, note: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } } }, required: ['text'], additionalProperties: false },
      ],
    },
  },
}

function outline(depth: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let node = leaf
  for (let level = 0; level < depth; level++) node = { ...(level % 2 === 0 ? { title: 'x' } : { text: 'y' }), note: 'n', children: [node] }
  return { outline: node }
}

const refusal = (run: () => unknown): string => {
  try {
    run()
  } catch (error) {
    if (isToolError(error)) return error.message
    throw error
  }
  return 'accepted'
}

describe('a multi-branch oneOf with no tag is decided in one pass', () => {
  const validate = compileSchema(outlineSchema)

  test('a value exactly one branch takes is accepted, at every depth to 31', () => {
    for (const depth of [0, 1, 5, 31]) expect({ depth, verdict: refusal(() => parseArguments(validate, outline(depth, { text: 'leaf' }))) }).toEqual({ depth, verdict: 'accepted' })
  })

  test('a value two branches take is refused as a oneOf, naming how many match', () => {
    const ambiguous = { type: 'object', properties: { v: { oneOf: [{ type: 'number' }, { type: 'integer' }, { type: 'string' }] } }, required: ['v'] }
    const check = compileSchema(ambiguous)
    expect(refusal(() => parseArguments(check, { v: 2 }))).toContain("v: oneOf; expected a value of exactly one of the union's branches (2 match)")
    expect(refusal(() => parseArguments(check, { v: 2.5 }))).toBe('accepted')
    expect(refusal(() => parseArguments(check, { v: 'two' }))).toBe('accepted')
  })

  test('a nested value two branches take, deep in the outline, is refused', () => {
    // Each branch allows the other's key once `additionalProperties` is gone: the node is both.
    const open = JSON.parse(JSON.stringify(outlineSchema).replaceAll('"additionalProperties":false', '"additionalProperties":true')) as typeof outlineSchema
    const message = refusal(() => parseArguments(compileSchema(open), outline(6, { title: 't', text: 'u' })))
    // Each level above fails in turn (its branches need the node below to pass), down to the ambiguous node.
    expect(message).toMatch(/^outline(\.children\.0){6}: oneOf; expected a value of exactly one of the union's branches \(2 match\); received \{"title":"t","text":"u"\}$/m)
  })

  test('a 31-level call whose innermost node fits no branch is refused, naming the closest branch, within 20 ms (the fastest of 7 runs, in a child process, with a deadline)', () => {
    // A child process over dist/: were the decision exponential again, the deadline ends it instead of the test run.
    const script = `
      import { compileSchema } from './dist/src/runtime/compile.js'
      import { parseArguments } from './dist/src/runtime/validation.js'
      const schema = ${JSON.stringify(outlineSchema)}
      let node = { title: 1 }
      for (let level = 0; level < 31; level++) node = { ...(level % 2 === 0 ? { title: 'x' } : { text: 'y' }), note: 'n', children: [node] }
      const validate = compileSchema(schema)
      const times = []
      let message = ''
      for (let run = 0; run < 7; run++) {
        const started = performance.now()
        try { parseArguments(validate, { outline: node }) } catch (error) { message = error.message }
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      console.log(JSON.stringify({ fastest: times[0], bytes: JSON.stringify({ outline: node }).length, message }))
    `
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', timeout: 20_000 })
    expect(child.error).toBeUndefined()
    const { fastest, bytes, message } = JSON.parse(child.stdout) as { fastest: number; bytes: number; message: string }
    expect(bytes).toBeLessThan(1200)
    expect(message).toMatch(/expected a value of one of the union's 2 branches \(none matches; closest: branch 1\)/)
    // The fastest of seven runs: what the decision costs, without what other processes of a loaded machine take (about 2 ms alone; it took minutes before).
    expect(fastest).toBeLessThanOrEqual(20)
  }, 30_000)
})
