import { Node, type Type, type TypeNode } from 'ts-morph'
import type { DiagnosticCode } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import { assemble } from './assemble.js'
import type { Entry, LocalProblem } from './ir.js'
import { rootEntry } from './root.js'
import { createValueChecker } from './value-checks.js'
import type { TypeView } from './view.js'
import { tsMorphViews } from './view-ts-morph.js'
import { createWalker } from './walker.js'

export type { JsonSchema }

/** One schema problem located at a node (T5 violations, non-object parameters, unsupported types, JSDoc). */
export interface SchemaProblem {
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
  node: Node
}

/** A derived schema and everything wrong with the type it came from. */
export interface SchemaOutcome {
  schema: JsonSchema
  problems: SchemaProblem[]
}

/** A derived output schema; `stream` means the schema describes each chunk of an AsyncIterable. */
export interface OutputOutcome extends SchemaOutcome {
  stream: boolean
}

/** Derives JSON Schemas from checker types; one per ts-morph Project, reused for every tool. */
export interface SchemaGenerator {
  /**
   * Schema of execute's first parameter, always an object: `T | null` and `T | undefined` derive `T`,
   * a union of object types `{ type: "object", anyOf }`, `unknown` an open object; `type` undefined
   * means execute() has no parameter → empty closed object. `at` is best the parameter's type node,
   * which gives union members their written order.
   */
  parameters(type: Type | undefined, at: Node): SchemaOutcome
  /**
   * Schema of execute's return type: Promise unwrapped, AsyncIterable<T> → stream of T,
   * void/undefined/never → undefined. Messages name the path from `output` (`output.at: …`).
   */
  output(type: Type, at: Node): OutputOutcome | undefined
}

const noValueKinds = new Set(['void', 'undefined', 'never'])

/** A schema generator whose cache of converted types lives as long as it does. */
export function createSchemaGenerator(): SchemaGenerator {
  const walk = createWalker<Node>()
  const checkValues = createValueChecker()
  const derive = (entry: Entry<Node>, at: Node, prefix = ''): SchemaOutcome => {
    checkValues(entry)
    const { schema, problems } = assemble(entry)
    return { schema, problems: problems.map((problem) => located(problem, at, prefix)) }
  }
  return {
    parameters(type, at) {
      if (!type) return { schema: { type: 'object', properties: {}, additionalProperties: false }, problems: [] }
      const view = tsMorphViews(at)(type, writtenAt(at))
      return derive(rootEntry(view, walk), at)
    },
    output(type, at) {
      const view: TypeView<Node> = tsMorphViews(at)(type, writtenAt(at)).awaited()
      const chunk = view.asyncElement()
      if (!chunk && noValueKinds.has(view.kind)) return undefined
      return { ...derive(walk(chunk ?? view), at, 'output'), stream: chunk !== undefined }
    },
  }
}

/** The type node written at `at`: `at` itself, or the type node of a parameter or property declaration. */
function writtenAt(at: Node): TypeNode | undefined {
  if (Node.isTypeNode(at)) return at
  return Node.isParameterDeclaration(at) || Node.isPropertySignature(at) ? at.getTypeNode() : undefined
}

function located(problem: LocalProblem<Node>, at: Node, prefix: string): SchemaProblem {
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
