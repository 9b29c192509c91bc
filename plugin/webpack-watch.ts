import type { CatalogSession } from './catalog-session.js'

/** The part of a webpack or rspack compiler this needs; both have it. */
interface WebpackLikeCompiler {
  readonly hooks: { readonly afterCompile: { tap(name: string, hook: (compilation: { contextDependencies: { add(path: string): unknown } }) => void): void } }
}

/**
 * Makes the tools folder a context dependency of every compilation, so webpack's and rspack's
 * watch modes rebuild when a tool file is added or deleted (edits are seen through the files the
 * virtual modules depend on).
 */
export function watchToolsFolder(compiler: WebpackLikeCompiler, current: () => CatalogSession): void {
  compiler.hooks.afterCompile.tap('toolcat', (compilation) => {
    const folder = current().toolsFolder
    if (folder !== undefined) compilation.contextDependencies.add(folder)
  })
}
