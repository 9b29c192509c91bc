import { compileSchema } from './compile.js'
import { ToolError } from './tool-error.js'
import type { JsonSchema, PreparedCall, ToolAnnotations, ToolContext, ToolHandler, ToolInterface, ToolOptions } from './types.js'
import { undeclaredKeysOf } from './normalise/undeclared.js'
import { parseArguments, type CompiledValidator } from './validation.js'

/**
 * Binds an executable tool definition to its handler. Optional fields that were not supplied stay
 * absent. With a `contract` (a JSON Schema) the schema is compiled at construction, advertised as
 * `parameters`, and arguments are validated before the handler is entered; the handler then gets a
 * normalised copy. Without one the argument record is forwarded as is. A handler's throw is not
 * caught here: isolation belongs to the registry that dispatched the call.
 */
export class Tool implements ToolInterface {
  readonly name: string
  declare readonly title?: string
  declare readonly description?: string
  declare readonly summary?: string
  declare readonly parameters?: JsonSchema
  declare readonly annotations?: ToolAnnotations
  readonly #handler: ToolHandler<Readonly<Record<string, unknown>>, unknown>
  readonly #validate: CompiledValidator | undefined

  constructor(options: ToolOptions) {
    if (options.contract !== undefined && options.parameters !== undefined) {
      throw new ToolError('SCHEMA', `tool ${options.name}: choose contract or parameters, not both`)
    }
    this.name = options.name
    const parameters = options.contract ?? options.parameters
    const fields = { title: options.title, description: options.description, summary: options.summary, parameters, annotations: options.annotations }
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true })
    }
    this.#handler = options.execute
    this.#validate = options.contract === undefined ? undefined : compileSchema(options.contract)
  }

  /** Runs the handler; with a contract, on the validated copy of `args` (throws `ToolError('ARGUMENTS')` if refused). */
  execute(args: Readonly<Record<string, unknown>>, context: ToolContext): unknown {
    return this.prepare(args).run(context)
  }

  /** Validates `args` against the contract, if any (throwing `ToolError('ARGUMENTS')` if refused), without entering the handler. */
  prepare(args: Readonly<Record<string, unknown>>): PreparedCall {
    const parsed = this.#validate === undefined ? args : parseArguments(this.#validate, args, undeclaredKeysOf(this.annotations))
    return { arguments: parsed, run: (context) => this.#handler(parsed, context) }
  }
}

/** Creates an executable tool, typed as the published `ToolInterface` rather than the class. */
export function createTool(options: ToolOptions): ToolInterface {
  return new Tool(options)
}
