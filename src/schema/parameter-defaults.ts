import { codes } from '../codes.js'
import type { Annotation } from './annotations.js'
import { Ref, type Entry, type Ir } from './ir.js'
import { parseLiteral } from './jsdoc-values.js'
import { flatRoot } from './root-copy.js'
import type { Walker } from './walker.js'

/** A default written where `execute` destructures its parameter (`{ q, n = 5 }`): the key and the initialiser's source text. */
export interface BindingDefault<N> {
  readonly key: string
  readonly text: string
  /** The binding element, where a default the type refuses is reported. */
  readonly node: N
  /**
   * The value the checker gives an initialiser that is no literal, when its type is one literal
   * (an enum member `RecordType.A`, a `const`): `{ value }`; `{}` when it has none.
   */
  readonly resolved?: { readonly value?: string | number | boolean }
}

/** The syntax a parameter's object binding pattern is read through, as both checkers' trees have it. */
export interface BindingSyntax {
  readonly pos: number
  readonly end: number
  readonly text?: string
  readonly name?: BindingSyntax
  readonly propertyName?: BindingSyntax
  readonly initializer?: BindingSyntax
  readonly dotDotDotToken?: unknown
  readonly elements?: readonly BindingSyntax[]
}

/**
 * The defaults a parameter's object binding pattern writes (`execute({ q, n = 5, units = 'metric' })`),
 * each with its initialiser's source text; nested patterns and rest elements give none.
 */
export function bindingDefaults<N extends BindingSyntax>(parameter: N | undefined, sourceText: string): BindingDefault<N>[] {
  const elements = parameter?.name?.elements
  if (elements === undefined || parameter?.name?.text !== undefined) return []
  return elements.flatMap((element) => {
    const key = (element.propertyName ?? element.name)?.text
    const { initializer } = element
    if (key === undefined || initializer === undefined || element.dotDotDotToken !== undefined) return []
    return [{ key, text: sourceText.slice(initializer.pos, initializer.end), node: element as N }]
  })
}

/**
 * The root entry with each destructuring default as its property's `default`, checked against the
 * property's schema like a `@default` (a default the type refuses is an error and left out): a
 * fresh entry whose schema is the root object's own, so the cached types it reaches stay as they
 * were. An enum member or constant is the value the checker gives it; a default the build cannot
 * read (`n = limit * 2`) is a warning; a root that is not one object (a union of objects, an open
 * record) is left as it is.
 */
export function withBindingDefaults<N>(root: Entry<N>, defaults: readonly BindingDefault<N>[], walk: Walker<N>): Entry<N> {
  const object = flatRoot(root)
  if (object === undefined || typeof object.schema['properties'] !== 'object' || defaults.length === 0) return root
  const entry: Entry<N> = { schema: {}, done: true, problems: [...object.problems], named: undefined, checks: [] }
  const context = walk.contextFor(entry)
  const properties = { ...(object.schema['properties'] as Record<string, Ir<N>>) }
  for (const { key, text, node, resolved } of defaults) {
    const written = parseLiteral(text)
    const literal = written.found || resolved?.value === undefined ? written : { found: true as const, value: resolved.value }
    const property = properties[key]
    if (!(property instanceof Ref)) continue
    if (!literal.found) {
      // Nothing is dropped silently: a default the schema cannot state is a warning.
      entry.problems.push({
        code: codes.annotation,
        severity: 'warning',
        message: `the default \`${text.trim()}\` is not a value the build can read; left out of the schema`,
        hint: 'write a literal (or an enum member, or a `const` holding one), or give the value in a `@default` tag',
        path: [key],
        node,
      })
      continue
    }
    const annotation: Annotation<N> = {
      keywords: { default: literal.value },
      values: [{ keyword: 'default', tag: 'the destructuring default', candidates: [literal.value], severity: 'error' }],
      integer: false,
      problems: [],
      node,
      label: key,
    }
    properties[key] = context.annotate(property, annotation)
  }
  entry.schema = { ...object.schema, properties }
  return entry
}

