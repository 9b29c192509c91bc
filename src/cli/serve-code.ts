import path from 'node:path'
import { writtenSignatures } from '../analyze/written-api/written-signatures.js'
import { generateCodeApiFiles } from '../emit/code/code-api-files.js'
import { uniqueFileNames } from '../identifiers.js'
import { ownEntry } from '../interop/profiles/deferred.js'
import type { McpRegistry } from '../interop/mcp/core.js'
import type { Catalog } from '../runtime/catalog.js'
import { createCodeApi } from '../runtime/code/code-api.js'
import { runCode } from '../runtime/code/run-code.js'
import type { LazyRegistry } from '../runtime/lazy/types.js'
import { createTool } from '../runtime/tool.js'
import { createToolManager } from '../runtime/tool-manager.js'
import { projectRootAbove } from './read-catalog.js'

/** How long one program may run, and how much memory it may use, when served. */
const limits = { timeoutMs: 30_000, memoryBytes: 64 * 1024 * 1024 }

/**
 * `serve --code`: the server lists two tools instead of the catalog's. `read_api` returns the code
 * API's files (`toolcat export --format code`): the index, one tool's module, or the modules of the
 * tools a query finds with the build's search index. `run_code` runs a program through `runCode`
 * against the served registry. When any served tool is consequential, `run_code` is: the person
 * confirms the program (shown whole, as it will run), and that approval covers the consequential
 * calls it makes; otherwise no call inside a program can be confirmed.
 */
export function codeServed(served: { readonly catalog: Catalog; readonly registry: LazyRegistry }, dir: string): { catalog: Catalog; registry: McpRegistry } {
  const files = new Map(generateCodeApiFiles(served.catalog, writtenSignatures(projectRootAbove(path.resolve(dir)), served.catalog.tools)).map((file) => [file.path, file.contents]))
  const fileOf = new Map([...uniqueFileNames(served.catalog.tools.map((tool) => tool.name))].map(([name, file]) => [name, `${file}.d.ts`]))
  const consequential = served.catalog.tools.some((tool) => tool.annotations?.consequential === true)
  const registry = createToolManager()
  registry.add(
    createTool({
      name: 'read_api',
      description:
        'Read the typed API of the tools (TypeScript declarations). No arguments: the index, every tool with its summary. ' +
        '`file`: one file of it (e.g. "get_weather.d.ts"). `query`: the modules of the tools that best match the words.',
      annotations: { pure: true },
      contract: {
        type: 'object',
        properties: { file: { type: 'string', maxLength: 200 }, query: { type: 'string', maxLength: 1000 }, limit: { type: 'integer', minimum: 1, maximum: 20 } },
        additionalProperties: false,
      },
      execute: async (args: { file?: string; query?: string; limit?: number }) => {
        if (args.file !== undefined) {
          const text = files.get(args.file)
          if (text === undefined) throw new Error(`no file ${args.file}; read the index (no arguments) for the tools' files`)
          return text
        }
        if (args.query === undefined) return files.get('index.d.ts') ?? ''
        const found = await served.registry.search(args.query, { limit: args.limit ?? 5 })
        return found.map((tool) => `// ==> ${fileOf.get(tool.name)} <==\n${files.get(fileOf.get(tool.name) ?? '') ?? ''}`).join('\n')
      },
    }),
  )
  registry.add(
    createTool({
      name: 'run_code',
      description:
        'Run a TypeScript program against the API (read it with read_api): the body of an async function, each tool an async function in scope, ' +
        '`return` a JSON value. Only the returned value and the console output come back; a failed call throws a ToolCallError.' +
        (consequential ? ' Asks the person to confirm the program first: some tools are consequential.' : ''),
      ...(consequential && { annotations: { consequential: true } }),
      contract: { type: 'object', properties: { code: { type: 'string', maxLength: 100_000 } }, required: ['code'], additionalProperties: false },
      execute: async (args: { code: string }, context) => {
        const api = await createCodeApi(served.registry, { signal: context.signal, ...(consequential && { confirm: () => true }), catalog: served.catalog })
        return runCode(args.code, { api, ...limits })
      },
    }),
  )
  const tools = registry.tools().map((tool) => ownEntry(tool))
  return { catalog: { ...served.catalog, tools }, registry }
}
