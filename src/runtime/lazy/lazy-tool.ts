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
  // Fields declared, not initialised: an initialiser is one more function the engine runs a tool.
  declare readonly name: string
  declare readonly title: string | undefined
  declare readonly description: string | undefined
  declare readonly summary: string | undefined
  declare readonly annotations: ToolAnnotations | undefined
  declare readonly stream: true | undefined
  readonly #entry: LazyToolEntry | LazyToolIndexEntry
  readonly #shared: LazyToolShared
  readonly #handler: ToolHandler<any, unknown> | undefined
  #parameters: JsonSchema | undefined
  #call: FirstCall | undefined

  constructor(entry: LazyToolEntry | LazyToolIndexEntry, shared: LazyToolShared, handler: ToolHandler<any, unknown> | undefined) {
    const { definition } = entry
    // Every member is written, an absent one undefined: one shape for every tool.
    this.name = definition.name
    this.title = definition.title
    this.description = definition.description
    this.summary = definition.summary
    this.annotations = definition.annotations
    this.stream = definition.stream === true ? true : undefined
    this.#entry = entry
    this.#shared = shared
    this.#handler = handler
    this.#parameters = undefined
    this.#call = undefined
  }

  /** The parameter schema, parsed on its first read. */
  get parameters(): JsonSchema {
    return (this.#parameters ??= readSchema(this.#entry, this.#shared.join))
  }

  /** Imports the tool's module (once) and the call path (once for all tools), then validates the arguments. */
  async prepare(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<PreparedCall> {
    const call = (this.#call ??= { load: sharedImport(this.#entry.load), early: undefined, preparation: undefined })
    if (call.preparation === undefined) {
      const entry = this.#entry
      // The tool's module starts loading now, alongside the call path's code, not after it; the
      // first call awaits that very load, so a failure fails it rather than loading twice.
      if (entry.definition.declarationOnly !== true || this.#handler !== undefined) (call.early ??= call.load()).catch(ignore)
      const { lazyPreparation } = await callModule()
      const started = (): Promise<LazyToolModule> => {
        const pending = call.early ?? call.load()
        call.early = undefined
        return pending
      }
      call.preparation ??= lazyPreparation(entry, started, () => this.parameters, this.#handler, this.#shared.policy)
    }
    return call.preparation(args, context)
  }

  /** Prepares and runs one call. */
  async execute(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<unknown> {
    return (await this.prepare(args, context)).run(context)
  }
}

/** What every lazy tool of one registry shares: how schema texts are joined and how calls are made. */
export interface LazyToolShared {
  readonly join: (text: SchemaText) => string
  readonly policy: LazyCallPolicy
}

/** A lazy tool's state from its first call on: its module's load and its call preparation. */
interface FirstCall {
  readonly load: () => Promise<LazyToolModule>
  early: Promise<LazyToolModule> | undefined
  preparation: LazyPreparation | undefined
}

/** A failure of the early start of a load is reported by the call that awaits the load, not here. */
function ignore(): void {}
