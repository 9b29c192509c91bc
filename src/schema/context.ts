import type { DiagnosticCode } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import type { Annotation } from './annotations.js'
import type { Ir, Ref } from './ir.js'
import type { TypeView } from './view.js'

/** A problem a unit reports, optionally below the current type (at one of its properties). */
export interface UnitProblem<N> {
  readonly code: DiagnosticCode
  readonly message: string
  /** Defaults to `error`. */
  readonly severity?: 'error' | 'warning'
  /** See `LocalProblem.anchored`. */
  readonly anchored?: boolean
  readonly hint?: string
  readonly segment?: string
  readonly node?: N
}

/** What a unit may do besides reading its type: convert child types and report problems. */
export interface UnitContext<N> {
  /** Converts a child type; `segment` names it in problem paths (`name`, `[]`, `[0]`). */
  child(type: TypeView<N>, segment?: string, node?: N): Ref<N>
  /** The finished plain schema behind a reference, when there is one (for merging union members). */
  concrete(ir: Ir<N>): JsonSchema | undefined
  problem(problem: UnitProblem<N>): void
  /**
   * Layers JSDoc over a child's schema (a property's own docs, an alias's): keywords the child's
   * type cannot take are warnings and left out; `@default` / `@examples` values are checked later.
   * Problems with the JSDoc are reported at the declaration it is written on.
   */
  annotate(child: Ref<N>, annotation: Annotation<N>): Ref<N>
}

/** Converts one kind of type to a schema under construction. */
export type Unit = <N>(type: TypeView<N>, context: UnitContext<N>) => Ir<N>
