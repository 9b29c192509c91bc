import type { CatalogTool } from '../../../../runtime/catalog.js'
import type { ToolManagerInterface } from '../../../../runtime/manager-types.js'
import type { ToolCall, ToolResult } from '../../../../runtime/types.js'
import { h } from '../dom.js'
import { scopeOf } from '../schema-read.js'
import { confirmInDialog } from './confirm-dialog.js'
import { clearFaults, faultsOf, showFaults } from './faults.js'
import { propertyFields } from './fields.js'

/** The registry a try-it form calls: the app's own, from `~toolcat/registry`. */
export type PageRegistry = Pick<ToolManagerInterface, 'tool' | 'execute' | 'stream'>

let calls = 0

/**
 * A form for one tool, generated from its parameter schema. Submitting validates the arguments
 * with the tool's own validators (the registry tool's `prepare`, the code its calls run through)
 * and shows each fault at its field; valid arguments are then executed through the registry, which
 * asks for confirmation (a modal dialog) before a consequential tool runs, and the result is shown.
 */
export function tryItPanel(tool: CatalogTool, registry: PageRegistry): HTMLElement {
  const fields = propertyFields(tool.parameters, [], undefined, { scope: scopeOf(tool.name, tool.parameters), idPrefix: `tc-${tool.name}` })
  const result = h('output', { class: 'tc-result', 'aria-live': 'polite' })
  const run = h('button', { type: 'submit', class: 'tc-button tc-primary' }, tool.annotations?.consequential ? 'Run… (asks first)' : 'Run')
  const form = h('form', { class: 'tc-try', novalidate: true, 'data-path': '' }, fields.nodes.length === 0 ? h('p', { class: 'tc-muted' }, 'No parameters.') : fields.nodes, h('div', { class: 'tc-try-buttons' }, run), result)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    run.disabled = true
    void submit(tool, registry, form, fields.value(), result).finally(() => {
      run.disabled = false
    })
  })
  return h('section', { class: 'tc-section tc-try-section' }, h('h3', {}, 'Try it'), form)
}

async function submit(tool: CatalogTool, registry: PageRegistry, form: HTMLElement, args: Record<string, unknown>, result: HTMLElement): Promise<void> {
  clearFaults(form)
  show(result, 'tc-running', 'Running…')
  const registered = registry.tool(tool.name)
  if (registered === undefined) return show(result, 'tc-failure', `${tool.name} is not in this page's registry`)
  try {
    await registered.prepare?.(args, { signal: new AbortController().signal })
  } catch (thrown) {
    const faults = faultsOf(thrown)
    if (faults !== undefined) showFaults(form, faults)
    return show(result, 'tc-failure', `Arguments refused: ${thrown instanceof Error ? thrown.message : String(thrown)}`)
  }
  const call: ToolCall = { id: `page-${++calls}`, name: tool.name, arguments: args }
  const context = { confirm: confirmInDialog }
  if (tool.stream) {
    const chunks: unknown[] = []
    for await (const part of registry.stream(call, context)) {
      if (part.type === 'chunk') {
        chunks.push(part.value)
        show(result, 'tc-running', `${chunks.length} chunks so far…`)
      } else showResult(result, part.result, chunks)
    }
    return
  }
  showResult(result, await registry.execute(call, context))
}

function showResult(output: HTMLElement, result: ToolResult, chunks?: readonly unknown[]): void {
  const shown = result.success ? { value: result.value, ...(chunks && { chunks }) } : { error: result.error }
  show(output, result.success ? 'tc-success' : 'tc-failure', result.success ? 'Result' : 'Failed', JSON.stringify(shown, null, 2))
}

function show(output: HTMLElement, state: string, heading: string, body?: string): void {
  output.className = `tc-result ${state}`
  output.replaceChildren(h('strong', {}, heading), body === undefined ? '' : h('pre', { class: 'tc-code' }, body))
}
