import { argumentsForPerson, escapeForPerson } from '../../../../runtime/person-text.js'
import type { ToolCall } from '../../../../runtime/types.js'
import { h } from '../dom.js'

/**
 * Asks, in a modal dialog, whether to run a consequential tool with these arguments. Resolves true
 * only when Run is pressed; Cancel, Escape or closing the dialog any other way is a no (T9). The
 * name and arguments are shown with control, separator and bidirectional characters escaped: a
 * value typed or pasted into the form must not redraw the question.
 */
export function confirmInDialog(call: ToolCall): Promise<boolean> {
  return new Promise((answer) => {
    const run = h('button', { type: 'submit', value: 'run', class: 'tc-button tc-danger' }, 'Run')
    const cancel = h('button', { type: 'submit', value: 'cancel', class: 'tc-button', autofocus: true }, 'Cancel')
    const dialog = h(
      'dialog',
      { class: 'tc-dialog', 'aria-labelledby': 'tc-dialog-title' },
      h('form', { method: 'dialog' }, h('h2', { id: 'tc-dialog-title' }, `Run ${escapeForPerson(call.name)}?`), h('p', {}, 'This tool is marked consequential: it has effects that should not happen by accident. It will run with these arguments:'), h('pre', { class: 'tc-code' }, argumentsForPerson(call.arguments)), h('div', { class: 'tc-dialog-buttons' }, cancel, run)),
    )
    dialog.addEventListener('close', () => {
      answer(dialog.returnValue === 'run')
      dialog.remove()
    })
    document.body.append(dialog)
    dialog.showModal()
    cancel.focus()
  })
}
