import type { JsonSchema } from '../../runtime/types.js'

/** What generating one validator module produced besides its code: the helpers and shared subschemas it imports. */
export interface GeneratedModule {
  readonly code: string
  /** The `toolcat/validator-runtime` exports it imports. */
  readonly helpers: readonly string[]
  /** The ids of the shared subschema validators it imports. */
  readonly subschemas: readonly string[]
}

/**
 * Validator code kept between builds (a build cache holds it): each tool's module by its schema's
 * text and folder, each shared subschema's module by its id (named by content). Generating a
 * validator costs ~2 ms a tool; a rebuild takes the code of every unchanged schema from here.
 * Only what a build used is kept (`used`), so the memo does not grow with every edit.
 */
export class ValidatorMemo {
  readonly #known: ReadonlyMap<string, GeneratedModule>
  readonly #used = new Map<string, GeneratedModule>()

  constructor(known: Readonly<Record<string, GeneratedModule>> = {}) {
    this.#known = new Map(Object.entries(known))
  }

  /** The key of a tool's validator module: what its code depends on (its folder sets its import specifiers). */
  static toolKey(schema: JsonSchema, folder: string): string {
    return `tool\u0000${folder}\u0000${JSON.stringify(schema)}`
  }

  /** The key of a shared subschema's validator module. */
  static subschemaKey(id: string): string {
    return `subschema\u0000${id}`
  }

  /** The module generated under `key`, from this build or the last; generated now (and kept) when unknown. */
  take(key: string, generate: () => GeneratedModule): GeneratedModule {
    const module = this.#used.get(key) ?? this.#known.get(key) ?? generate()
    this.#used.set(key, module)
    return module
  }

  /** The modules this build used, to keep for the next. */
  used(): Record<string, GeneratedModule> {
    return Object.fromEntries(this.#used)
  }
}
