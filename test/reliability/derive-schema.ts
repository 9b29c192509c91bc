import { Project } from 'ts-morph'
import { createSchemaGenerator, type SchemaOutcome } from '../../src/schema/index.js'

const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } })
const generator = createSchemaGenerator()

/**
 * Derives the parameter schema of `type Params = <text>` the way the analyzer does, on a real
 * checker; `declarations` are written above it for the text to refer to.
 */
export function deriveParameters(text: string, declarations = ''): SchemaOutcome {
  const file = project.createSourceFile('params.ts', `${declarations}\nexport type Params = ${text}\n`, { overwrite: true })
  const alias = file.getTypeAliasOrThrow('Params')
  return generator.parameters(alias.getType(), alias)
}
