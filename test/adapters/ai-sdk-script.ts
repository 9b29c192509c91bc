/**
 * Script lines shared by the AI SDK tests, after their imports (a mock model class imported as
 * `MockModel`): usage figures, a tool-call part, a model scripted turn by turn that records every
 * prompt and the names of the tools each turn was offered, and the tool parts of a prompt.
 */
export const aiSdkScript = `const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const call = (toolCallId, toolName, input) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })
// A model that answers each turn with the next of the turns (tool calls, then text), recording every prompt and the tools offered;
// \`turns\` may instead be a function of the prompt and the turn's number (from 1) returning the turn's content.
function scripted(turns) {
  const prompts = []
  const offered = []
  const model = new MockModel({
    doGenerate: async (options) => {
      prompts.push(options.prompt)
      offered.push((options.tools ?? []).map((tool) => tool.name))
      const content = (typeof turns === 'function' ? turns(options.prompt, prompts.length) : turns[prompts.length - 1]) ?? [{ type: 'text', text: 'done' }]
      const calls = content.some((part) => part.type === 'tool-call')
      return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
    },
  })
  return { model, prompts, offered }
}
const toolParts = (prompt) => prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content)`
