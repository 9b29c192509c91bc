// Deferred loading for the AI SDK. Sources, read 2026-12:
// - AI SDK 7, https://ai-sdk.dev/docs/ai-sdk-core/tool-search, checked against ai 7.0.173's
//   dist/index.js (`createToolSearchState`): each step leaves out of the tools it sends (and can
//   run) every tool marked `deferLoading: true` until `toolSearch()` from 'ai' (optional `search`
//   hook and `maxResults`, default 5; the model supplies the query) has returned it; the default
//   search scores whole words of deferred tools' names and descriptions. What it found lasts for
//   one `generateText` / `streamText` call: the next call starts again from the search tool;
// - AI SDK 6 (the version this repository tests) has neither, but `generateText` / `streamText`
//   take `prepareStep`, whose result's `activeTools` limits the tools a step sends (ai 6.0
//   dist/index.d.ts `PrepareStepResult`): toolcat's own `tool_search` plus `deferredSteps`.
import type { ToolSource } from './options.js'

/** What `deferredSteps` needs to know of a deferred tool set. */
export interface DeferredSet {
  /** The exposed name of the search tool. */
  readonly search: string
  /** Exposed names of the tools shown from the start. */
  readonly pinned: readonly string[]
  /** The prefix of exposed names (tool_search returns registry names). */
  readonly prefix: string
  /** True when the SDK defers natively (AI SDK 7): nothing to limit per step. */
  readonly native: boolean
}

const deferredSets = new WeakMap<object, DeferredSet>()

/** Records how a tool set returned by `toAiSdkTools` defers, for `deferredSteps`. */
export function rememberDeferred(tools: object, set: DeferredSet): void {
  deferredSets.set(tools, set)
}

/** A step as `prepareStep` receives it: the tool results of earlier steps are what matter here. */
interface StepLike {
  readonly toolResults?: readonly { readonly toolName: string; readonly output?: unknown }[]
}

/**
 * `prepareStep` for a tool set made with `defer: true` on AI SDK 6: each step sends only
 * `tool_search`, the pinned tools and the tools earlier searches found. On AI SDK 7, which defers
 * natively, it changes nothing.
 */
export function deferredSteps(tools: object): (options: { readonly steps: readonly StepLike[] }) => { activeTools?: string[] } {
  const set = deferredSets.get(tools)
  if (set === undefined) throw new TypeError('deferredSteps: pass the tools toAiSdkTools returned with defer: true')
  return ({ steps }) => {
    if (set.native) return {}
    const found = steps.flatMap((step) => step.toolResults ?? []).filter((result) => result.toolName === set.search).flatMap((result) => foundNames(result.output))
    const active = [set.search, ...set.pinned, ...found.map((name) => `${set.prefix}${name}`)].filter((name) => Object.hasOwn(tools, name))
    return { activeTools: [...new Set(active)] }
  }
}

function foundNames(output: unknown): string[] {
  const tools = (output as { tools?: unknown } | undefined)?.tools
  return Array.isArray(tools) ? tools.flatMap((tool) => (typeof tool?.name === 'string' ? [tool.name as string] : [])) : []
}

/** Adds toolcat's `tool_search` to a registry that can search; one that cannot is refused. */
export function addSearchTool(registry: ToolSource, exclude: readonly string[]): void {
  if (!('searchTool' in registry) || typeof registry.searchTool !== 'function') throw new TypeError('defer: true needs a registry with search (a generated registry or createLazyRegistry)')
  registry.searchTool({ exclude })
}
