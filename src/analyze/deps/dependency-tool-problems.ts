import { isIdentifierName } from '../../identifier-name.js'
import type { CatalogTool } from '../../runtime/catalog.js'
import { packageModuleProblem, relativeModuleProblem, type PackageManifest } from './package-module.js'
import { schemaKeywordProblem } from './schema-keywords.js'
import { schemaProblem } from './schema-problem.js'

/** One refused field of a dependency's tool, as `<field> <problem>`. */
export interface ToolProblem {
  readonly field: string
  readonly problem: string
}

/**
 * Why a tool of a dependency's catalog cannot be merged, field by field, before anything is
 * generated from it: its export must be `default` or an identifier (it becomes an import); it must
 * be the package's own tool (no `source.package`: a tool claiming another package's module is a
 * confused deputy); its module a relative path that every resolver's reading of the package's
 * manifest (`exports` under any condition, `browser`, the file itself) leads to a file inside the
 * package (see `packageModuleProblem`); and its schemas must keep to toolcat's draft-07 keywords and
 * a bounded nesting (see `schemaKeywordProblem`; `at` is the JSON pointer of the tool in its
 * catalog, for the keyword's pointer) and compile.
 */
export function dependencyToolProblems(tool: CatalogTool, pkg: PackageManifest, at = ''): ToolProblem[] {
  const problems: ToolProblem[] = []
  const { source } = tool
  if (source.export !== 'default' && !isIdentifierName(source.export)) {
    problems.push({ field: 'source.export', problem: `${JSON.stringify(source.export)} is not an identifier or default` })
  }
  if (source.package !== undefined) {
    problems.push({ field: 'source.package', problem: `${JSON.stringify(source.package)} names a package: a dependency can only publish its own tools` })
  }
  const module = relativeModuleProblem(source.module) ?? packageModuleProblem(pkg, publishedPath(source.module))
  if (module !== undefined) problems.push({ field: 'source.module', problem: `${JSON.stringify(source.module)} ${module}` })
  for (const field of ['parameters', 'output'] as const) {
    const schema = tool[field]
    if (schema === undefined) continue
    // Checked before ajv (or even JSON.stringify) reads the schema: both would recurse through it.
    const keywords = schemaKeywordProblem(schema, `${at}/${field}`)
    const compiled = keywords === undefined ? schemaProblem(schema, field === 'parameters') : undefined
    if (keywords !== undefined) problems.push({ field, problem: keywords })
    else if (compiled !== undefined) problems.push({ field, problem: `does not compile: ${compiled}` })
  }
  return problems
}

/**
 * The path a module is published under: its TypeScript extension swapped for the JavaScript one
 * (the rule TypeScript's NodeNext imports follow), e.g. `tools/forecast.ts` → `tools/forecast.js`.
 */
export function publishedPath(module: string): string {
  return module.replace(/\.([mc]?)tsx?$/, (_match, kind: string) => `.${kind}js`)
}
