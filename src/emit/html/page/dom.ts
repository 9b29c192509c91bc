import type { MarkdownBlock, MarkdownInline } from './markdown.js'
import { parseMarkdown } from './markdown.js'

/** A child of `h`: a node, text (always a text node, never parsed as markup), or nothing. */
export type Child = Node | string | false | null | undefined | readonly Child[]

/** Attributes of `h`: `class`, any attribute (set with setAttribute), and `on*` listeners. */
export type Props = { readonly [name: string]: string | number | boolean | undefined | ((event: any) => void) }

/**
 * Creates an element. Text goes in as text nodes and attributes through `setAttribute`: the page
 * never assigns markup, so no string from a catalog is ever parsed as HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
  append(element, children)
  return element
}

/** Appends children (flattening arrays, skipping empty ones). */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue
    if (typeof child === 'string') parent.appendChild(document.createTextNode(child))
    else if (Array.isArray(child)) append(parent, child)
    else parent.appendChild(child as Node)
  }
}

/** A description rendered from its Markdown subset, in a `div` of the given class. */
export function markdown(text: string | undefined, className = 'tc-md'): HTMLElement | undefined {
  if (text === undefined || text.trim() === '') return undefined
  return h('div', { class: className }, parseMarkdown(text).map(block))
}

function block(node: MarkdownBlock): Node {
  switch (node.tag) {
    case 'p':
      return h('p', {}, node.children.map(inline))
    case 'pre':
      return h('pre', {}, h('code', {}, node.text))
    default:
      return h(node.tag, {}, node.items.map((item) => h('li', {}, item.map(inline))))
  }
}

function inline(node: MarkdownInline): Child {
  if (typeof node === 'string') return node
  switch (node.tag) {
    case 'code':
      return h('code', {}, node.text)
    case 'a':
      return h('a', { href: node.href, rel: 'noopener noreferrer nofollow', target: '_blank' }, node.children.map(inline))
    default:
      return h(node.tag, {}, node.children.map(inline))
  }
}
