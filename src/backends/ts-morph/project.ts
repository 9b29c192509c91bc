import path from 'node:path'
import { Project, ts } from 'ts-morph'
import { codes } from '../../codes.js'
import type { Finding } from '../../analyze/locate.js'
import { defaultCompilerOptions } from '../compiler-defaults.js'

/** "No inputs were found": irrelevant here, since toolcat picks the tool files itself. */
const NO_INPUTS = 18003

/** The ts-morph project for a build, or why the tsconfig could not be used. */
export type ProjectSetup =
  | { readonly project: Project }
  | { readonly problem: Finding; readonly tsconfig: string }

/**
 * Creates the one ts-morph Project of a builder from the user's tsconfig (or defaults). Only the
 * tool files are added later; the checker resolves whatever they import on demand.
 */
export function createProject(tsconfig: string | undefined): ProjectSetup {
  if (tsconfig === undefined) return { project: newProject(ts.convertCompilerOptionsFromJson(defaultCompilerOptions, '').options) }
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile)
  if (read.error) return { problem: configProblem(read.error), tsconfig }
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig), undefined, tsconfig)
  const error = parsed.errors.find((diagnostic) => diagnostic.code !== NO_INPUTS)
  if (error) return { problem: configProblem(error), tsconfig }
  return { project: newProject({ ...parsed.options, noEmit: true }) }
}

function newProject(compilerOptions: ts.CompilerOptions): Project {
  return new Project({ compilerOptions, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true })
}

function configProblem(diagnostic: ts.Diagnostic): Finding {
  const detail = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')
  return { code: codes.badTsconfig, message: `cannot use the tsconfig: ${detail}`, hint: 'fix the file or pass another with --tsconfig' }
}
