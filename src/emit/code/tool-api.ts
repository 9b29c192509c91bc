import type { WrittenSignature } from '../../analyze/written-api/written-signatures.js'
import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import { identifierOf, toolIdentifiers } from '../shared/literals.js'
import { uniqueFileNames } from '../shared/identifiers.js'
import { rootType } from '../registry/registry-types.js'

/** One tool as code mode declares it: a function, its argument, result and chunk types, and the declarations they name. */
export interface ToolApi {
  readonly tool: CatalogTool
  /** The function's name (the tool name made an identifier). */
  readonly identifier: string
  /** The base name of the tool's module: its name, suffixed where another tool's differs only in case. */
  readonly file: string
  /** The one-line summary the index lists. */
  readonly summary: string
  /** The function's doc, one line per entry. */
  readonly doc: readonly string[]
  /** Named types the signature refers to, each a whole declaration with its JSDoc. */
  readonly declarations: readonly { readonly name: string; readonly text: string }[]
  readonly names: { readonly args: string; readonly result: string; readonly chunk: string }
  readonly args: string
  readonly result: string
  /** The chunk type of a streaming tool. */
  readonly chunk?: string
  /** Whether the handler takes arguments (else `args` may be omitted). */
  readonly takesArgs: boolean
  /** Whether the types are the handler's as written (else rebuilt from the schemas). */
  readonly written: boolean
}

/** The code-mode view of each catalog tool, in catalog order: written types where `written` has them, else types rebuilt from the schemas. */
export function toolApis(catalog: Pick<Catalog, 'tools' | 'package'>, written: ReadonlyMap<string, WrittenSignature>): ToolApi[] {
  const identifiers = toolIdentifiers(catalog)
  const files = uniqueFileNames(catalog.tools.map((tool) => tool.name))
  return catalog.tools.map((tool) => toolApi(tool, identifierOf(identifiers, tool), files.get(tool.name) ?? tool.name, written.get(tool.name)))
}

function toolApi(tool: CatalogTool, identifier: string, file: string, signature: WrittenSignature | undefined): ToolApi {
  const declared = new Set(signature?.declarations.map((declaration) => declaration.name) ?? [])
  const free = (base: string): string => {
    let name = base
    while (declared.has(name) || name === identifier) name = `${name}_`
    return name
  }
  const prefix = typeNamePrefix(identifier)
  const names = { args: free(`${prefix}Args`), result: free(`${prefix}Result`), chunk: free(`${prefix}Chunk`) }
  const aliases: string[] = []
  const rebuilt = (schema: CatalogTool['output'], prefix: string): string => (schema === undefined ? 'unknown' : rootType(schema, prefix, aliases))
  const takesArgs = signature === undefined || signature.args !== undefined || Object.keys(tool.parameters.properties ?? {}).length > 0
  const args = signature?.args ?? (signature === undefined ? rebuilt(tool.parameters, names.args) : 'Record<string, never>')
  const streamed = tool.stream === true
  const chunk = streamed ? (signature?.chunk ?? rebuilt(tool.output, names.chunk)) : undefined
  const result = streamed ? 'never' : (signature?.result ?? rebuilt(tool.output, names.result))
  const declarations = [
    ...(signature?.declarations ?? []),
    ...aliases.map((alias) => ({ name: /^type (\S+)/.exec(alias)?.[1] ?? '', text: alias.trimEnd() })),
  ]
  const description = tool.description ?? tool.summary
  const summary = oneLine(tool.summary ?? firstSentence(tool.description ?? tool.title ?? tool.name))
  const doc = [
    ...(description === undefined ? [] : description.split('\n')),
    ...(tool.annotations?.consequential === true ? ['', 'Consequential: the person is asked to confirm before it runs; a decline throws a ToolCallError.'] : []),
    ...(tool.declarationOnly === true ? ['', 'Declared only: the host supplies its handler.'] : []),
    ...(tool.source.package !== undefined
      ? ['', `From the dependency ${tool.source.package}: its types are rebuilt from the JSON Schemas of that package's catalog (type names and their docs are not kept).`]
      : signature === undefined
        ? ['', 'Types rebuilt from the tool\'s JSON Schemas (its written types could not be read on their own).']
        : []),
    ...(streamed ? ['', `Streams its result: iterate it with \`for await\`.`] : []),
  ]
  return { tool, identifier, file, summary, doc, declarations, names, args, result, ...(chunk !== undefined && { chunk }), takesArgs, written: signature !== undefined }
}

/**
 * The start of a tool's type names: its identifier in PascalCase (`get_weather` → `GetWeather`), so
 * a compiler's message about a wrong call (`… parameter of type 'GetWeatherArgs'`) names the tool.
 */
export function typeNamePrefix(identifier: string): string {
  const words = identifier.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
  return joined === '' || /^[0-9]/.test(joined) ? `Tool${joined}` : joined
}

/** A tool's function declaration (`declare function name(args: Args): Promise<Result>`), with the type names the file declares. */
export function functionSignature(api: ToolApi, types: { args: string; result: string; chunk: string }): string {
  const parameter = api.takesArgs ? `args: ${types.args}` : `args?: ${types.args}`
  const returns = api.chunk !== undefined ? `AsyncIterable<${types.chunk}>` : `Promise<${types.result}>`
  return `function ${api.identifier}(${parameter}): ${returns}`
}

/** A block comment of `lines` (ending `*\/` escaped), indented by `indent`. */
export function docComment(lines: readonly string[], indent = ''): string {
  const body = trimBlank(lines).map((line) => line.replace(/\*\//g, '*\\/').trimEnd())
  if (body.length === 0) return ''
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`
  return `${indent}/**\n${body.map((line) => `${indent} *${line === '' ? '' : ` ${line}`}\n`).join('')}${indent} */\n`
}

function trimBlank(lines: readonly string[]): string[] {
  const copy = [...lines]
  while (copy.length > 0 && copy[0]!.trim() === '') copy.shift()
  while (copy.length > 0 && copy[copy.length - 1]!.trim() === '') copy.pop()
  return copy
}

function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? ''
  const end = /[.!?](\s|$)/.exec(line)
  return end === null ? line : line.slice(0, end.index + 1)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
