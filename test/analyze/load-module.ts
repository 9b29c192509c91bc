import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Project, type SourceFile } from 'ts-morph'

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
