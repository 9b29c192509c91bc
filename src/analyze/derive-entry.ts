import { Node, type Type } from 'ts-morph'
import type { CatalogTool } from '../runtime/catalog.js'
import type { JsonSchema, ToolAnnotations } from '../runtime/types.js'
import type { SchemaGenerator, SchemaProblem } from '../schema/index.js'
import type { ToolDraft } from './analyze-module.js'
import type { Diagnostic, DiagnosticSeverity } from './diagnostic.js'
import { relativePath } from '../paths.js'
import { diagnosticAt } from './locate.js'

/** A catalog entry before hashing, and the problems met deriving its schemas. */
export interface DerivedEntry {
  readonly entry: Omit<CatalogTool, 'hash'>
  readonly diagnostics: Diagnostic[]
}

/**
 * Derives a tool's schemas from the checker's types: parameters from `execute`'s first parameter
 * (or the `defineTool<Args>` type argument of a declaration-only tool), output from its return type.
 * Parameter problems keep their severity (errors, or warnings for JSDoc left out: the schema is
 * the contract, T2); output problems are all warnings.
 */
export function deriveEntry(draft: ToolDraft, generator: SchemaGenerator, root: string): DerivedEntry {
  const { fields, site } = draft
  const diagnostics: Diagnostic[] = []
  const report = (problems: readonly SchemaProblem[], severity?: DiagnosticSeverity): void => {
    for (const problem of problems) {
      diagnostics.push(
        diagnosticAt(root, problem.node, {
          code: problem.code,
          message: problem.message,
          severity: severity ?? problem.severity,
          ...(problem.hint === undefined ? {} : { hint: problem.hint }),
        }),
      )
    }
  }
  const handler = fields.execute && signatureOf(fields.execute)
  const parameterType = handler ? handler.parameter : fields.typeArgument?.getType()
  const parameterNode = handler?.parameterNode ?? fields.typeArgument ?? fields.execute ?? site.call
  const parameters = generator.parameters(parameterType, parameterNode)
  report(parameters.problems)
  const output = handler && generator.output(handler.returns, handler.returnNode)
  if (output) report(output.problems, 'warning')
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
    source: { module: relativePath(root, site.call.getSourceFile().getFilePath()), export: site.exportName },
  }
  return { entry, diagnostics }
}

interface HandlerSignature {
  readonly parameter: Type | undefined
  readonly parameterNode: Node | undefined
  readonly returns: Type
  readonly returnNode: Node
}

/** Reads the handler's signature through the checker, whatever form `execute` takes. */
function signatureOf(execute: Node): HandlerSignature | undefined {
  const signature = execute.getType().getCallSignatures()[0]
  if (!signature) return undefined
  const declared = Node.isFunctionLikeDeclaration(execute) ? execute : undefined
  const parameterNode = declared?.getParameters()[0]
  const parameterSymbol = signature.getParameters()[0]
  return {
    parameter: parameterSymbol?.getTypeAtLocation(execute),
    parameterNode: parameterNode?.getTypeNode() ?? parameterNode,
    returns: signature.getReturnType(),
    returnNode: declared?.getReturnTypeNode() ?? execute,
  }
}
