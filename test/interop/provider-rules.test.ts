import { describe, expect, test } from 'vitest'
import { exportTools, type ExportFormat } from '../../src/interop/profiles/index.js'
import { anthropicViolations } from './provider-rules/anthropic.js'
import { geminiViolations } from './provider-rules/gemini.js'
import { mcpViolations } from './provider-rules/mcp.js'
import { openaiViolations } from './provider-rules/openai.js'
import type { Violation } from './provider-rules/schema-nodes.js'
import { richCatalog } from './rich-catalog.js'

const cases: [ExportFormat, boolean, (payload: unknown) => Violation[]][] = [
  ['openai', false, openaiViolations],
  ['openai', true, openaiViolations],
  ['anthropic', false, anthropicViolations],
  ['gemini', false, geminiViolations],
  ['mcp', false, mcpViolations],
]

describe.each(cases)('%s export (strict: %s) against the provider rules', (format, strict, violations) => {
  const { output, warnings } = exportTools(richCatalog, format, { strict })
  const warned = new Set(warnings.map((warning) => `${warning.tool} ${warning.path}`))

  test.each(richCatalog.tools.map((tool) => tool.name))('%s breaks no rule it was not warned about', (name) => {
    const own = violations(output).filter((violation) => violation.tool === name)
    expect(own.filter((violation) => !warned.has(`${name} ${violation.path}`))).toEqual([])
  })

  test('exports every tool once, in catalog order', () => {
    const names = JSON.stringify(output).match(/"name":"[^"]+"/g) ?? []
    expect(names).toEqual(richCatalog.tools.map((tool) => `"name":"${tool.name}"`))
  })
})

test('the only rule a profile knowingly leaves broken is Gemini recursion through a required property', () => {
  const all = cases.flatMap(([format, strict, violations]) => violations(exportTools(richCatalog, format, { strict }).output))
  expect(all).toEqual([{ tool: 'follow_chain', path: '/parametersJsonSchema/$defs/Chain/properties/next/$ref', rule: 'recursion through a required property' }])
})

describe('the rule checkers catch the violations they exist for', () => {
  const raw = richCatalog.tools.find((tool) => tool.name === 'search_docs')!
  test('OpenAI strict: the catalog schema as-is is not strict-compatible', () => {
    const rules = openaiViolations({ tools: [{ type: 'function', function: { name: raw.name, parameters: raw.parameters, strict: true } }] }).map((v) => v.rule)
    expect(rules).toEqual(expect.arrayContaining(['property not required', 'object not closed', 'keyword default unsupported', 'keyword allOf unsupported', 'format unsupported']))
  })
  test('Anthropic: a non-object root and a remote $ref', () => {
    const payload = { tools: [{ name: 'x', input_schema: { type: 'array', items: { $ref: 'https://example.com/s.json' } } }] }
    expect(anthropicViolations(payload).map((v) => v.rule)).toEqual(['input_schema root is not type object', '$ref not local'])
  })
  test('Gemini: unsupported keywords and $ref siblings', () => {
    const payload = { tools: [{ functionDeclarations: [{ name: 'x', parametersJsonSchema: { type: 'object', properties: { a: { $ref: '#', description: 'd' }, b: { type: 'string', pattern: '^a' } } } }] }] }
    expect(geminiViolations(payload).map((v) => v.rule)).toEqual(['$ref with siblings', 'keyword pattern unsupported'])
  })
  test('MCP: implicit hints, no $schema, non-object output', () => {
    const payload = { tools: [{ name: 'x', inputSchema: { type: 'object' }, outputSchema: { type: 'string' }, annotations: { readOnlyHint: true } }] }
    expect(mcpViolations(payload).map((v) => v.path)).toEqual(['/inputSchema/$schema', '/outputSchema/type', '/annotations/destructiveHint', '/annotations/idempotentHint', '/annotations/openWorldHint'])
  })
})
