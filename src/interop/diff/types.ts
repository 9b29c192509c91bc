/** Whether a change can break an existing caller (or a consumer of the tool's output). */
export type ChangeClass = 'breaking' | 'compatible'

/** One classified change between two catalogs, located by tool and by a dotted path into the entry. */
export interface CatalogChange {
  readonly tool: string
  /** `parameters.user.email`, `output.hits[]`, `annotations.pure`, … (`$ref`s are followed, so paths name data). */
  readonly path: string
  /** A stable name of the rule that matched, e.g. `enum-value-removed`. */
  readonly kind: string
  readonly class: ChangeClass
  readonly message: string
}

/** Every change between two catalogs and whether any of them is breaking. */
export interface CatalogDiff {
  readonly changes: CatalogChange[]
  readonly breaking: boolean
}

/**
 * What a schema change does to the set of values the schema accepts. Narrowing breaks callers of
 * an input; widening breaks consumers of an output; `both` breaks either; `none` is documentation.
 */
export type Effect = 'narrows' | 'widens' | 'both' | 'none'

/** A change found by comparing two schemas, before it is classified by where the schema sits. */
export interface SchemaChange {
  readonly path: string
  readonly kind: string
  readonly effect: Effect
  readonly message: string
}
