import type { DiagnosticCode } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import type { TagValue } from './annotations.js'
import type { NamedInfo } from './view.js'

/**
 * A schema under construction for one checker type: plain keywords, with a `Ref` wherever another
 * type's schema goes. Entries are cached per checker type and shared by every tool; each tool's
 * self-contained schema is assembled from them afterwards (inline or `$defs`).
 */
export type Ir<N = unknown> = JsonSchema | Ref<N>

/** A problem found in one type, with its path relative to that type. */
export interface LocalProblem<N> {
  readonly code: DiagnosticCode
  readonly message: string
  /** Errors fail a build; warnings are reported and leave the schema as if their cause were absent. */
  readonly severity: 'error' | 'warning'
  /**
   * About a declaration rather than a use (JSDoc): located at `node` with a message naming the
   * declaration, the same wherever the type is used, so it is reported once.
   */
  readonly anchored?: boolean
  readonly hint?: string
  readonly path: readonly string[]
  readonly node: N | undefined
}

/** The cached result of converting one checker type. */
export interface Entry<N> {
  schema: Ir<N>
  /** False while the type is being converted: a reference to it then is a recursion. */
  done: boolean
  readonly problems: LocalProblem<N>[]
  readonly named: NamedInfo | undefined
  /** JSDoc values of this type's schema still to be checked against the schemas they describe. */
  readonly checks: ValueCheck<N>[]
}

/**
 * `@default` / `@examples` values waiting for the schema they describe to be complete: `holder` is
 * the keyword object in the schema that carries them, `against` the schema they must satisfy.
 */
export interface ValueCheck<N> {
  readonly holder: Record<string, unknown>
  readonly values: readonly TagValue[]
  readonly against: Ir<N>
  /** The declaration the JSDoc is written on, and its name: where a refused value is reported. */
  readonly label: string
  readonly node: N | undefined
}

/** A use of another type's entry, `path` and `node` locating it inside the referring type. */
export class Ref<N> {
  constructor(
    readonly target: Entry<N>,
    readonly path: readonly string[],
    readonly node: N | undefined,
    /** Keywords from the use site (JSDoc of a property) layered over the target's schema. */
    readonly annotations?: JsonSchema,
  ) {}

  /** This reference with use-site keywords added. */
  annotate(keywords: JsonSchema): Ref<N> {
    return new Ref(this.target, this.path, this.node, { ...this.annotations, ...keywords })
  }
}
