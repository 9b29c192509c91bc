/**
 * The module ids of the plugin. Public ids carry no colon, since webpack and rspack read a colon as
 * a URL scheme; each resolves to an internal id starting with `\0`, the convention that tells other
 * plugins the module is virtual. Internal ids end in `.js` so every bundler loads them as JavaScript.
 */

/** Import this for the definitions: a default export listing them, one named export per tool. */
export const CATALOG_ID = '~toolcat/catalog'
/** Import this for `createRegistry`, the lazy registry over the catalog's tools. */
export const REGISTRY_ID = '~toolcat/registry'

/** Import this for the tool search index (`toolcat/search`'s `SearchIndex`) as the default export. */
export const SEARCH_ID = '~toolcat/search'
/** The try-it page's module (vite dev serves the page at `/__toolcat/`): the catalog rendered with a form per tool. */
export const DEV_PAGE_ID = '~toolcat/dev-page'

const FIXED_IDS = new Set([CATALOG_ID, REGISTRY_ID, SEARCH_ID, DEV_PAGE_ID])
const TOOL_PREFIX = '~toolcat/tool/'
const PACKAGE_TOOL_PREFIX = '~toolcat/package/'
const INTERNAL_CATALOG = '\0toolcat/catalog.js'
const INTERNAL_REGISTRY = '\0toolcat/registry.js'
const INTERNAL_SEARCH = '\0toolcat/search.js'
const INTERNAL_DEV_PAGE = '\0toolcat/dev-page.js'
const INTERNAL_TOOL = /^\0toolcat\/tool\/([^/]+)\.js$/

/** What an internal id stands for. */
export type VirtualModule = { readonly kind: 'catalog' } | { readonly kind: 'registry' } | { readonly kind: 'search' } | { readonly kind: 'dev-page' } | { readonly kind: 'tool'; readonly name: string }

/** The specifier the registry imports a tool's entry module by (its own chunk). */
export function toolEntrySpecifier(name: string): string {
  return TOOL_PREFIX + name
}

/**
 * Maps a public id to its internal `\0` id, or `undefined` for an id the plugin does not own. The
 * fixed ids are also taken with `.js` after them: vite's dev server keeps a module's URL with its
 * resolved id's extension added (`~toolcat/dev-page.js`), and a hot update imports it by that URL.
 */
export function resolveVirtualId(request: string): string | undefined {
  const id = FIXED_IDS.has(request.replace(/\.js$/, '')) ? request.replace(/\.js$/, '') : request
  if (id === CATALOG_ID) return INTERNAL_CATALOG
  if (id === REGISTRY_ID) return INTERNAL_REGISTRY
  if (id === SEARCH_ID) return INTERNAL_SEARCH
  if (id === DEV_PAGE_ID) return INTERNAL_DEV_PAGE
  if (id.startsWith(TOOL_PREFIX)) return internalToolId(id.slice(TOOL_PREFIX.length))
  return undefined
}

/** Reads an internal id back, or `undefined` for any other module. */
export function parseVirtualId(id: string): VirtualModule | undefined {
  if (id === INTERNAL_CATALOG) return { kind: 'catalog' }
  if (id === INTERNAL_REGISTRY) return { kind: 'registry' }
  if (id === INTERNAL_SEARCH) return { kind: 'search' }
  if (id === INTERNAL_DEV_PAGE) return { kind: 'dev-page' }
  const tool = INTERNAL_TOOL.exec(id)?.[1]
  return tool === undefined ? undefined : { kind: 'tool', name: tool }
}

function internalToolId(name: string): string {
  return `\0toolcat/tool/${name}.js`
}

/** A dependency's tool module as generated code imports it: the package and the specifier the bundler resolves. */
export interface PackageToolRequest {
  readonly packageName: string
  readonly specifier: string
}

/**
 * The specifier by which generated code imports a dependency's tool module (`source.module`,
 * `<package>/<path>`): the plugin's own, so that the plugin resolves it through the bundler and
 * checks where it led before the bundler loads anything (see `resolutionProblem`).
 */
export function packageToolSpecifier(module: string): string {
  return PACKAGE_TOOL_PREFIX + module
}

/** Reads a `packageToolSpecifier` back, or `undefined` for any other id. */
export function parsePackageToolId(id: string): PackageToolRequest | undefined {
  if (!id.startsWith(PACKAGE_TOOL_PREFIX)) return undefined
  const specifier = id.slice(PACKAGE_TOOL_PREFIX.length)
  const segments = specifier.split('/')
  const packageName = segments.slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
  return { packageName, specifier }
}
