import { existsSync } from 'node:fs'
import path from 'node:path'
import { Project, ts } from 'ts-morph'
import { codes } from './codes.js'
import type { Finding } from './locate.js'

/** The compiler options used when the project has no tsconfig.json. */
const defaultOptions: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  skipLibCheck: true,
  noEmit: true,
}

/** "No inputs were found": irrelevant here, since toolcat picks the tool files itself. */
const NO_INPUTS = 18003

/** The ts-morph project for a build, or why the tsconfig could not be used. */
export type ProjectSetup =
  | { readonly project: Project; readonly tsconfig?: string }
  | { readonly problem: Finding; readonly tsconfig: string }

/**
 * Creates the one ts-morph Project of a builder from the user's tsconfig (or defaults). Only the
 * tool files are added later; the checker resolves whatever they import on demand.
 */
export function createProject(root: string, tsconfig: string | undefined): ProjectSetup {
  const configPath = tsconfig === undefined ? path.join(root, 'tsconfig.json') : path.resolve(root, tsconfig)
  if (tsconfig === undefined && !existsSync(configPath)) return { project: newProject(defaultOptions) }
  const read = ts.readConfigFile(configPath, ts.sys.readFile)
  if (read.error) return { problem: configProblem(read.error), tsconfig: configPath }
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath), undefined, configPath)
  const error = parsed.errors.find((diagnostic) => diagnostic.code !== NO_INPUTS)
  if (error) return { problem: configProblem(error), tsconfig: configPath }
  return { project: newProject({ ...parsed.options, noEmit: true }), tsconfig: configPath }
}

function newProject(compilerOptions: ts.CompilerOptions): Project {
  return new Project({ compilerOptions, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true })
}

function configProblem(diagnostic: ts.Diagnostic): Finding {
  const detail = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')
  return { code: codes.badTsconfig, message: `cannot use the tsconfig: ${detail}`, hint: 'fix the file or pass another with --tsconfig' }
}
