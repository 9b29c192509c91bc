import { readFileSync } from 'node:fs'
import type { BuildResult } from '../src/analyze/index.js'
import { generateVirtualModuleTypes } from '../src/emit/registry/virtual-module-types.js'
import { writeFilesAtomically } from '../src/emit/shared/write-files.js'

/**
 * Keeps the plugin's declaration file (option `dts`) in step with the catalog. It is rewritten
 * only when its content would change, so editors, type-checkers and watchers see no churn, and
 * never from a derivation with errors: the previous types stay until the tools are fixed. A file
 * that cannot be written (a read-only checkout) is a warning, not a failed build: only types are lost.
 */
export function syncDeclarationFile(file: string | undefined, derivation: BuildResult, warn: (message: string) => void): void {
  if (file === undefined || derivation.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return
  const contents = generateVirtualModuleTypes(derivation.catalog)
  if (readIfPresent(file) === contents) return
  try {
    writeFilesAtomically([{ path: file, contents }])
  } catch (error) {
    warn(`toolcat: could not write the typed declaration ${file} (${(error as Error).message}); set the plugin's \`dts\` option to another path, or to false`)
  }
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
