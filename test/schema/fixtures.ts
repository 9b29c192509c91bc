import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import { Project, type Node, type Type } from 'ts-morph'
import { expect } from 'vitest'
import { ajvOptions } from '../../src/runtime/ajv-options.js'
import type { JsonSchema } from '../../src/runtime/types.js'
import { createSchemaGenerator, type OutputOutcome, type SchemaOutcome } from '../../src/schema/index.js'

const folder = fileURLToPath(new URL('../../fixtures/schema/', import.meta.url))

/**
 * Installs `fixtures/schema/packages/fake-geo` as npm installs a `file:` dependency, a link in
 * `node_modules/`, so a fixture reads a type from a package the way an app does.
 */
function installFakePackage(): void {
  mkdirSync(join(folder, 'node_modules'), { recursive: true })
  try {
    symlinkSync(join('..', 'packages', 'fake-geo'), join(folder, 'node_modules', 'fake-geo'), 'dir')
  } catch (error) {
    // Test files run in parallel; another may have installed it first.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}

/** A real project over `fixtures/schema/` with one generator, as the analyzer holds them. */
export function loadSchemaFixtures() {
  installFakePackage()
  const project = new Project({ tsConfigFilePath: join(folder, 'tsconfig.json') })
  const generator = createSchemaGenerator()
  const file = (name: string) => project.getSourceFileOrThrow(join(folder, `${name}.ts`))
  return {
    /** Schema of the named function's first parameter (default `execute`), else of the file's `Params` type. */
    parameters(name: string, functionName = 'execute'): SchemaOutcome {
      const source = file(name)
      const execute = source.getFunction(functionName)
      if (execute) {
        const parameter = execute.getParameters()[0]
        return generator.parameters(parameter?.getType(), parameter ?? execute)
      }
      const params: Node & { getType(): Type } = source.getInterface('Params') ?? source.getTypeAliasOrThrow('Params')
      return generator.parameters(params.getType(), params)
    },
    /** Schema of the return type of the named function. */
    output(name: string, functionName: string): OutputOutcome | undefined {
      const fn = file(name).getFunctionOrThrow(functionName)
      return generator.output(fn.getReturnType(), fn)
    },
  }
}

// The shared options minus coercion, removal and defaults, so a wrong value fails instead of being fixed up.
const { coerceTypes: _coerce, removeAdditional: _remove, useDefaults: _defaults, ...strictOptions } = ajvOptions
const ajv = new Ajv(strictOptions)
formats.default(ajv)

/** Asserts the schema is a valid draft-07 schema that accepts every `valid` value and rejects every `invalid` one. */
export function expectValidation(schema: JsonSchema, valid: unknown[], invalid: unknown[]): void {
  expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true)
  const validate = ajv.compile(schema)
  for (const value of valid) expect(validate(value), `accepts ${JSON.stringify(value)}`).toBe(true)
  for (const value of invalid) expect(validate(value), `rejects ${JSON.stringify(value)}`).toBe(false)
}
