import type { Node } from 'typescript/unstable/ast'
import { inlineJsDocAt } from '../../schema/inline-jsdoc-text.js'
import { midLineTags } from '../../schema/mid-line-tags.js'
import type { Docs } from '../../schema/view.js'
import type { NativeModules } from './load.js'

/** The parts of a JSDoc node the readers below look at (the AST's own types name them per kind). */
interface JsDocLike {
  readonly kind: number
  readonly comment?: readonly JsDocLike[] | string
  readonly tags?: readonly JsDocLike[]
  readonly tagName?: { readonly text: string }
  readonly text?: string
  readonly name?: Node
  readonly typeExpression?: Node
}

/**
 * JSDoc of a symbol read from its declarations' syntax trees, as TypeScript's language service
 * reports it (`getDocumentationComment`, `getJsDocTags`): the comments of every JSDoc block,
 * distinct ones joined by a line break, and every tag with its text. Reading the trees the backend
 * already holds costs no request; asking the checker would cost two per property.
 */
export class NativeDocs {
  private readonly kinds: NativeModules['ast']['SyntaxKind']

  constructor(private readonly ast: NativeModules['ast']) {
    this.kinds = ast.SyntaxKind
  }

  /** The documentation of a symbol with these declarations; `valueDeclaration` is where an inline comment may sit. */
  of(declarations: readonly Node[], valueDeclaration: Node | undefined): Docs<never> {
    const comments: string[] = []
    const tags: { name: string; text: string }[] = []
    const midLine: string[] = []
    for (const declaration of new Set(declarations)) {
      const blocks = ((declaration as { jsDoc?: readonly JsDocLike[] }).jsDoc ?? []) as readonly JsDocLike[]
      const ownTags = blocks.flatMap((block) => block.tags ?? [])
      // Like the language service, a @typedef or @callback block documents the type it declares.
      if (ownTags.some((tag) => this.isTypedef(tag)) && !ownTags.some((tag) => this.isParamOrReturn(tag))) continue
      for (const block of blocks) {
        const text = block.comment === undefined ? '' : this.commentText(block.comment)
        if (text !== '' && !comments.includes(text)) comments.push(text)
      }
      for (const tag of ownTags) tags.push({ name: tag.tagName?.text ?? '', text: this.tagText(tag) })
      const text = declaration.getSourceFile().text
      for (const block of blocks as readonly (JsDocLike & Node)[]) midLine.push(...midLineTags(text.slice(block.pos, block.end)))
    }
    const description = comments.join('\n').trim()
    const where = midLine.length > 0 ? { midLine } : {}
    if (description) return { description, tags, ...where }
    if (tags.length === 0 && valueDeclaration !== undefined) {
      const inline = inlineJsDocAt(valueDeclaration.getSourceFile().text, valueDeclaration.pos, this.ast.getTrailingCommentRanges)
      if (inline) return inline
    }
    return { tags, ...where }
  }

  private isTypedef(tag: JsDocLike): boolean {
    return tag.kind === this.kinds.JSDocTypedefTag || tag.kind === this.kinds.JSDocCallbackTag
  }

  private isParamOrReturn(tag: JsDocLike): boolean {
    return tag.kind === this.kinds.JSDocParameterTag || tag.kind === this.kinds.JSDocReturnTag
  }

  /** A tag's text as the language service shows it: the type expression or name first for the tags that have one. */
  private tagText(tag: JsDocLike): string {
    const k = this.kinds
    const comment = tag.comment === undefined ? undefined : this.commentText(tag.comment)
    const lead = (node: Node | undefined): string => {
      const text = node === undefined ? '' : node.getText()
      return comment ? (text ? `${text} ${comment}` : comment) : text
    }
    if (tag.kind === k.JSDocTypeTag || tag.kind === k.JSDocSatisfiesTag || tag.kind === k.JSDocThrowsTag) return lead(tag.typeExpression)
    if (tag.kind === k.JSDocParameterTag || tag.kind === k.JSDocPropertyTag) return lead(tag.name)
    return comment ?? ''
  }

  /** The text of a comment: its text parts, links written back as `{@link name text}`. */
  private commentText(comment: readonly JsDocLike[] | string): string {
    if (typeof comment === 'string') return comment
    const k = this.kinds
    return comment
      .map((part) => {
        if (part.kind === k.JSDocText) return part.text ?? ''
        const tag = part.kind === k.JSDocLinkCode ? 'linkcode' : part.kind === k.JSDocLinkPlain ? 'linkplain' : 'link'
        return `{@${tag} ${part.name === undefined ? '' : part.name.getText()}${part.text ?? ''}}`
      })
      .join('')
  }
}
