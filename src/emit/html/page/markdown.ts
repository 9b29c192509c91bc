/**
 * A small Markdown subset for JSDoc descriptions, parsed into a tree the page turns into DOM nodes
 * (text nodes and the handful of elements named here, never markup from the description): so no
 * raw HTML in a description is ever injected, whatever it holds. Paragraphs, fenced code, bullet
 * and numbered lists; inline code spans, emphasis, strong emphasis, and links whose target is an
 * absolute http(s) URL (any other target renders as its label).
 */

/** Inline content: plain text or one of the inline elements the renderer builds. */
export type MarkdownInline =
  | string
  | { readonly tag: 'code'; readonly text: string }
  | { readonly tag: 'em' | 'strong'; readonly children: readonly MarkdownInline[] }
  | { readonly tag: 'a'; readonly href: string; readonly children: readonly MarkdownInline[] }

/** A block of a description: a paragraph, a fenced code block or a list. */
export type MarkdownBlock =
  | { readonly tag: 'p'; readonly children: readonly MarkdownInline[] }
  | { readonly tag: 'pre'; readonly text: string }
  | { readonly tag: 'ul' | 'ol'; readonly items: readonly (readonly MarkdownInline[])[] }

const FENCE = /^\s{0,3}(```|~~~)/
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/
/** Link targets the page will follow: absolute http(s) URLs without spaces, quotes or angle brackets. */
const SAFE_HREF = /^https?:\/\/[^\s"'<>`]+$/i

/** Whether a link target is one the page may link to. */
export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href)
}

/** Parses a description into blocks. */
export function parseMarkdown(text: string): MarkdownBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const blocks: MarkdownBlock[] = []
  let index = 0
  while (index < lines.length) {
    const line = lines[index] as string
    const fence = FENCE.exec(line)
    if (fence) {
      const body: string[] = []
      index++
      while (index < lines.length && !(lines[index] as string).trimStart().startsWith(fence[1] as string)) body.push(lines[index++] as string)
      index++
      blocks.push({ tag: 'pre', text: body.join('\n') })
    } else if (line.trim() === '') {
      index++
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const pattern = BULLET.test(line) ? BULLET : NUMBERED
      const items: string[] = []
      while (index < lines.length && (lines[index] as string).trim() !== '') {
        const item = pattern.exec(lines[index] as string)
        if (item) items.push(item[1] as string)
        else if (items.length > 0) items[items.length - 1] += ` ${(lines[index] as string).trim()}`
        index++
      }
      blocks.push({ tag: pattern === BULLET ? 'ul' : 'ol', items: items.map(parseInline) })
    } else {
      const body: string[] = []
      while (index < lines.length && (lines[index] as string).trim() !== '' && !FENCE.test(lines[index] as string) && !BULLET.test(lines[index] as string) && !NUMBERED.test(lines[index] as string)) {
        body.push((lines[index++] as string).trim())
      }
      blocks.push({ tag: 'p', children: parseInline(body.join(' ')) })
    }
  }
  return blocks
}

/** Parses inline Markdown: code spans first (their content is literal), then links, emphasis and bare URLs. */
export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = []
  let plain = ''
  const flush = () => {
    if (plain !== '') out.push(plain)
    plain = ''
  }
  let index = 0
  while (index < text.length) {
    const rest = text.slice(index)
    const code = /^(`+)([\s\S]*?[^`])\1(?!`)/.exec(rest)
    const link = /^\[([^\]]*)\]\(\s*((?:[^\s()]|\([^\s()]*\))*)\s*\)/.exec(rest)
    const autolink = /^<(https?:\/\/[^\s<>]+)>/i.exec(rest)
    const bare = /^https?:\/\/[^\s<>"'`)\]]+[^\s<>"'`)\].,;:!?]/i.exec(rest)
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest)
    const em = /^(\*|_)(?=[^\s*_])([\s\S]*?[^\s*_])\1(?![*_\w])/.exec(rest)
    const wordStart = index === 0 || /[\s(]/.test(text[index - 1] as string)
    if (code) {
      flush()
      out.push({ tag: 'code', text: (code[2] as string).replace(/^ (.*) $/, '$1') })
      index += code[0].length
    } else if (link) {
      flush()
      const label = parseInline(link[1] as string)
      const href = link[2] as string
      if (isSafeHref(href)) out.push({ tag: 'a', href, children: label })
      else out.push(...label)
      index += link[0].length
    } else if (autolink && isSafeHref(autolink[1] as string)) {
      flush()
      out.push({ tag: 'a', href: autolink[1] as string, children: [autolink[1] as string] })
      index += autolink[0].length
    } else if (bare && wordStart && isSafeHref(bare[0])) {
      flush()
      out.push({ tag: 'a', href: bare[0], children: [bare[0]] })
      index += bare[0].length
    } else if (strong && wordStart) {
      flush()
      out.push({ tag: 'strong', children: parseInline(strong[2] as string) })
      index += strong[0].length
    } else if (em && wordStart) {
      flush()
      out.push({ tag: 'em', children: parseInline(em[2] as string) })
      index += em[0].length
    } else {
      plain += text[index]
      index++
    }
  }
  flush()
  return out
}
