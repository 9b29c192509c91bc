import type { Node, Type } from 'ts-morph'
import { codes, type DiagnosticCode } from '../analyze/codes.js'
import type { JsonSchema } from '../runtime/types.js'
import { assemble } from './assemble.js'
import type { LocalProblem } from './ir.js'
import type { TypeView } from './view.js'
import { tsMorphViews } from './view-ts-morph.js'
import { createWalker } from './walker.js'

export type { JsonSchema }

/** One schema problem located at a node (T5 violations, non-object parameters, unsupported types). */
export interface SchemaProblem {
  code: DiagnosticCode
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
  /** Schema of execute's first parameter; `type` undefined means execute() has no parameter → empty closed object. */
  parameters(type: Type | undefined, at: Node): SchemaOutcome
  /** Schema of execute's return type: Promise unwrapped, AsyncIterable<T> → stream of T, void/undefined/never → undefined. */
  output(type: Type, at: Node): OutputOutcome | undefined
}

const noValueKinds = new Set(['void', 'undefined', 'never'])

/** A schema generator whose cache of converted types lives as long as it does. */
export function createSchemaGenerator(): SchemaGenerator {
  const walk = createWalker<Node>()
  const derive = (type: TypeView<Node>, at: Node): SchemaOutcome => {
    const { schema, problems } = assemble(walk(type))
    return { schema, problems: problems.map((problem) => located(problem, at)) }
  }
  return {
    parameters(type, at) {
      if (!type) return { schema: { type: 'object', properties: {}, additionalProperties: false }, problems: [] }
      const view = tsMorphViews(at)(type)
      const outcome = derive(view, at)
      if (outcome.schema['type'] === 'object') return outcome
      const problem: SchemaProblem = {
        code: codes.nonObjectParameters,
        message: `parameters must be an object type, not ${view.text}`,
        path: '',
        hint: 'take one object argument and name the value, e.g. `execute(args: { value: T })`',
        node: at,
      }
      return { schema: { type: 'object' }, problems: [problem, ...outcome.problems] }
    },
    output(type, at) {
      const view = tsMorphViews(at)(type).awaited()
      const chunk = view.asyncElement()
      if (!chunk && noValueKinds.has(view.kind)) return undefined
      return { ...derive(chunk ?? view, at), stream: chunk !== undefined }
    },
  }
}

function located(problem: LocalProblem<Node>, at: Node): SchemaProblem {
  const path = problem.path.reduce((joined, segment) => (segment.startsWith('[') || !joined ? joined + segment : `${joined}.${segment}`), '')
  return {
    code: problem.code,
    message: path ? `${path}: ${problem.message}` : problem.message,
    path,
    ...(problem.hint !== undefined && { hint: problem.hint }),
    node: problem.node ?? at,
  }
}
