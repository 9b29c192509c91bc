import { h, markdown, type Child } from '../dom.js'
import { admitsNoValue, asRecord, branchLabel, propertiesOf, requiredOf, resolve, typeLabel, typeOf, unionBranches, type Schema, type SchemaScope } from '../schema-read.js'
import { tabs } from '../tabs.js'

/** What a field reads when the user left it out: the property is then omitted from the arguments. */
export const ABSENT: unique symbol = Symbol('absent')

/** One control of a try-it form: its element (carrying `data-path`) and the value it reads now. */
export interface FormField {
  readonly element: HTMLElement
  value(): unknown
}

/** What every field of one form shares. */
export interface FieldContext {
  readonly scope: SchemaScope
  /** A prefix making control ids unique on the page. */
  readonly idPrefix: string
}

/** Where a field sits: its path in the arguments (as faults name it), its label, whether it is required, its starting value. */
export interface FieldSlot {
  readonly path: readonly (string | number)[]
  readonly label: string
  readonly required: boolean
  readonly initial?: unknown
}

/**
 * A form control for a schema: text and number inputs, a checkbox or select for booleans, a select
 * for an enum, a fieldset per object (an optional one behind a disclosure, built when opened, so a
 * recursive type stays finite), an editable list per array, tabs per union, and a JSON text area
 * for what has no better control (records, tuples, `any`). Defaults are prefilled.
 */
export function buildField(schema: Schema, slot: FieldSlot, context: FieldContext): FormField {
  const resolved = resolve(schema, context.scope)
  const description = typeof schema.description === 'string' ? schema.description : (resolved.description as string | undefined)
  const initial = 'default' in schema ? schema.default : 'default' in resolved ? resolved.default : slot.initial
  const own = { ...slot, initial }
  const branches = unionBranches(resolved)
  if (branches) return unionField(branches, own, context, description)
  if ('const' in resolved) return wrap(own, context, description, h('code', { class: 'tc-const' }, JSON.stringify(resolved.const)), () => resolved.const)
  if (Array.isArray(resolved.enum)) return enumField(resolved.enum, own, context, description)
  switch (typeOf(resolved)) {
    case 'string':
      return textField(own, context, description, typeLabel(resolved, context.scope))
    case 'number':
    case 'integer':
      return numberField(own, context, description, typeLabel(resolved, context.scope))
    case 'boolean':
      return booleanField(own, context, description)
    case 'null':
      return wrap(own, context, description, h('code', { class: 'tc-const' }, 'null'), () => null)
    case 'object':
      return resolved.properties === undefined ? jsonField(own, context, description, typeLabel(resolved, context.scope)) : objectField(resolved, own, context, description)
    case 'array':
      return asRecord(resolved.items) === undefined ? jsonField(own, context, description, typeLabel(resolved, context.scope)) : arrayField(asRecord(resolved.items) as Schema, own, context, description)
    default:
      return jsonField(own, context, description, typeLabel(resolved, context.scope))
  }
}

/** The fields of an object's properties, and the object they read (omitting what was left out). */
export function propertyFields(schema: Schema, path: readonly (string | number)[], initial: unknown, context: FieldContext): { readonly nodes: HTMLElement[]; value(): Record<string, unknown> } {
  const required = requiredOf(schema)
  const start = asRecord(initial) ?? {}
  const fields = propertiesOf(schema).map(([name, property]) => [name, buildField(property, { path: [...path, name], label: name, required: required.has(name), initial: start[name] }, context)] as const)
  return {
    nodes: fields.map(([, field]) => field.element),
    value() {
      const out: Record<string, unknown> = {}
      for (const [name, field] of fields) {
        const value = field.value()
        if (value !== ABSENT) out[name] = value
      }
      return out
    },
  }
}

/** The id of a field's control, from its path. */
function controlId(slot: FieldSlot, context: FieldContext): string {
  return `${context.idPrefix}-${slot.path.join('.') || 'root'}`
}

function pathKey(path: readonly (string | number)[]): string {
  return path.join('.')
}

function labelRow(slot: FieldSlot, context: FieldContext, type?: string): HTMLElement {
  return h('label', { for: controlId(slot, context), class: 'tc-label' }, h('code', {}, slot.label), type && h('span', { class: 'tc-type' }, type), slot.required ? h('span', { class: 'tc-required' }, 'required') : h('span', { class: 'tc-optional' }, 'optional'))
}

/** A field's frame: label, control, description, and (when faults come) their messages. */
function wrap(slot: FieldSlot, context: FieldContext, description: string | undefined, control: Child, value: () => unknown, type?: string): FormField {
  const element = h('div', { class: 'tc-field', 'data-path': pathKey(slot.path) }, labelRow(slot, context, type), control, markdown(description, 'tc-md tc-help'))
  return { element, value }
}

function textField(slot: FieldSlot, context: FieldContext, description: string | undefined, type: string): FormField {
  const input = h('input', { type: 'text', id: controlId(slot, context), class: 'tc-input', value: typeof slot.initial === 'string' ? slot.initial : undefined, autocomplete: 'off' })
  return wrap(slot, context, description, input, () => (input.value === '' && !slot.required ? ABSENT : input.value), type)
}

const NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/

function numberField(slot: FieldSlot, context: FieldContext, description: string | undefined, type: string): FormField {
  const input = h('input', { type: 'text', inputmode: 'decimal', id: controlId(slot, context), class: 'tc-input', value: typeof slot.initial === 'number' ? String(slot.initial) : undefined, autocomplete: 'off' })
  // Text that is not a number is sent as typed, so the validator reports it at this field.
  return wrap(slot, context, description, input, () => (input.value.trim() === '' ? ABSENT : NUMBER.test(input.value) ? Number(input.value) : input.value), type)
}

function booleanField(slot: FieldSlot, context: FieldContext, description: string | undefined): FormField {
  if (slot.required) {
    const box = h('input', { type: 'checkbox', id: controlId(slot, context), checked: slot.initial === true })
    return wrap(slot, context, description, box, () => box.checked, 'boolean')
  }
  return enumField([true, false], slot, context, description)
}

function enumField(values: readonly unknown[], slot: FieldSlot, context: FieldContext, description: string | undefined): FormField {
  const chosen = values.findIndex((value) => JSON.stringify(value) === JSON.stringify(slot.initial))
  const select = h(
    'select',
    { id: controlId(slot, context), class: 'tc-input' },
    !slot.required && h('option', { value: '' }, '—'),
    values.map((value, index) => h('option', { value: String(index), selected: index === chosen }, JSON.stringify(value))),
  )
  return wrap(slot, context, description, select, () => (select.value === '' ? ABSENT : values[Number(select.value)]), 'enum')
}

function jsonField(slot: FieldSlot, context: FieldContext, description: string | undefined, type: string): FormField {
  const area = h('textarea', { id: controlId(slot, context), class: 'tc-input tc-json', rows: 3, spellcheck: 'false', placeholder: 'JSON' })
  if (slot.initial !== undefined) area.value = JSON.stringify(slot.initial, null, 2)
  return wrap(slot, context, description, area, () => {
    if (area.value.trim() === '') return ABSENT
    try {
      return JSON.parse(area.value)
    } catch {
      return area.value
    }
  }, type)
}

function objectField(schema: Schema, slot: FieldSlot, context: FieldContext, description: string | undefined): FormField {
  const key = pathKey(slot.path)
  if (slot.required) {
    const properties = propertyFields(schema, slot.path, slot.initial, context)
    const element = h('fieldset', { class: 'tc-field tc-object', 'data-path': key }, h('legend', {}, h('code', {}, slot.label), h('span', { class: 'tc-required' }, 'required')), markdown(description, 'tc-md tc-help'), properties.nodes)
    return { element, value: properties.value }
  }
  // Optional: left out until opened; its fields are built on the first opening.
  let properties: ReturnType<typeof propertyFields> | undefined
  const body = h('div', { class: 'tc-object' })
  const disclosure = h('details', { class: 'tc-field tc-optional-object', 'data-path': key, open: slot.initial !== undefined }, h('summary', {}, h('code', {}, slot.label), h('span', { class: 'tc-optional' }, 'optional · open to include')), markdown(description, 'tc-md tc-help'), body)
  const build = () => {
    if (properties !== undefined || !disclosure.open) return
    properties = propertyFields(schema, slot.path, slot.initial, context)
    body.append(...properties.nodes)
  }
  disclosure.addEventListener('toggle', build)
  build()
  return { element: disclosure, value: () => (disclosure.open && properties ? properties.value() : ABSENT) }
}

function arrayField(items: Schema, slot: FieldSlot, context: FieldContext, description: string | undefined): FormField {
  const key = pathKey(slot.path)
  const list = h('ol', { class: 'tc-items-list' })
  const entries: { element: HTMLElement; field: FormField }[] = []
  const add = (initial?: unknown) => {
    const index = entries.length
    const field = buildField(items, { path: [...slot.path, index], label: `${slot.label}[${index}]`, required: true, initial }, { ...context, idPrefix: `${context.idPrefix}-${nextItem++}` })
    const element = h('li', { class: 'tc-item' }, field.element, h('button', { type: 'button', class: 'tc-button tc-remove', 'aria-label': `remove item ${index + 1} of ${slot.label}`, onclick: () => remove(entry) }, 'Remove'))
    const entry = { element, field }
    entries.push(entry)
    list.append(element)
  }
  const remove = (entry: (typeof entries)[number]) => {
    const at = entries.indexOf(entry)
    entries.splice(at, 1)
    entry.element.remove()
    // Later items move up one place: their paths (where faults are shown) follow.
    entries.slice(at).forEach((later, offset) => renumber(later.element, `${key === '' ? '' : `${key}.`}${at + offset + 1}`, `${key === '' ? '' : `${key}.`}${at + offset}`))
  }
  for (const value of Array.isArray(slot.initial) ? slot.initial : []) add(value)
  // An array of `never` admits no item: it says so instead of offering one.
  const adder = admitsNoValue(items) ? h('span', { class: 'tc-muted' }, 'admits no item: always empty') : h('button', { type: 'button', class: 'tc-button', onclick: () => add() }, 'Add item')
  const element = h('fieldset', { class: 'tc-field tc-array', 'data-path': key }, h('legend', {}, h('code', {}, slot.label), h('span', { class: 'tc-type' }, `${typeLabel(items, context.scope)}[]`), slot.required ? h('span', { class: 'tc-required' }, 'required') : h('span', { class: 'tc-optional' }, 'optional')), markdown(description, 'tc-md tc-help'), list, adder)
  return { element, value: () => (entries.length === 0 && !slot.required && slot.initial === undefined ? ABSENT : entries.map((entry) => entry.field.value()).map((value) => (value === ABSENT ? null : value))) }
}

let nextItem = 0

function renumber(element: HTMLElement, from: string, to: string): void {
  for (const node of [element, ...element.querySelectorAll<HTMLElement>('[data-path]')]) {
    const path = node.dataset.path
    if (path === from || path?.startsWith(`${from}.`)) node.dataset.path = to + path.slice(from.length)
  }
}

function unionField(branches: readonly Schema[], slot: FieldSlot, context: FieldContext, description: string | undefined): FormField {
  const fields = new Map<number, FormField>()
  // An optional union starts on a first tab that leaves the property out.
  const skip = slot.required ? 0 : 1
  const labels = [...(skip ? ['leave out'] : []), ...branches.map((branch) => branchLabel(branch, context.scope))]
  const fitting = branches.findIndex((branch) => fits(slot.initial, resolve(branch, context.scope)))
  const initialTab = fitting === -1 ? 0 : fitting + skip
  const set = tabs(labels, (tab) => {
    if (tab < skip) return h('p', { class: 'tc-muted' }, 'Not sent.')
    const index = tab - skip
    const field = buildField(branches[index] as Schema, { ...slot, label: labels[tab] as string, required: true, initial: tab === initialTab ? slot.initial : undefined }, { ...context, idPrefix: `${context.idPrefix}-b${index}` })
    // Faults of the union itself belong to the union's frame, not to the branch's; the tab names the branch.
    field.element.removeAttribute('data-path')
    field.element.classList.add('tc-branch-field')
    field.element.querySelector(':scope > legend')?.remove()
    fields.set(tab, field)
    return field.element
  }, initialTab)
  const element = h('fieldset', { class: 'tc-field tc-union-field', 'data-path': pathKey(slot.path) }, h('legend', {}, h('code', {}, slot.label), h('span', { class: 'tc-type' }, `one of ${branches.length}`), slot.required ? h('span', { class: 'tc-required' }, 'required') : h('span', { class: 'tc-optional' }, 'optional')), markdown(description, 'tc-md tc-help'), set.element)
  return { element, value: () => fields.get(set.selected())?.value() ?? ABSENT }
}

/** Whether a starting value plausibly belongs to a branch (its JSON type, or its tag). */
function fits(value: unknown, branch: Schema): boolean {
  if (value === undefined) return false
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  const wanted = typeOf(branch)
  if (wanted === undefined) return false
  return wanted === type || (wanted === 'integer' && type === 'number')
}
