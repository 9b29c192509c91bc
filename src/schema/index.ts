import type { Node, Type } from 'ts-morph'
import type { JsonSchema } from '../runtime/types.js'
import {
  createViewSchemaGenerator,
  type OutputOutcome as ViewOutputOutcome,
  type SchemaOutcome as ViewSchemaOutcome,
  type SchemaProblem as ViewSchemaProblem,
} from './generator.js'
import { bindingDefaults, type BindingSyntax } from './parameter-defaults.js'
import { loadTsMorphViews } from './ts-morph-views-loader.js'

export type { JsonSchema }
export { createViewSchemaGenerator, type ViewSchemaGenerator } from './generator.js'

/** One schema problem located at a node (T5 violations, non-object parameters, unsupported types, JSDoc); `N` is the backend's node type. */
export type SchemaProblem<N = Node> = ViewSchemaProblem<N>

/** A derived schema and everything wrong with the type it came from. */
export type SchemaOutcome<N = Node> = ViewSchemaOutcome<N>

/** A derived output schema; `stream` means the schema describes each chunk of an AsyncIterable. */
export type OutputOutcome<N = Node> = ViewOutputOutcome<N>

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

/** A schema generator over ts-morph types; its cache of converted types lives as long as it does. */
export function createSchemaGenerator(): SchemaGenerator {
  const generator = createViewSchemaGenerator<Node>()
  const { tsMorphViews, writtenAt } = loadTsMorphViews()
  return {
    parameters: (type, at) => {
      const defaults = bindingDefaults(at.compilerNode as unknown as BindingSyntax, at.getSourceFile().getFullText())
      return generator.parameters(type && tsMorphViews(at)(type, writtenAt(at)), at, defaults.map((found) => ({ ...found, node: at })))
    },
    output: (type, at) => generator.output(tsMorphViews(at)(type, writtenAt(at)), at),
  }
}
