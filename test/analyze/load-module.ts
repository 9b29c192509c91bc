import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Project, type SourceFile, type ts } from 'ts-morph'
import { analyzeModule, type ModuleAnalysis } from '../../src/analyze/analyze-module.js'
import { ModuleReader } from '../../src/analyze/module-reader.js'
import type { SyntaxNode } from '../../src/analyze/view.js'
import { TsMorphAnalysisView } from '../../src/backends/ts-morph/analysis-view.js'

/** The repository's fixtures folder. */
export const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url))

/** Loads fixture files into a fresh ts-morph project, as the builder does, and returns them in order. */
export function loadFixtureFiles(...relativePaths: string[]): SourceFile[] {
  const project = new Project({ skipAddingFilesFromTsConfig: true, compilerOptions: { strict: true } })
  return relativePaths.map((file) => project.addSourceFileAtPath(path.join(fixtures, file)))
}

/** Parses module text in memory, for checks that only need syntax and symbols. */
export function parseModule(text: string): SourceFile {
  return memoryProject.createSourceFile('/tools/module.ts', text, { overwrite: true })
}

// One in-memory project for every parsed snippet: its lib files load once per test file.
const memoryProject = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } })

/** Analyses one ts-morph source file as the builder does with the ts-morph backend. */
export function analyzeSource(sourceFile: SourceFile, root: string): ModuleAnalysis {
  const view = new TsMorphAnalysisView(sourceFile.getProject())
  const module = view.module(sourceFile.getFilePath())
  if (module === undefined) throw new Error(`not in the project: ${sourceFile.getFilePath()}`)
  return analyzeModule(new ModuleReader(view, module, root))
}

/** The source text of a syntax node of a ts-morph project. */
export function textOf(node: SyntaxNode): string {
  return (node as unknown as ts.Node).getText()
}
