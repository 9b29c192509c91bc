import { h } from './dom.js'

let tabsMade = 0

/** A tab set: the element, and which tab is selected. */
export interface Tabs {
  readonly element: HTMLElement
  selected(): number
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): one tab in the tab order, arrow keys, Home and End move
 * between tabs and select them. Each panel is built on its first showing (a recursive schema stays
 * finite) and kept, so what was typed in a form's branch survives switching away and back.
 */
export function tabs(labels: readonly string[], panel: (index: number) => Node, initial = 0, onSelect?: (index: number) => void): Tabs {
  const id = `tc-tabs-${++tabsMade}`
  const built = new Map<number, HTMLElement>()
  const list = h('div', { class: 'tc-tablist', role: 'tablist' })
  const panels = h('div', { class: 'tc-tabpanels' })
  let current = -1
  const buttons = labels.map((label, index) =>
    h('button', {
      type: 'button',
      role: 'tab',
      class: 'tc-tab',
      id: `${id}-tab-${index}`,
      'aria-controls': `${id}-panel-${index}`,
      onclick: () => select(index, false),
      onkeydown: (event: KeyboardEvent) => {
        const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: labels.length - 1 }[event.key]
        if (next === undefined) return
        event.preventDefault()
        select((next + labels.length) % labels.length, true)
      },
    }, label),
  )
  list.append(...buttons)
  function select(index: number, focus: boolean): void {
    if (index === current) return
    current = index
    buttons.forEach((button, at) => {
      button.setAttribute('aria-selected', String(at === index))
      button.tabIndex = at === index ? 0 : -1
    })
    for (const [at, element] of built) element.hidden = at !== index
    if (!built.has(index)) {
      const element = h('div', { role: 'tabpanel', class: 'tc-tabpanel', id: `${id}-panel-${index}`, 'aria-labelledby': `${id}-tab-${index}` }, panel(index))
      built.set(index, element)
      panels.append(element)
    }
    if (focus) buttons[index]?.focus()
    onSelect?.(index)
  }
  select(initial, false)
  return { element: h('div', { class: 'tc-tabs' }, list, panels), selected: () => current }
}
