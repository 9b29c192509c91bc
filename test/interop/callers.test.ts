import { expect, test } from 'vitest'
import { anthropicWithCallers, openaiWithCallers, parseCallers } from '../../src/interop/profiles/callers.js'
import { exportTools } from '../../src/interop/profiles/index.js'
import catalog from '../../fixtures/registry/catalog.json' with { type: 'json' }
import type { Catalog } from '../../src/runtime/catalog.js'

const tools = catalog as unknown as Catalog

test('anthropic: every tool names its callers, the code execution tool comes first when code may call them', () => {
  const { output } = exportTools(tools, 'anthropic')
  const both = anthropicWithCallers(output as never, parseCallers('direct,code'))
  expect(both.tools[0]).toEqual({ type: 'code_execution_20260120', name: 'code_execution' })
  expect(both.tools.slice(1).map((tool) => tool.allowed_callers)).toEqual(tools.tools.map(() => ['direct', 'code_execution_20260120']))
  expect(both.tools.slice(1).map((tool) => tool.name)).toEqual(tools.tools.map((tool) => tool.name))
  const direct = anthropicWithCallers(output as never, ['direct'])
  expect(direct.tools.every((tool) => tool.type === undefined && (tool.allowed_callers as string[]).join() === 'direct')).toBe(true)
})

test('openai: the Responses function shape with allowed_callers, after the programmatic_tool_calling tool', () => {
  const { output } = exportTools(tools, 'openai')
  const code = openaiWithCallers(output as never, parseCallers('code'))
  expect(code.tools[0]).toEqual({ type: 'programmatic_tool_calling' })
  const first = tools.tools[0]!
  expect(code.tools[1]).toMatchObject({ type: 'function', name: first.name, allowed_callers: ['programmatic'], strict: false })
  expect(code.tools[1]).not.toHaveProperty('function')
})

test('--callers takes direct and code only, at least one, repeats folded', () => {
  expect(parseCallers('code, direct,code')).toEqual(['code', 'direct'])
  expect(() => parseCallers('programmatic')).toThrow('--callers takes direct and/or code, got "programmatic"')
  expect(() => parseCallers(',')).toThrow('at least one')
})
