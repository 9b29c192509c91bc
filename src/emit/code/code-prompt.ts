import type { WrittenSignature } from '../../analyze/written-api/written-signatures.js'
import type { Catalog } from '../../runtime/catalog.js'
import { docComment, functionSignature, toolApis } from './tool-api.js'

/**
 * The code API in the compact form a model gets in its context: a short preamble on how a program
 * is run, then one signature block per tool — the named types it needs (each printed once, the
 * first time a tool needs it), its doc and its function with the argument and result types inline.
 */
export function generateCodePrompt(catalog: Catalog, written: ReadonlyMap<string, WrittenSignature>): string {
  const printed = new Set<string>()
  const blocks = toolApis(catalog, written).map((api) => {
    const declarations = api.declarations.filter((declaration) => !printed.has(declaration.text))
    for (const declaration of declarations) printed.add(declaration.text)
    const lines = declarations.map((declaration) => `${declaration.text}\n`).join('')
    const inline = { args: api.args, result: api.result, chunk: api.chunk ?? 'never' }
    return `${lines}${docComment(api.doc)}declare ${functionSignature(api, inline)}\n`
  })
  const preamble =
    '// Write the body of an async function in TypeScript. Each tool below is an async function in scope;\n' +
    '// `return` a JSON value: only it (and console output) comes back. A failed call throws a ToolCallError.\n'
  return `${preamble}\n${blocks.join('\n')}`
}
