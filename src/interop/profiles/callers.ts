// Programmatic tool calling: who may call each exported tool. Sources, read 2026-12:
// - Anthropic: a tool's `allowed_callers` lists "direct" and/or a code execution tool version
//   (anthropic-sdk-ruby AllowedCaller: code_execution_20250825 (v1), code_execution_20260120 (v2,
//   with persistence)); the request then also holds that tool, `{ type: "code_execution_20260120",
//   name: "code_execution" }` (https://platform.claude.com/docs/en/agents-and-tools/tool-use/programmatic-tool-calling);
// - OpenAI Responses API: a function tool's `allowed_callers` is a non-empty set of "direct" and
//   "programmatic" (openai-agents-js ToolAllowedCaller), with the `{ type: "programmatic_tool_calling" }`
//   tool in the list (openai-agents-js programmaticToolCallingTool, 0.14.3). Programmatic calling is
//   Responses-only, so the OpenAI export takes the Responses function shape (`{ type: "function",
//   name, description, parameters, strict }`).

/** Who may call a tool: the model directly, or code the model wrote (in the provider's sandbox). */
export type ToolCaller = 'direct' | 'code'

/** The code execution tool version Anthropic's `allowed_callers` names, and its tool entry's type. */
export const anthropicCodeExecution = 'code_execution_20260120'

/** Anthropic's `allowed_callers` for toolcat's callers: `code` is the code execution tool version. */
export function anthropicCallers(callers: readonly ToolCaller[]): string[] {
  return callers.map((caller) => (caller === 'direct' ? 'direct' : anthropicCodeExecution))
}

/** The OpenAI Responses API's `allowed_callers` for toolcat's callers: `code` is `programmatic`. */
export function openaiCallers(callers: readonly ToolCaller[]): ('direct' | 'programmatic')[] {
  return callers.map((caller) => (caller === 'direct' ? 'direct' : 'programmatic'))
}

/** Checks an adapter's `callers` option: a non-empty list of `direct` and/or `code`, without repeats. */
export function checkCallers(callers: readonly string[], where: string): ToolCaller[] {
  const unknown = callers.find((caller) => caller !== 'direct' && caller !== 'code')
  if (unknown !== undefined) throw new TypeError(`${where}: callers takes "direct" and/or "code", got ${JSON.stringify(unknown)}`)
  if (callers.length === 0) throw new TypeError(`${where}: callers needs at least one of "direct", "code"`)
  if (new Set(callers).size !== callers.length) throw new TypeError(`${where}: callers lists a caller twice`)
  return [...callers] as ToolCaller[]
}

/** Parses `--callers direct,code`: a non-empty list of known callers, without repeats. */
export function parseCallers(text: string): ToolCaller[] {
  const callers = text.split(',').map((caller) => caller.trim()).filter(Boolean)
  const unknown = callers.find((caller) => caller !== 'direct' && caller !== 'code')
  if (unknown !== undefined) throw new TypeError(`--callers takes direct and/or code, got ${JSON.stringify(unknown)}`)
  if (callers.length === 0) throw new TypeError('--callers needs at least one of direct, code')
  return [...new Set(callers)] as ToolCaller[]
}

interface ToolsOutput {
  readonly tools: readonly Record<string, unknown>[]
}

/** An Anthropic export's tools with `allowed_callers`, and the code execution tool first when code may call them. */
export function anthropicWithCallers(output: ToolsOutput, callers: readonly ToolCaller[]): ToolsOutput {
  const allowed = anthropicCallers(callers)
  const tools = output.tools.map((tool) => ({ ...tool, allowed_callers: allowed }))
  return { tools: callers.includes('code') ? [{ type: anthropicCodeExecution, name: 'code_execution' }, ...tools] : tools }
}

/** An OpenAI (Chat Completions shape) export's tools in the Responses shape with `allowed_callers`, and the programmatic tool calling tool first when code may call them. */
export function openaiWithCallers(output: ToolsOutput, callers: readonly ToolCaller[]): ToolsOutput {
  const allowed = openaiCallers(callers)
  const tools = output.tools.map((tool) => {
    const fn = (tool.function ?? {}) as Record<string, unknown>
    return { type: 'function', ...fn, allowed_callers: allowed }
  })
  return { tools: callers.includes('code') ? [{ type: 'programmatic_tool_calling' }, ...tools] : tools }
}
