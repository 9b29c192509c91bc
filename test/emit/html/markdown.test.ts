import { describe, expect, test } from 'vitest'
import { isSafeHref, parseInline, parseMarkdown } from '../../../src/emit/html/page/markdown.js'

describe('the Markdown subset of descriptions', () => {
  test('paragraphs, fenced code, bullet and numbered lists', () => {
    expect(parseMarkdown('One line\ncontinued.\n\n```ts\nconst a = 1 < 2\n```\n- first\n- second\n\n1. one\n2. two')).toEqual([
      { tag: 'p', children: ['One line continued.'] },
      { tag: 'pre', text: 'const a = 1 < 2' },
      { tag: 'ul', items: [['first'], ['second']] },
      { tag: 'ol', items: [['one'], ['two']] },
    ])
  })

  test('code spans, emphasis, strong emphasis and http(s) links', () => {
    expect(parseInline('use `a*b*` *now*, **really** [docs](https://example.com/a_(b)) and https://x.test/y.')).toEqual([
      'use ',
      { tag: 'code', text: 'a*b*' },
      ' ',
      { tag: 'em', children: ['now'] },
      ', ',
      { tag: 'strong', children: ['really'] },
      ' ',
      { tag: 'a', href: 'https://example.com/a_(b)', children: ['docs'] },
      ' and ',
      { tag: 'a', href: 'https://x.test/y', children: ['https://x.test/y'] },
      '.',
    ])
  })

  test('markup stays text and a link to anything but http(s) renders as its label', () => {
    expect(parseInline('<script>alert(1)</script> [x](javascript:alert(1)) [y](data:text/html,hi) [z](//evil.test)')).toEqual([
      '<script>alert(1)</script> ',
      'x',
      ' ',
      'y',
      ' ',
      'z',
    ])
    expect(parseInline('snake_case_name and 2*3*4')).toEqual(['snake_case_name and 2*3*4'])
    expect(isSafeHref('https://example.com/"onmouseover=x')).toBe(false)
    expect(isSafeHref('HTTP://example.com/')).toBe(true)
  })
})
