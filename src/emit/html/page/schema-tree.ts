import { h, markdown, type Child } from './dom.js'
import { asRecord, constraintsOf, defAnchor, propertiesOf, refName, requiredOf, typeLabel, typeOf, unionBranches, branchLabel, type Schema, type SchemaScope } from './schema-read.js'
import { tabs } from './tabs.js'

/**
 * A schema as a readable tree: each property with its type, whether it is required, its
 * constraints, default, examples, enum values and description; objects and array items nested,
 * unions as tabs (one per branch), and a `$ref` as a link to the definition's section, never
 * expanded in place (so a recursive type reads as a finite tree).
 */
export function schemaTree(schema: Schema, scope: SchemaScope): HTMLElement {
  if (typeOf(schema) === 'object' && schema.properties !== undefined && unionBranches(schema) === undefined) {
    return propertyList(schema, scope) ?? h('p', { class: 'tc-muted' }, 'No parameters.')
  }
  return h('div', { class: 'tc-tree' }, summaryRow(schema, scope), details(schema, scope), nested(schema, scope))
}

/** The `$defs` of a tool's schema, each in a section a `$ref` links to. */
export function definitionsSection(scope: SchemaScope, heading: string): HTMLElement | undefined {
  const names = Object.keys(scope.defs).sort()
  if (names.length === 0) return undefined
  return h(
    'section',
    { class: 'tc-defs' },
    h('h4', {}, heading),
    names.map((name) => {
      const def = scope.defs[name] as Schema
      return h('div', { class: 'tc-def', id: defAnchor(scope.tool, name), tabindex: '-1' }, h('h5', {}, h('code', {}, name), ' ', h('span', { class: 'tc-type' }, typeLabel({ ...def, title: undefined }, scope))), details(def, scope), nested(def, scope))
    }),
  )
}

function propertyList(schema: Schema, scope: SchemaScope): HTMLElement | undefined {
  const properties = propertiesOf(schema)
  if (properties.length === 0) return undefined
  const required = requiredOf(schema)
  return h(
    'ul',
    { class: 'tc-props' },
    properties.map(([name, property]) =>
      h(
        'li',
        { class: 'tc-prop' },
        h('div', { class: 'tc-prop-head' }, h('code', { class: 'tc-name' }, name), ' ', typeChip(property, scope), ' ', required.has(name) ? h('span', { class: 'tc-required' }, 'required') : h('span', { class: 'tc-optional' }, 'optional'), property.deprecated === true && h('span', { class: 'tc-deprecated' }, 'deprecated')),
        details(property, scope),
        nested(property, scope),
      ),
    ),
  )
}

function summaryRow(schema: Schema, scope: SchemaScope): HTMLElement {
  return h('div', { class: 'tc-prop-head' }, typeChip(schema, scope))
}

/** The type label, a link when the schema is a `$ref` (or an array of one). */
function typeChip(schema: Schema, scope: SchemaScope): HTMLElement {
  const ref = refName(schema) ?? (typeOf(schema) === 'array' ? refName(asRecord(schema.items) ?? {}) : undefined)
  const label = typeLabel(schema, scope)
  if (ref === undefined || !(ref in scope.defs)) return h('span', { class: 'tc-type' }, label)
  return h('a', { class: 'tc-type tc-ref', href: `#${encodeURIComponent(defAnchor(scope.tool, ref))}` }, label)
}

/** Description, constraints, enum values, default and examples of one schema. */
function details(schema: Schema, scope: SchemaScope): Child {
  const facts: Child[] = []
  for (const [label, value] of constraintsOf(schema)) facts.push(h('span', { class: 'tc-fact' }, label, value !== '' && [' ', h('code', {}, value)]))
  if (Array.isArray(schema.enum)) facts.push(h('span', { class: 'tc-fact' }, 'one of ', schema.enum.map((value) => h('code', { class: 'tc-enum' }, JSON.stringify(value)))))
  if ('default' in schema) facts.push(h('span', { class: 'tc-fact' }, 'default ', h('code', {}, JSON.stringify(schema.default))))
  if (Array.isArray(schema.examples)) facts.push(h('span', { class: 'tc-fact' }, 'examples ', schema.examples.map((value) => h('code', {}, JSON.stringify(value)))))
  const resolved = refName(schema) === undefined ? undefined : scope.defs[refName(schema) as string]
  return [markdown(typeof schema.description === 'string' ? schema.description : typeof resolved?.description === 'string' ? resolved.description : undefined), facts.length > 0 && h('div', { class: 'tc-facts' }, facts)]
}

/** What sits under a property: its object's properties, its items, its union's branches. */
function nested(schema: Schema, scope: SchemaScope): Child {
  if (refName(schema) !== undefined) return undefined
  const branches = unionBranches(schema)
  if (branches) {
    const labels = branches.map((branch) => branchLabel(branch, scope))
    return h('div', { class: 'tc-union' }, h('span', { class: 'tc-muted' }, `one of ${branches.length} shapes`), tabs(labels, (index) => branchView(branches[index] as Schema, scope)).element)
  }
  const type = typeOf(schema)
  if (type === 'object') return propertyList(schema, scope) ?? nestedRecord(schema, scope)
  if (type === 'array') {
    const items = asRecord(schema.items)
    if (items === undefined || refName(items) !== undefined) return undefined
    const inner = nested(items, scope)
    return inner ? h('div', { class: 'tc-items' }, h('span', { class: 'tc-muted' }, 'each item:'), details(items, scope), inner) : undefined
  }
  return undefined
}

function nestedRecord(schema: Schema, scope: SchemaScope): Child {
  const values = asRecord(schema.additionalProperties)
  return values === undefined ? undefined : nested(values, scope)
}

function branchView(branch: Schema, scope: SchemaScope): HTMLElement {
  // An object branch reads as its properties; any other shows its type first.
  const head = typeOf(branch) === 'object' && branch.properties !== undefined ? undefined : h('div', { class: 'tc-prop-head' }, typeChip(branch, scope))
  return h('div', { class: 'tc-branch' }, head, details(branch, scope), nested(branch, scope))
}
