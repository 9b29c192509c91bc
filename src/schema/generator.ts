import type { DiagnosticCode } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import { assemble } from './assemble.js'
import type { Entry, LocalProblem } from './ir.js'
import { withBindingDefaults, type BindingDefault } from './parameter-defaults.js'
import { rootEntry } from './root.js'
import { withoutWrapperDocs } from './root-copy.js'
import { createValueChecker } from './value-checks.js'
import type { TypeView } from './view.js'
import { createWalker } from './walker.js'

/** One schema problem located at a node (T5 violations, non-object parameters, unsupported types, JSDoc); `N` is the backend's node type. */
export interface SchemaProblem<N> {
  code: DiagnosticCode
  /** About a declaration (its JSDoc), not one use: `path` is the declaration's name, the message the same at every use. */
  anchored?: boolean
  /** `warning` for JSDoc that was left out; everything else is an `error` (in an output schema, see `output`). */
  severity: 'error' | 'warning'
  message: string
  /** Property path such as `filters.since` (`[]` for array items), or `''` for the root. */
  path: string
  hint?: string
  /** The exact node at fault: the property declaration, else the node the schema was asked for at. */
  node: N
}

/** A derived schema and everything wrong with the type it came from. */
export interface SchemaOutcome<N> {
  schema: JsonSchema
  problems: SchemaProblem<N>[]
}

/** A derived output schema; `stream` means the schema describes each chunk of an AsyncIterable. */
export interface OutputOutcome<N> extends SchemaOutcome<N> {
  stream: boolean
}

/**
 * Derives JSON Schemas from the type views of any checker backend. A view read from its written
 * node (the parameter's type node) gives union members their written order.
 */
export interface ViewSchemaGenerator<N> {
  /**
   * Schema of execute's first parameter, always an object: `T | null` and `T | undefined` derive `T`,
   * a union of object types `{ type: "object", anyOf }`, `unknown` an open object; `type` undefined
   * means execute() has no parameter → empty closed object. `defaults` are the defaults `execute`'s
   * destructuring writes, each its property's `default`.
   */
  parameters(type: TypeView<N> | undefined, at: N, defaults?: readonly BindingDefault<N>[]): SchemaOutcome<N>
  /**
   * Schema of execute's return type: Promise unwrapped, AsyncIterable<T> → stream of T,
   * void/undefined/never → undefined. Messages name the path from `output` (`output.at: …`).
   */
  output(type: TypeView<N>, at: N): OutputOutcome<N> | undefined
}

const noValueKinds = new Set(['void', 'undefined', 'never'])

/** A schema generator over a backend's type views; its cache of converted types lives as long as it does. */
export function createViewSchemaGenerator<N>(): ViewSchemaGenerator<N> {
  const walk = createWalker<N>()
  const checkValues = createValueChecker()
  const derive = (entry: Entry<N>, at: N, prefix = ''): SchemaOutcome<N> => {
    checkValues(entry)
    const { schema, problems } = assemble(entry)
    return { schema, problems: problems.map((problem) => located(problem, at, prefix)) }
  }
  return {
    parameters(view, at, defaults = []) {
      if (!view) return { schema: { type: 'object', properties: {}, additionalProperties: false }, problems: [] }
      const root = rootEntry(view, walk)
      // The types the root reaches are checked first: a rewritten root copies their settled keywords.
      checkValues(root)
      return derive(withBindingDefaults(withoutWrapperDocs(root), defaults, walk), at)
    },
    output(type, at) {
      const view = type.awaited()
      const chunk = view.asyncElement()
      if (!chunk && noValueKinds.has(view.kind)) return undefined
      return { ...derive(walk(chunk ?? view), at, 'output'), stream: chunk !== undefined }
    },
  }
}

function located<N>(problem: LocalProblem<N>, at: N, prefix: string): SchemaProblem<N> {
  const path = problem.path.reduce((joined, segment) => (segment.startsWith('[') || !joined ? joined + segment : `${joined}.${segment}`), '')
  // An output problem reads as if the output were a property named `output`: `output.at: …`;
  // an anchored one names its declaration already.
  const where = problem.anchored ? prefix : prefix && path && !path.startsWith('[') ? `${prefix}.${path}` : prefix + path
  return {
    code: problem.code,
    severity: problem.severity,
    message: where ? `${where}: ${problem.message}` : problem.message,
    path,
    ...(problem.anchored && { anchored: true }),
    ...(problem.hint !== undefined && { hint: problem.hint }),
    node: problem.node ?? at,
  }
}
