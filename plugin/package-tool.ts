import { join } from 'node:path'
import { resolutionProblem } from '../src/analyze/deps/confined-resolution.js'
import type { PackageToolRequest } from './ids.js'

/** What rollup and vite give a plugin's `resolveId`: their own resolver, and a way to fail the build. */
export interface ResolverContext {
  resolve(source: string, importer: string, options: { skipSelf: boolean }): Promise<{ id: string; external?: boolean | string } | null>
  error(message: string): never
}

/**
 * Resolves a dependency's tool module with the bundler's own resolver (its conditions, `browser`
 * field, aliases and plugins), from the project root as the app's own import would, and takes the
 * answer only when it is a file of that package (`resolutionProblem`); the bundler then loads that
 * very file, with no further remapping.
 */
export async function resolvePackageTool(context: ResolverContext, request: PackageToolRequest, root: string): Promise<string> {
  const resolved = await context.resolve(request.specifier, join(root, 'package.json'), { skipSelf: true })
  const problem = resolved === null || resolved.external ? 'the bundler cannot resolve it' : resolutionProblem(root, request.packageName, resolved.id.split('?')[0] ?? resolved.id)
  if (problem !== undefined || resolved === null) return context.error(refusal(request, problem ?? 'the bundler cannot resolve it'))
  return resolved.id
}

/** The one line a refused resolution fails the build with. */
export function refusal(request: PackageToolRequest, problem: string): string {
  return `toolcat: the tool module ${request.specifier} of package ${request.packageName} is refused: ${problem}`
}
