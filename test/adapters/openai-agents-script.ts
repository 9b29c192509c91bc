/**
 * The script prelude shared by the Agents SDK tests: its imports, tool-call and text items, a
 * `Model` scripted turn by turn that records each request, and the tool results of a request.
 */
export const openAIAgentsPrelude = `import { Agent, Usage, run, setTracingDisabled } from '@openai/agents'
import { toOpenAIAgentsTools } from 'toolcat/openai-agents'
setTracingDisabled(true)
const call = (callId, name, args) => ({ type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' })
const text = (value) => ({ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: value }] })
// A Model answering each turn with the next of \`turns\` (tool calls), then 'done', recording every request.
function scripted(turns) {
  const requests = []
  const model = {
    async getResponse(request) {
      requests.push(request)
      return { usage: new Usage(), output: turns[requests.length - 1] ?? [text('done')] }
    },
    async *getStreamedResponse() {
      throw new Error('not streamed in these tests')
    },
  }
  return { model, requests }
}
const results = (request) => (Array.isArray(request.input) ? request.input : []).filter((item) => item.type === 'function_call_result').map((item) => ({ callId: item.callId, output: item.output }))`
