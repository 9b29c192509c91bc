import { formatFault } from '../../../../runtime/fault-text.js'
import type { ToolFault } from '../../../../runtime/types.js'
import { h } from '../dom.js'

/** The structured faults of an argument failure (a `ToolError` with code `ARGUMENTS`), if the thrown value is one. */
export function faultsOf(thrown: unknown): readonly ToolFault[] | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined
  const { code, context } = thrown as { code?: unknown; context?: { faults?: unknown } }
  return code === 'ARGUMENTS' && Array.isArray(context?.faults) ? (context.faults as ToolFault[]) : undefined
}

/** Removes the fault messages a previous submission left in a form. */
export function clearFaults(form: HTMLElement): void {
  for (const message of form.querySelectorAll('.tc-fault')) message.remove()
  for (const field of form.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid')
}

/**
 * Shows each fault at its field: the element whose `data-path` is the fault's path, else the
 * nearest enclosing one (a missing property's fault lands on its object), else the form's top.
 */
export function showFaults(form: HTMLElement, faults: readonly ToolFault[]): void {
  const fields = new Map([...form.querySelectorAll<HTMLElement>('[data-path]')].map((element) => [element.dataset.path as string, element]))
  for (const fault of faults) {
    let target: HTMLElement | undefined
    for (let length = fault.path.length; length >= 0 && target === undefined; length--) target = fields.get(fault.path.slice(0, length).join('.'))
    target ??= form
    const control = target.querySelector(':scope > input, :scope > select, :scope > textarea')
    control?.setAttribute('aria-invalid', 'true')
    const message = h('p', { class: 'tc-fault', role: 'alert' }, formatFault(fault))
    const label = target.querySelector(':scope > legend, :scope > summary, :scope > label')
    if (label) label.after(message)
    else target.prepend(message)
  }
}
