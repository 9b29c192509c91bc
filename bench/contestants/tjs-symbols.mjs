/**
 * typescript-json-schema deriving the same parameter types: one program from the corpus tsconfig,
 * one generator, then the schema of every tool's exported parameter type.
 * Usage: node bench/contestants/tjs-symbols.mjs <corpusDir> <n>
 */
import { join } from 'node:path'
import * as TJS from 'typescript-json-schema'
import { paramsTypeNames } from '../corpus/generate.mjs'

const [dir = '.', n = '0'] = process.argv.slice(2)
const program = TJS.programFromConfig(join(dir, 'tsconfig.json'))
const generator = TJS.buildGenerator(program, { required: true, noExtraProps: true })
if (!generator) throw new Error('typescript-json-schema: the corpus does not type-check')
const schema = generator.getSchemaForSymbols(paramsTypeNames(Number(n)))
console.log(`${Object.keys(schema.definitions ?? {}).length} definitions, ${JSON.stringify(schema).length} bytes`)
