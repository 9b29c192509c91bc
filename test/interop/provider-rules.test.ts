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
  ['anthropic', true, anthropicViolations],
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
  test('OpenAI: a union at the top level, strict or not', () => {
    const union = richCatalog.tools.find((tool) => tool.name === 'pay_invoice')!
    const rules = openaiViolations({ tools: [{ type: 'function', function: { name: union.name, parameters: union.parameters, strict: false } }] }).map((v) => v.rule)
    expect(rules).toEqual(['anyOf at the top level'])
  })
  test('Anthropic: a non-object root, a remote $ref, a top-level union, a draft-07 tuple', () => {
    const payload = { tools: [{ name: 'x', input_schema: { type: 'array', items: { $ref: 'https://example.com/s.json' } } }] }
    expect(anthropicViolations(payload).map((v) => v.rule)).toEqual(['input_schema root is not type object', '$ref not local'])
    const union = { tools: [{ name: 'y', input_schema: { type: 'object', anyOf: [{ type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } }] } }] }
    expect(anthropicViolations(union).map((v) => v.rule)).toEqual(['anyOf at the top level', 'draft-07 tuple items in a 2020-12 schema'])
  })
  test('Anthropic strict: open objects, dropped keywords, minItems, recursion', () => {
    const tree = richCatalog.tools.find((tool) => tool.name === 'tree_sum')!
    const payload = { tools: [{ name: 'x', strict: true, input_schema: { ...raw.parameters } }, { name: 'y', strict: true, input_schema: tree.parameters }] }
    const rules = anthropicViolations(payload).map((v) => `${v.tool} ${v.rule}`)
    expect(rules).toEqual(expect.arrayContaining(['x keyword minLength unsupported in strict mode', 'x object not closed in strict mode', 'y recursive schema under strict tool use']))
  })
  test('Gemini: unsupported keywords and $ref siblings; Schema fields, types and enums', () => {
    const payload = { tools: [{ functionDeclarations: [{ name: 'x', parametersJsonSchema: { type: 'object', properties: { a: { $ref: '#', description: 'd' }, b: { type: 'string', pattern: '^a' } } } }] }] }
    expect(geminiViolations(payload).map((v) => v.rule)).toEqual(['$ref with siblings', 'keyword pattern unsupported'])
    const schema = { tools: [{ functionDeclarations: [{ name: 'y', parameters: { type: 'OBJECT', properties: { a: { type: 'string', additionalProperties: false }, b: { type: 'INTEGER', enum: [1] } } } }] }] }
    expect(geminiViolations(schema).map((v) => v.rule)).toEqual(['additionalProperties is not a field of Schema', 'type is not a Type value', 'enum holds a non-string'])
  })
  test('MCP: no $schema, non-object output, a hint that is not a boolean, hints a read-only tool cannot carry', () => {
    const payload = { tools: [{ name: 'x', inputSchema: { type: 'object' }, outputSchema: { type: 'string' }, annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: 'yes' } }] }
    expect(mcpViolations(payload).map((v) => v.path)).toEqual(['/inputSchema/$schema', '/outputSchema/type', '/annotations/openWorldHint', '/annotations/destructiveHint'])
  })
})
