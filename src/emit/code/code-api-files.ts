import type { WrittenSignature } from '../../analyze/written-api/written-signatures.js'
import type { Catalog } from '../../runtime/catalog.js'
import { generatedHeader } from '../shared/literals.js'
import { docComment, functionSignature, toolApis, type ToolApi } from './tool-api.js'

/** One file of the code-mode API tree: a path relative to the tree's folder, and its text. */
export interface CodeApiFile {
  readonly path: string
  readonly contents: string
}

/**
 * The catalog as a tree of declaration files an agent browses: `index.d.ts` lists every tool with
 * its one-line summary (and re-exports its function), `<tool>.d.ts` declares one tool's function
 * with its types as written, and `globals.d.ts` declares the functions as the globals a program run
 * by `runCode` sees. Nothing is imported from the app; the same catalog and sources give the same bytes.
 */
export function generateCodeApiFiles(catalog: Catalog, written: ReadonlyMap<string, WrittenSignature>): CodeApiFile[] {
  const apis = toolApis(catalog, written)
  const files = apis.map((api) => ({ path: `${api.file}.d.ts`, contents: toolFile(catalog, api) }))
  return [{ path: 'index.d.ts', contents: indexFile(catalog, apis) }, { path: 'globals.d.ts', contents: globalsFile(catalog, apis) }, ...files].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  )
}

/** A tool's code-mode signature as the catalog page shows it. */
export interface CodeSignature {
  /** The tool's module in a code export (`<tool>.d.ts`). */
  readonly file: string
  /** The one-line function declaration, with the tool-named types (`function get_weather(args: GetWeatherArgs): Promise<GetWeatherResult>`). */
  readonly signature: string
  /** The module's text without its generated header: the named types, the argument and result types, the function with its doc. */
  readonly module: string
}

/** Each tool's code-mode signature by tool name, the same text as its module in `generateCodeApiFiles`. */
export function codeSignatures(catalog: Catalog, written: ReadonlyMap<string, WrittenSignature>): Record<string, CodeSignature> {
  const entries = toolApis(catalog, written).map((api) => [api.tool.name, { file: `${api.file}.d.ts`, signature: functionSignature(api, api.names), module: toolModuleBody(api) }] as const)
  return Object.fromEntries(entries)
}

function indexFile(catalog: Catalog, apis: readonly ToolApi[]): string {
  const owner = catalog.package === undefined ? '' : ` of ${catalog.package.name}`
  const intro = docComment([
    `The tools${owner} as async functions: ${apis.length} ${apis.length === 1 ? 'tool' : 'tools'}, one module each (\`./<tool>.d.ts\` holds its types and docs).`,
    'A failed call throws a ToolCallError whose message is the fault.',
  ])
  const lines = apis.map((api) => `${docComment([api.summary + (api.tool.annotations?.consequential === true ? ' (consequential: asks for confirmation)' : '')])}export { ${api.identifier} } from ${JSON.stringify(`./${api.file}.js`)}\n`)
  return `${generatedHeader(catalog)}${intro}\n${lines.join('')}`
}

function globalsFile(catalog: Catalog, apis: readonly ToolApi[]): string {
  const lines = apis.map((api) => `${docComment([api.summary], '  ')}  const ${api.identifier}: typeof api.${api.identifier}\n`)
  return (
    `${generatedHeader(catalog)}${docComment(['The tools as the globals a program run by `runCode` calls them by.'])}` +
    `import type * as api from './index.js'\n\ndeclare global {\n${lines.join('')}}\n\nexport {}\n`
  )
}

/**
 * A tool's module: the named types its signature refers to, then its argument and result types,
 * named after the tool (`SummarizeOrgChartArgs`), so a compiler's message about a wrong call names
 * the tool even on one line; then its function.
 */
function toolFile(catalog: Catalog, api: ToolApi): string {
  return `${generatedHeader(catalog)}${toolModuleBody(api)}`
}

/** A tool's module without the generated header: the declarations, the argument and result (or chunk) types, the function. */
export function toolModuleBody(api: ToolApi): string {
  const { names } = api
  const declarations = api.declarations.map((declaration) => `${exported(declaration.text)}\n\n`).join('')
  const types =
    `${docComment([`The arguments of \`${api.tool.name}\`.`])}export type ${names.args} = ${api.args}\n\n` +
    (api.chunk === undefined
      ? `${docComment([`What \`${api.tool.name}\` returns.`])}export type ${names.result} = ${api.result}\n\n`
      : `${docComment([`One chunk of what \`${api.tool.name}\` streams.`])}export type ${names.chunk} = ${api.chunk}\n\n`)
  return `${declarations}${types}${docComment(api.doc)}export declare ${functionSignature(api, names)}\n`
}

/** A declaration with `export` put in front of its keyword (after its JSDoc). */
function exported(text: string): string {
  const docEnd = text.startsWith('/**') ? text.indexOf('*/') + 2 : 0
  const doc = text.slice(0, docEnd)
  const rest = text.slice(docEnd).replace(/^\s*/, '')
  return `${doc}${doc === '' ? '' : '\n'}export ${rest}`
}
