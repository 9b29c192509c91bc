import type { CatalogTool } from '../../../runtime/catalog.js'
import type { CodeSignature } from '../../code/code-api-files.js'
import { signatureLink, signatureSection } from './code-signature.js'
import { h, markdown } from './dom.js'
import { definitionsSection, schemaTree } from './schema-tree.js'
import { scopeOf } from './schema-read.js'

/** A tool's annotations and kind as badges: class suffix, label and what it means. */
export function badgesOf(tool: CatalogTool): [string, string, string][] {
  const badges: [string, string, string][] = []
  if (tool.annotations?.pure) badges.push(['pure', 'pure', 'No state change a caller can observe.'])
  if (tool.annotations?.untrusted) badges.push(['untrusted', 'untrusted', 'The result may carry content the tool did not author.'])
  if (tool.annotations?.consequential) badges.push(['consequential', 'consequential', 'Runs only after the caller confirms.'])
  if (tool.declarationOnly) badges.push(['declaration', 'declaration-only', 'No handler: the host supplies one.'])
  if (tool.stream) badges.push(['streaming', 'streaming', 'Returns its result as a stream of chunks.'])
  return badges
}

/** The badges of a tool as elements. */
export function badges(tool: CatalogTool): HTMLElement | undefined {
  const list = badgesOf(tool)
  if (list.length === 0) return undefined
  return h('ul', { class: 'tc-badges', 'aria-label': 'annotations' }, list.map(([kind, label, meaning]) => h('li', { class: `tc-badge tc-badge-${kind}`, title: meaning }, label)))
}

/**
 * One tool's section: its title and name, a deep link (`#<name>`), badges, its code-mode signature
 * (when the page has it) linking to its signature section, description, the parameters as a tree
 * with their `$defs`, the output schema and where the definition lives.
 */
export function toolCard(tool: CatalogTool, extra?: Node, signature?: CodeSignature): HTMLElement {
  const headingId = `${tool.name}.heading`
  const parameters = scopeOf(tool.name, tool.parameters)
  const output = tool.output === undefined ? undefined : scopeOf(`${tool.name}.output`, tool.output)
  return h(
    'article',
    { class: 'tc-tool', id: tool.name, tabindex: '-1', 'aria-labelledby': headingId },
    h(
      'header',
      { class: 'tc-tool-head' },
      h('h2', { id: headingId }, h('a', { class: 'tc-anchor', href: `#${tool.name}`, 'aria-label': `link to ${tool.name}` }, '#'), tool.title ?? tool.name),
      tool.title !== undefined && h('code', { class: 'tc-tool-name' }, tool.name),
      badges(tool),
    ),
    signature && signatureLink(tool.name, signature),
    markdown(tool.description, 'tc-md tc-description'),
    h('section', { class: 'tc-section' }, h('h3', {}, 'Parameters'), schemaTree(tool.parameters, parameters), definitionsSection(parameters, 'Parameter definitions')),
    output &&
      h('section', { class: 'tc-section' }, h('h3', {}, tool.stream ? 'Output (each chunk)' : 'Output'), schemaTree(tool.output ?? {}, output), definitionsSection(output, 'Output definitions')),
    signature && signatureSection(tool.name, signature),
    h(
      'footer',
      { class: 'tc-source' },
      'Source ',
      h('code', {}, tool.source.module),
      ' · export ',
      h('code', {}, tool.source.export),
      tool.source.package !== undefined && [' · package ', h('code', {}, tool.source.package)],
    ),
    extra,
  )
}
