import { describe, expect, test } from 'vitest'
import { toAiSdkTools } from '../../src/adapters/ai-sdk.js'
import { toLangChainTools } from '../../src/adapters/langchain.js'
import { createTool } from '../../src/runtime/tool.js'
import { createToolManager } from '../../src/runtime/tool-manager.js'

// Any runtime registry is a source, not only a generated one: tools made with createTool (an ajv
// contract, no lazy import) go through the adapters the same way.
function manager() {
  const tools = createToolManager()
  const contract = { type: 'object', properties: { left: { type: 'number' }, right: { type: 'number' } }, required: ['left', 'right'], additionalProperties: false }
  tools.add(createTool({ name: 'add', description: 'Add.', contract, execute: (args: { left: number; right: number }) => args.left + args.right }))
  tools.add(createTool({ name: 'wipe', annotations: { consequential: true }, execute: () => 'wiped' }))
  return tools
}

describe('adapters over createToolManager', () => {
  test('the AI SDK tools validate through the contract, coerce, and gate the consequential tool', async () => {
    const tools = toAiSdkTools(manager())
    const options = { toolCallId: 't1', messages: [], context: {} }
    expect(Object.keys(tools)).toEqual(['add', 'wipe'])
    expect(await tools.add!.execute!({ left: 2, right: '3' }, options)).toBe(5)
    await expect(tools.add!.execute!({ left: 'two', right: 3 }, options)).rejects.toThrow('left: type; expected number; received "two"')
    // Approval is asked of a call whose arguments the tool accepts (createTool's prepare).
    const needsApproval = tools.wipe!.needsApproval as (input: unknown, options: unknown) => Promise<boolean>
    expect(await needsApproval({}, options)).toBe(true)
    // A tool without a schema is advertised as taking an empty object.
    expect(await (tools.wipe!.inputSchema as { jsonSchema: unknown }).jsonSchema).toEqual({ type: 'object', properties: {} })
    await expect(tools.wipe!.execute!({}, options)).rejects.toThrow('confirmation required: wipe')
  })

  test('a LangChain tool answers a failure as an error ToolMessage to a tool call, and throws it to a plain invoke', async () => {
    const [add, wipe] = toLangChainTools(manager())
    expect(await add!.invoke({ left: 1, right: 2 })).toBe(3)
    const message = await wipe!.invoke({ id: 'x', name: 'wipe', args: {}, type: 'tool_call' })
    expect({ status: message.status, content: message.content, id: message.tool_call_id }).toEqual({ status: 'error', content: 'confirmation required: wipe', id: 'x' })
    await expect(wipe!.invoke({})).rejects.toThrow('confirmation required: wipe')
  })
})
