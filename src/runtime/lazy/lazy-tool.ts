import type { JsonSchema, ToolAnnotations, ToolContext, ToolHandler, ToolInterface, PreparedCall } from '../types.js'
import type { LazyCallPolicy, LazyPreparation } from './lazy-call.js'
import { readSchema } from './lazy-schema.js'
import { sharedImport } from '../shared-import.js'
import type { LazyToolEntry, LazyToolIndexEntry, LazyToolModule, SchemaText } from './types.js'

/** The call path of every lazy tool, imported on the first call of any (a failed import is retried). */
const callModule = sharedImport(() => import('./lazy-call.js'))

/**
 * A `ToolInterface` over one registry entry whose schema is parsed on its first read and whose
 * module is imported on its first call. Start-up cost matters here, once per catalog tool: a
 * class instance of one shape, its getter and methods shared on the prototype, costs a fraction
 * of an object literal holding a getter and two closures (~3 µs a tool, thousands at start-up).
 * Its call path is built on its first call, from a module imported then: listing a registry loads
 * no argument normaliser or validation code. `prepare` and `execute` are methods: call them on the tool.
 */
export class LazyTool implements ToolInterface {
  readonly name: string
  readonly title: string | undefined
  readonly description: string | undefined
  readonly summary: string | undefined
  readonly annotations: ToolAnnotations | undefined
  readonly stream: true | undefined
  readonly #entry: LazyToolEntry | LazyToolIndexEntry
  readonly #join: (text: SchemaText) => string
  readonly #handler: ToolHandler<any, unknown> | undefined
  readonly #policy: LazyCallPolicy
  #parameters: JsonSchema | undefined = undefined
  #preparation: LazyPreparation | undefined = undefined
  #loader: (() => Promise<LazyToolModule>) | undefined = undefined
  #early: Promise<LazyToolModule> | undefined = undefined

  constructor(entry: LazyToolEntry | LazyToolIndexEntry, join: (text: SchemaText) => string, handler: ToolHandler<any, unknown> | undefined, policy: LazyCallPolicy) {
    const { definition } = entry
    // Every member is written, an absent one undefined: one shape for every tool.
    this.name = definition.name
    this.title = definition.title
    this.description = definition.description
    this.summary = definition.summary
    this.annotations = definition.annotations
    this.stream = definition.stream === true ? true : undefined
    this.#entry = entry
    this.#join = join
    this.#handler = handler
    this.#policy = policy
  }

  /** The parameter schema, parsed on its first read. */
  get parameters(): JsonSchema {
    return (this.#parameters ??= readSchema(this.#entry, this.#join))
  }

  /** Imports the tool's module (once) and the call path (once for all tools), then validates the arguments. */
  async prepare(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<PreparedCall> {
    if (this.#preparation === undefined) {
      const entry = this.#entry
      const load = (this.#loader ??= sharedImport(entry.load))
      // The tool's module starts loading now, alongside the call path's code, not after it; the
      // first call awaits that very load, so a failure fails it rather than loading twice.
      if (entry.definition.declarationOnly !== true || this.#handler !== undefined) (this.#early ??= load()).catch(ignore)
      const call = await callModule()
      const started = (): Promise<LazyToolModule> => {
        const pending = this.#early ?? load()
        this.#early = undefined
        return pending
      }
      this.#preparation ??= call.lazyPreparation(entry, started, () => this.parameters, this.#handler, this.#policy)
    }
    return this.#preparation(args, context)
  }

  /** Prepares and runs one call. */
  async execute(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<unknown> {
    return (await this.prepare(args, context)).run(context)
  }
}

/** A failure of the early start of a load is reported by the call that awaits the load, not here. */
function ignore(): void {}
