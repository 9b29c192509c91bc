import type { CatalogTool } from '../../runtime/catalog.js'
import type { ToolAnnotations } from '../../runtime/types.js'
import { compareSchemas } from './compare-schema.js'
import type { CatalogChange, ChangeClass, Effect, SchemaChange } from './types.js'

/** The direction each annotation moves towards danger: the caller loses a guarantee it relied on. */
const dangerous: Record<keyof ToolAnnotations, boolean> = { pure: false, consequential: true, untrusted: true }

/**
 * Every change between two versions of one tool. Parameters break callers when they narrow;
 * outputs break consumers when they widen.
 */
export function compareTool(old: CatalogTool, next: CatalogTool): CatalogChange[] {
  const tool = old.name
  const classify = (breaksWhen: Effect) => (change: SchemaChange): CatalogChange => ({
    tool,
    path: change.path,
    kind: change.kind,
    class: classOf(change.effect === breaksWhen || change.effect === 'both'),
    message: change.message,
  })
  const changes: CatalogChange[] = []
  const add = (path: string, kind: string, breaking: boolean, message: string) =>
    changes.push({ tool, path, kind, class: classOf(breaking), message })
  for (const field of ['title', 'description', 'summary'] as const) {
    if (old[field] !== next[field]) add(field, `${field}-changed`, false, `${field} changed`)
  }
  for (const [name, towardsDanger] of Object.entries(dangerous) as [keyof ToolAnnotations, boolean][]) {
    const was = old.annotations?.[name] ?? false
    const now = next.annotations?.[name] ?? false
    if (was !== now) add(`annotations.${name}`, 'annotation-changed', now === towardsDanger, `${name} ${was} → ${now}`)
  }
  if (Boolean(old.stream) !== Boolean(next.stream)) {
    add('stream', 'stream-changed', true, next.stream ? 'result is now streamed' : 'result is no longer streamed')
  }
  changes.push(...compareSchemas(old.parameters, next.parameters, 'parameters').map(classify('narrows')))
  changes.push(...compareSchemas(old.output ?? {}, next.output ?? {}, 'output').map(classify('widens')))
  return changes
}

/** A change class from a boolean, for rules that are breaking or not outright. */
export function classOf(breaking: boolean): ChangeClass {
  return breaking ? 'breaking' : 'compatible'
}
