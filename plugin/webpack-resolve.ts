import { join } from 'node:path'
import { resolutionProblem } from '../src/analyze/deps/confined-resolution.js'
import { packageToolSpecifier, parsePackageToolId, type PackageToolRequest } from './ids.js'
import { refusal } from './package-tool.js'

/** What webpack's and rspack's `compiler.resolverFactory.get('normal', …)` hands back: the resolver their module factory uses. */
interface NormalResolver {
  resolve(context: object, path: string, request: string, resolveContext: object, callback: (error: Error | null, result?: string | false) => void): void
}

/** The module data webpack's and rspack's `afterResolve` hook sees: the request asked, and the file the module will be built from. */
interface ResolvedModuleData {
  request: string
  createData?: { resource?: string }
}

/** The parts of a webpack 5 or rspack compiler this module reaches (their own types differ in everything else). */
export interface WebpackLikeCompiler {
  resolverFactory: { get(type: 'normal', options: { dependencyType: string }): NormalResolver }
  hooks: {
    normalModuleFactory: {
      tap(name: string, handler: (factory: { hooks: { afterResolve: { tapPromise(options: { name: string; stage: number }, handler: (data: ResolvedModuleData) => Promise<void | false>): void } } }) => void): void
    }
  }
}

/**
 * Resolves a dependency's tool module in webpack and rspack, where unplugin gives `resolveId` no
 * `this.resolve`: with the compiler's own resolver for ES module imports (its conditions, alias
 * fields, aliases and resolver plugins, as the app's own `import` of the specifier would be
 * resolved from the project root), taking the answer only when it is a file of that package.
 * Both bundlers resolve the returned path once more (unplugin hands it back to their resolver,
 * which may apply an alias field to it again): the module factory's `afterResolve` therefore
 * checks that the module is built from the very file that was confined.
 */
export class WebpackPackageTools {
  #compiler: WebpackLikeCompiler | undefined
  /** The request each confined module reaches the module factory with (webpack keeps the plugin's id, rspack takes the file), and that file. */
  readonly #confined = new Map<string, string>()

  /** Takes the compiler (the `webpack(compiler)` or `rspack(compiler)` hook) and checks every module built for a confined request. */
  attach(compiler: WebpackLikeCompiler): void {
    this.#compiler = compiler
    compiler.hooks.normalModuleFactory.tap('toolcat', (factory) => {
      // Last of the hook's taps, so that another plugin's replacement of the resource is seen.
      factory.hooks.afterResolve.tapPromise({ name: 'toolcat', stage: AFTER_EVERY_PLUGIN }, async (data) => this.#checkBuiltFrom(data))
    })
  }

  /** The file `request` resolves to in the compiler, confined to its package; throws the refusal otherwise. */
  async resolve(request: PackageToolRequest, root: string): Promise<string> {
    const compiler = this.#compiler
    if (compiler === undefined) throw new Error(refusal(request, 'the plugin was given no compiler to resolve it with'))
    const resolver = compiler.resolverFactory.get('normal', { dependencyType: 'esm' })
    const resolved = await new Promise<string | false | undefined>((resolve, reject) => {
      resolver.resolve({ issuer: join(root, 'package.json') }, root, request.specifier, {}, (error, result) => (error ? reject(new Error(refusal(request, `the bundler cannot resolve it: ${error.message}`))) : resolve(result)))
    })
    if (typeof resolved !== 'string') throw new Error(refusal(request, 'the bundler resolves it to no file (an alias or field maps it to false)'))
    const file = withoutQuery(resolved)
    const problem = resolutionProblem(root, request.packageName, file)
    if (problem !== undefined) throw new Error(refusal(request, problem))
    this.#confined.set(packageToolSpecifier(request.specifier), file)
    this.#confined.set(file, file)
    return file
  }

  async #checkBuiltFrom(data: ResolvedModuleData): Promise<void> {
    const expected = this.#confined.get(data.request)
    if (expected === undefined) return
    const built = withoutQuery(data.createData?.resource ?? '')
    if (built === expected) return
    const request = parsePackageToolId(data.request)
    const problem = `it was confined to ${expected}, but the bundler resolved that file again to ${built || 'nothing'}`
    throw new Error(request === undefined ? `toolcat: the tool module ${expected} is refused: ${problem}` : refusal(request, problem))
  }
}

/** A tapable stage later than any plugin's default (0). */
const AFTER_EVERY_PLUGIN = 1_000_000

function withoutQuery(resource: string): string {
  return resource.split('?')[0] ?? resource
}
