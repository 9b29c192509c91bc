import { isIdentifierName } from '../../identifier-name.js'
import type { CatalogTool } from '../../runtime/catalog.js'
import { packageModuleProblem, relativeModuleProblem, type PackageManifest } from './package-module.js'
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
 * package (see `packageModuleProblem`); and its schemas must compile.
 */
export function dependencyToolProblems(tool: CatalogTool, pkg: PackageManifest): ToolProblem[] {
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
  const parameters = schemaProblem(tool.parameters, true)
  if (parameters !== undefined) problems.push({ field: 'parameters', problem: `does not compile: ${parameters}` })
  const output = tool.output === undefined ? undefined : schemaProblem(tool.output, false)
  if (output !== undefined) problems.push({ field: 'output', problem: `does not compile: ${output}` })
  return problems
}

/**
 * The path a module is published under: its TypeScript extension swapped for the JavaScript one
 * (the rule TypeScript's NodeNext imports follow), e.g. `tools/forecast.ts` → `tools/forecast.js`.
 */
export function publishedPath(module: string): string {
  return module.replace(/\.([mc]?)tsx?$/, (_match, kind: string) => `.${kind}js`)
}
