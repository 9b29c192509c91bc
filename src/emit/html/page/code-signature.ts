import type { CodeSignature } from '../../code/code-api-files.js'
import { h } from './dom.js'

/** Each tool's code-mode signature by tool name, as `toolcat export --format html` inlines it. */
export type PageSignatures = Readonly<Record<string, CodeSignature>>

/** A tool's signature, if the page has one (an own property only: a tool named `constructor` finds nothing inherited). */
export function signatureOf(signatures: PageSignatures | undefined, toolName: string): CodeSignature | undefined {
  return signatures !== undefined && Object.hasOwn(signatures, toolName) ? signatures[toolName] : undefined
}

/** The id of a tool's signature section: its deep link (`catalog.html#send_email.signature`). */
export function signatureId(toolName: string): string {
  return `${toolName}.signature`
}

/** The one-line signature under a tool's heading, linking to the tool's signature section. */
export function signatureLink(toolName: string, signature: CodeSignature): HTMLElement {
  return h('p', { class: 'tc-signature-line' }, h('a', { href: `#${signatureId(toolName)}`, title: `The TypeScript signature of ${toolName} in code mode (${signature.file})` }, h('code', {}, signature.signature)))
}

/** A tool's signature section: its module of a code export (named types, argument and result types, function), as text. */
export function signatureSection(toolName: string, signature: CodeSignature): HTMLElement {
  return h(
    'section',
    { class: 'tc-section', id: signatureId(toolName), tabindex: '-1' },
    h('h3', {}, 'Code mode signature · ', h('code', {}, signature.file)),
    h('pre', { class: 'tc-code tc-signature' }, h('code', {}, signature.module)),
  )
}
