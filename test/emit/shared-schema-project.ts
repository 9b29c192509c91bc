import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildCatalog } from '../../src/build.js'
import type { Catalog } from '../../src/runtime/catalog.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

// Three tools over one shared module: `Customer` (holding `Address`) repeats across tools, and
// `Category` is recursive, so its schema lives under `$defs` with local `$ref`s in two tools.
const sources: Readonly<Record<string, string>> = {
  'tools/shared/types.ts': `
/** A postal address. */
export interface Address { street: string; city: string; /** @pattern ^[0-9A-Z -]{3,10}$ */ postalCode: string; country: string }
/** Someone who buys. */
export interface Customer { id: string; name: string; address: Address; billing?: Address }
/** A category and its sub-categories. */
export interface Category { label: string; children: Category[] }
`,
  'tools/notify.ts': `
import { defineTool } from 'toolcat'
import type { Customer } from './shared/types.js'
/** Notify a customer. */
export default defineTool({ execute: (args: { customer: Customer; message: string }) => \`sent to \${args.customer.name}\` })
`,
  'tools/merge.ts': `
import { defineTool } from 'toolcat'
import type { Category, Customer } from './shared/types.js'
/** Merge two customers. */
export default defineTool({ execute: (args: { keep: Customer; drop: Customer; under?: Category }) => args.keep.id })
`,
  'tools/classify.ts': `
import { defineTool } from 'toolcat'
import type { Category } from './shared/types.js'
/** Classify into a category tree. */
export default defineTool({ execute: (args: { tree: Category; depth?: number }) => args.tree.children.length })
`,
}

/** A temp project (toolcat installed as a symlink to this checkout) holding the tools above, and its catalog. */
export function sharedSchemaProject(): { readonly root: string; readonly catalog: Catalog } {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcat-shared-schemas-'))
  for (const [file, text] of Object.entries(sources)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'shared-schemas', type: 'module' }))
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(repoRoot, path.join(root, 'node_modules/toolcat'), 'dir')
  const { catalog, diagnostics } = buildCatalog({ root, tools: 'tools' })
  if (diagnostics.length > 0) throw new Error(`fixture tools have diagnostics: ${JSON.stringify(diagnostics)}`)
  return { root, catalog }
}
