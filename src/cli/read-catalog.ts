import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Catalog } from '../runtime/catalog.js'
import { UserError } from './command.js'

/**
 * Reads a catalog file given on the command line. A file that is missing or unreadable, bad JSON
 * or a value that is not a catalog is an error the user can fix (exit 1), said as a sentence that
 * names the file, never a stack trace.
 */
export function readCatalogFile(given: string): Catalog {
  const file = statSync(given, { throwIfNoEntry: false })?.isDirectory() ? path.join(given, 'catalog.json') : given
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UserError(`Cannot read the catalog ${file}: ${fileProblem(error as NodeJS.ErrnoException)}.`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new UserError(`The catalog ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}.`)
  }
  const problem = catalogProblem(value)
  if (problem) throw new UserError(`${file} is not a toolcat catalog: ${problem}.`)
  return value as Catalog
}

/** What went wrong reading a file, in words (the error code kept in brackets for searching). */
function fileProblem(error: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ENOENT: 'there is no such file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a folder, not a file',
    ENOTDIR: 'a part of its path is not a folder',
  }
  const said = error.code === undefined ? undefined : words[error.code]
  return said === undefined ? String(error.message ?? error) : `${said} (${error.code})`
}

function catalogProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('tools' in value) || !Array.isArray(value.tools)) return 'no "tools" array'
  const index = value.tools.findIndex(
    (tool: unknown) => typeof tool !== 'object' || tool === null || typeof (tool as { name?: unknown }).name !== 'string' || typeof (tool as { parameters?: unknown }).parameters !== 'object',
  )
  return index === -1 ? undefined : `tools[${index}] lacks a name or a parameters schema`
}

/**
 * The catalog a positional argument names, when it names one rather than a tools folder: a `.json`
 * file, or a build's outDir (a folder holding `catalog.json`). `undefined` otherwise.
 */
export function catalogFileAt(given: string | undefined): string | undefined {
  if (given === undefined) return undefined
  if (given.endsWith('.json')) return given
  return statSync(path.join(given, 'catalog.json'), { throwIfNoEntry: false })?.isFile() ? given : undefined
}

/** The nearest folder at or above a catalog file (or outDir) holding a package.json: the root its sources are relative to, as a build chose it. */
export function projectRootAbove(file: string): string {
  let folder = existsSync(file) && statSync(file).isDirectory() ? file : path.dirname(file)
  for (;;) {
    if (existsSync(path.join(folder, 'package.json'))) return folder
    const parent = path.dirname(folder)
    if (parent === folder) return path.dirname(file)
    folder = parent
  }
}

