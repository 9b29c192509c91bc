import { stringLiteral } from './literals.js'

/**
 * Where each value export of `toolcat` (src/index.ts) is defined, relative to toolcat's source
 * root (`src/`, `dist/src/`). Kept equal to the index's exports by a test.
 */
export const TOOLCAT_EXPORTS: Readonly<Record<string, string>> = {
  CATALOG_VERSION: './runtime/catalog.js',
  ToolError: './runtime/tool-error.js',
  isToolError: './runtime/tool-error.js',
  isToolCall: './runtime/is-tool-call.js',
  toolToDefinition: './runtime/to-definition.js',
  Tool: './runtime/tool.js',
  createTool: './runtime/tool.js',
  ToolManager: './runtime/tool-manager.js',
  createToolManager: './runtime/tool-manager.js',
  defineTool: './runtime/define-tool.js',
  parseArguments: './runtime/validation.js',
  compileSchema: './runtime/compile.js',
  createLazyRegistry: './runtime/lazy/create-lazy-registry.js',
  withToolSearch: './runtime/search/search-facade.js',
  argumentsForPerson: './runtime/person-text.js',
  escapeForPerson: './runtime/person-text.js',
  createCodeApi: './runtime/code/code-api.js',
  codeApiTools: './runtime/code/code-api.js',
  ToolCallError: './runtime/code/tool-call-error.js',
  runCode: './runtime/code/run-code.js',
}

const namedImport = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*(["'])toolcat\3/g
const anyMention = /(["'])toolcat\1/g

/**
 * The value names a module's source imports from `toolcat`, sorted, when every mention of the
 * specifier is a named import (`import { defineTool, type ToolDescriptor } from 'toolcat'`) of
 * names `TOOLCAT_EXPORTS` knows; else undefined (a namespace import, a re-export, a dynamic
 * import, a name it does not know, the specifier in a string or comment), and the caller takes
 * the whole index instead.
 */
export function toolcatNamesImported(source: string): string[] | undefined {
  const names = new Set<string>()
  let imports = 0
  for (const match of source.matchAll(namedImport)) {
    imports++
    if (match[1] !== undefined) continue
    for (const item of (match[2] ?? '').split(',')) {
      const text = item.trim()
      if (text === '' || /^type\s/.test(text)) continue
      const name = text.split(/\s+as\s+/)[0]?.trim() ?? ''
      if (!Object.hasOwn(TOOLCAT_EXPORTS, name)) return undefined
      names.add(name)
    }
  }
  if ([...source.matchAll(anyMention)].length !== imports) return undefined
  return [...names].sort()
}

/** The source of a module exporting `names` (of `TOOLCAT_EXPORTS`) from the files defining them. */
export function toolcatSubsetModule(names: readonly string[]): string {
  return names.map((name) => `export { ${name} } from ${stringLiteral(TOOLCAT_EXPORTS[name] ?? '')}\n`).join('')
}
