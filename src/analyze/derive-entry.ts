import type { CatalogTool } from '../runtime/catalog.js'
import type { JsonSchema, ToolAnnotations } from '../runtime/types.js'
import type { SchemaProblem, ViewSchemaGenerator } from '../schema/generator.js'
import type { TypeView } from '../schema/view.js'
import { bindingDefaults, type BindingDefault, type BindingSyntax } from '../schema/parameter-defaults.js'
import { parseLiteral } from '../schema/jsdoc-values.js'
import { relativePath } from '../paths.js'
import type { ToolDraft } from './analyze-module.js'
import type { Diagnostic, DiagnosticSeverity } from './diagnostic.js'
import { codes } from './codes.js'
import { diagnosticAt } from './locate.js'
import type { ModuleReader } from './module-reader.js'
import { moduleDocDescription } from './module-doc.js'
import type { AnalysisView, HandlerTypes, SyntaxNode } from './view.js'

/** A catalog entry before hashing, and the problems met deriving its schemas. */
export interface DerivedEntry {
  readonly entry: Omit<CatalogTool, 'hash'>
  readonly diagnostics: Diagnostic[]
}

/** What the checker said about one draft: the handler's types, or the declared `defineTool<Args>` type. */
export interface DraftTypes {
  readonly handler?: HandlerTypes
  readonly typeArgument?: TypeView<unknown>
}

/**
 * The checker's types of every draft, asked in two batches (handlers, `defineTool<Args>` type
 * arguments of declaration-only tools), whichever backend answers.
 */
export function draftTypes(drafts: readonly ToolDraft[]): DraftTypes[] {
  const view = drafts[0]?.reader.view
  if (view === undefined) return []
  const withHandler = drafts.filter((draft) => draft.fields.execute !== undefined)
  const handlers = view.handlerTypes(withHandler.map((draft) => draft.fields.execute as SyntaxNode))
  const handlerByDraft = new Map(withHandler.map((draft, index) => [draft, handlers[index]] as const))
  const handlerOf = (draft: ToolDraft): HandlerTypes | undefined => handlerByDraft.get(draft)
  // A declaration-only tool (or one whose `execute` is not callable) takes its type from `defineTool<Args>`.
  const declared = drafts.filter((draft) => handlerOf(draft) === undefined && draft.fields.typeArgument !== undefined)
  const typeArguments = view.typesAt(declared.map((draft) => draft.fields.typeArgument as SyntaxNode))
  const typeArgumentByDraft = new Map(declared.map((draft, index) => [draft, typeArguments[index]] as const))
  return drafts.map((draft) => {
    const handler = handlerOf(draft)
    const typeArgument = typeArgumentByDraft.get(draft)
    return { ...(handler === undefined ? {} : { handler }), ...(typeArgument === undefined ? {} : { typeArgument }) }
  })
}

/**
 * Derives a tool's schemas from the checker's types: parameters from `execute`'s first parameter
 * (or the `defineTool<Args>` type argument of a declaration-only tool), output from its return type.
 * Parameter problems keep their severity (errors, or warnings for JSDoc left out: the schema is
 * the contract, T2); output problems are all warnings.
 */
export function deriveEntry(draft: ToolDraft, types: DraftTypes, generator: ViewSchemaGenerator<unknown>): DerivedEntry {
  const { fields, site, reader } = draft
  const diagnostics: Diagnostic[] = []
  const module = relativePath(reader.root, reader.module.file)
  const report = (problems: readonly SchemaProblem<unknown>[], severity?: DiagnosticSeverity): void => {
    for (const problem of problems) {
      const diagnostic = diagnosticAt(reader, reader.view.syntaxNodeOf(problem.node), {
        code: problem.code,
        message: problem.message,
        severity: severity ?? problem.severity,
        ...(problem.hint === undefined ? {} : { hint: problem.hint }),
      })
      // A problem in another file (a shared type) says which tool reached it.
      diagnostics.push(diagnostic.file === undefined || diagnostic.file === module ? diagnostic : { ...diagnostic, usedBy: [{ module, name: draft.name }] })
    }
  }
  const { handler } = types
  const declared = fields.execute && functionLike(reader, fields.execute) ? fields.execute : undefined
  const parameterDeclaration = declared?.parameters?.[0]
  const parameterNode = parameterDeclaration?.type ?? parameterDeclaration ?? fields.typeArgument ?? fields.execute ?? site.call
  const parameterType = handler ? handler.parameter : types.typeArgument
  const defaults = resolvedDefaults(reader.view, bindingDefaults(parameterDeclaration as BindingSyntax | undefined, reader.module.text))
  const open = openParameters(parameterType, parameterDeclaration, fields.typeArgument)
  const parameters = open === undefined ? generator.parameters(parameterType, parameterNode, defaults as BindingDefault<unknown>[]) : { schema: { type: 'object' }, problems: [] }
  report(parameters.problems)
  if (open !== undefined) {
    diagnostics.push(diagnosticAt(reader, parameterDeclaration ?? parameterNode, {
      code: codes.openParameters,
      severity: 'warning',
      message: `${open}: its parameters are an open object that tells a caller nothing`,
      hint: 'declare the arguments, e.g. `execute(args: { query: string })` (or type them `unknown` to keep them open on purpose)',
    }))
  }
  const output = handler && generator.output(handler.returns, declared?.type ?? (fields.execute as SyntaxNode))
  if (output) report(output.problems, 'warning')
  const moduleDescription = moduleDocDescription(reader.module.text)
  const entry: Omit<CatalogTool, 'hash'> = {
    name: draft.name,
    ...(fields.title === undefined ? {} : { title: fields.title }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    ...(fields.summary === undefined ? {} : { summary: fields.summary }),
    parameters: parameters.schema,
    // An output schema with errors would advertise a wrong shape: leave it out, keep the warning.
    ...(output && !output.problems.some((problem) => problem.severity === 'error') ? { output: output.schema as JsonSchema } : {}),
    ...(output?.stream ? { stream: true as const } : {}),
    ...(fields.annotations === undefined ? {} : { annotations: fields.annotations as ToolAnnotations }),
    ...(fields.execute ? {} : { declarationOnly: true as const }),
    ...(fields.namespace === undefined ? {} : { namespace: fields.namespace }),
    ...(moduleDescription === undefined ? {} : { moduleDescription }),
    source: { module, export: site.exportName },
  }
  return { entry, diagnostics }
}

/**
 * Why a tool's parameters say nothing, when they do not: typed `any`, or written without a type
 * while `defineTool` has no type argument (its default, a record of anything, is no declaration).
 * Both give the same open `{ "type": "object" }` and one TC1016 warning.
 */
function openParameters(type: TypeView<unknown> | undefined, declaration: SyntaxNode | undefined, typeArgument: SyntaxNode | undefined): string | undefined {
  if (type?.kind === 'any') return '`execute` takes `any`'
  if (declaration !== undefined && declaration.type === undefined && typeArgument === undefined) return "`execute`'s parameter has no type"
  return undefined
}

/** Whether `execute` is written as a function (method, function or arrow), whose parameter and return annotation can be pointed at. */
function functionLike(reader: ModuleReader, node: SyntaxNode): boolean {
  const { k } = reader
  return node.kind === k.MethodDeclaration || node.kind === k.FunctionExpression || node.kind === k.ArrowFunction
}

/**
 * Destructuring defaults with the value the checker gives each initialiser that is no literal
 * (`type = RecordType.A` is `'A'`, a `const` its literal), asked in one request.
 */
function resolvedDefaults(view: AnalysisView, defaults: BindingDefault<BindingSyntax>[]): BindingDefault<BindingSyntax>[] {
  const unread = defaults.filter((entry) => !parseLiteral(entry.text).found && entry.node.initializer !== undefined)
  if (unread.length === 0) return defaults
  const types = view.typesAt(unread.map((entry) => entry.node.initializer as unknown as SyntaxNode))
  const resolved = new Map(unread.map((entry, index) => {
    const type = types[index]
    const value = type !== undefined && (type.kind === 'literal' || type.kind === 'enum') ? type.literal() : undefined
    return [entry, value === undefined ? {} : { value }] as const
  }))
  return defaults.map((entry) => (resolved.has(entry) ? { ...entry, resolved: resolved.get(entry) ?? {} } : entry))
}
