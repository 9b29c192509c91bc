import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { afterAll, describe, expect, test } from 'vitest'
import { repoRoot, runCli } from '../cli/run-cli.js'

// `toolcat export --defer` over fixtures/registry's catalog, checked against each provider's
// published request shape: OpenAI through the openai SDK's own types (openai 6.49 in node_modules),
// Anthropic, whose SDK is not installed here, against the documented entries (tool search tool
// docs, https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool, and the
// Messages API tool definition, https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools).
const catalog = 'fixtures/registry/catalog.json'
const exported = (format: string, ...flags: string[]) => {
  const run = runCli(['export', '--catalog', catalog, '--format', format, '--defer', ...flags])
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout) as { tools: Record<string, any>[] }
}

// Scratch files inside the repository, so `openai` resolves from its node_modules.
mkdirSync(path.join(repoRoot, 'test-artifacts'), { recursive: true })
const scratch = mkdtempSync(path.join(repoRoot, 'test-artifacts/deferred-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Type-checks `tools` as the `tools` of an openai `responses.create` request; returns tsc's output ('' when it passes). */
function checkOpenAiTypes(tools: unknown, name: string): string {
  const file = path.join(scratch, `${name}.ts`)
  writeFileSync(file, `import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses'\nexport const request: ResponseCreateParamsNonStreaming = { model: 'gpt-5.4', input: 'hi', tools: ${JSON.stringify(tools, null, 2)} }\n`)
  const tsc = path.join(repoRoot, 'node_modules/typescript6/bin/tsc')
  const run = spawnSync(process.execPath, [tsc, '--ignoreConfig', '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', '--types', 'node', file], { cwd: repoRoot, encoding: 'utf8' })
  return run.stdout + run.stderr
}

const anthropicTools = {
  type: 'object',
  required: ['tools'],
  additionalProperties: false,
  properties: {
    tools: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'object', required: ['type', 'name'], additionalProperties: false, properties: { type: { const: 'tool_search_tool_bm25_20251119' }, name: { const: 'tool_search_tool_bm25' } } },
          {
            type: 'object',
            required: ['name', 'input_schema'],
            additionalProperties: false,
            properties: {
              name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
              description: { type: 'string' },
              input_schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
              defer_loading: { type: 'boolean' },
              strict: { type: 'boolean' },
            },
          },
        ],
      },
    },
  },
}

describe('toolcat export --defer', () => {
  test('anthropic: the documented entries, every tool deferred but the pinned one, after the BM25 tool search tool', () => {
    const output = exported('anthropic', '--pin', 'add')
    const validate = new Ajv({ strict: false }).compile(anthropicTools)
    expect(validate(output), JSON.stringify(validate.errors)).toBe(true)
    expect(output.tools[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' })
    const deferred = output.tools.slice(1).map((tool) => [tool.name, tool.defer_loading === true])
    expect(deferred).toEqual([['add', false], ['countdown', true], ['delete-file', true], ['flaky', true], ['lookup', true], ['search', true]])
    // The check can fail: an entry of the wrong shape is refused.
    expect(validate({ tools: [{ ...output.tools[1], defer_loading: 'yes' }] })).toBe(false)
  })

  test('openai: the Responses API form with tool_search and namespaces passes the openai SDK types', () => {
    const output = exported('openai', '--pin', 'add')
    expect(output.tools[0]).toEqual({ type: 'tool_search' })
    expect(output.tools[1]).toMatchObject({ type: 'function', name: 'add', strict: false })
    expect(output.tools[1]).not.toHaveProperty('defer_loading')
    const namespaces = output.tools.filter((tool) => tool.type === 'namespace')
    expect(namespaces.map((namespace) => namespace.name)).toEqual(['countdown', 'delete-file', 'flaky', 'lookup', 'search'])
    expect(namespaces.flatMap((namespace) => namespace.tools).every((tool: Record<string, unknown>) => tool.defer_loading === true && tool.type === 'function')).toBe(true)
    expect(checkOpenAiTypes(output.tools, 'good')).toBe('')
    // The check can fail: an entry of the wrong shape is a type error.
    expect(checkOpenAiTypes([{ type: 'namespace', name: 'x', tools: [{ type: 'function', name: 'f', defer_loading: 'yes' }] }], 'bad')).toMatch(/error TS/)
  }, 120_000)

  test('gemini and mcp: toolcat’s tool_search, the pinned tools and call_tool', () => {
    expect(exported('mcp', '--pin', 'add').tools.map((tool) => tool.name)).toEqual(['tool_search', 'add', 'call_tool'])
    const gemini = exported('gemini') as unknown as { tools: [{ functionDeclarations: { name: string }[] }] }
    expect(gemini.tools[0].functionDeclarations.map((declaration) => declaration.name)).toEqual(['tool_search', 'call_tool'])
  })

  test('--pin of an unknown tool, or without --defer, is bad usage', () => {
    expect(runCli(['export', '--catalog', catalog, '--format', 'anthropic', '--defer', '--pin', 'nope'])).toMatchObject({ status: 2, stderr: expect.stringContaining('nope') })
    expect(runCli(['export', '--catalog', catalog, '--format', 'anthropic', '--pin', 'add'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--pin needs --defer') })
  })
})
