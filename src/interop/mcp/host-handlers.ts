import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { compileHandlersModule } from '../../emit/compiler/compile-module.js'
import type { ToolHandler } from '../../runtime/types.js'

/** Where `serve --handlers` compiles the host's handlers module: beside the registry, not inside it. */
export const serveHandlersDir = 'node_modules/.cache/toolcat/serve-handlers'

/** Handlers a host supplies for declaration-only tools, read from one ES module. */
export interface HostHandlers {
  /** The module as given on the command line, for messages. */
  readonly module: string
  /** The names the module exports, read from its code without running it. */
  readonly names: readonly string[]
  /**
   * A handler per exported name. Each imports the module on its first call (once for all of
   * them), like the tools' own modules, and calls the export of that name.
   */
  handlersFor(names: Iterable<string>): Record<string, ToolHandler<any, unknown>>
}

/**
 * Compiles the `--handlers` module (TypeScript or JavaScript) into `outDir` (`compileHandlersModule`)
 * — its package imports left as imports, so they resolve from the project like the tools' own — and
 * takes its export names from the compiler: which tools get a handler is known at start-up
 * without importing anything. A compile error is thrown with the compiler's message.
 */
export async function loadHostHandlers(module: string, cwd: string, outDir: string): Promise<HostHandlers> {
  const entry = path.resolve(cwd, module)
  const outfile = path.join(outDir, 'handlers.js')
  const names = (await compileHandlersModule(entry, outfile, cwd)).filter((name) => name !== 'default').sort()
  let loading: Promise<Record<string, unknown>> | undefined
  const load = (): Promise<Record<string, unknown>> => {
    loading ??= (import(pathToFileURL(outfile).href) as Promise<Record<string, unknown>>).catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  return {
    module,
    names,
    handlersFor(wanted) {
      const handlers: Record<string, ToolHandler<any, unknown>> = {}
      for (const name of wanted) {
        handlers[name] = async (args, context) => {
          const exported = (await load())[name]
          if (typeof exported !== 'function') throw new Error(`${module}: the export ${JSON.stringify(name)} is not a function`)
          return (exported as ToolHandler<any, unknown>)(args, context)
        }
      }
      return handlers
    },
  }
}
