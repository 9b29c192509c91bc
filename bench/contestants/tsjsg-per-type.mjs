/**
 * ts-json-schema-generator at its fastest per-type API use: one program and one generator
 * (type check skipped), then createSchema once per tool parameter type.
 * Usage: node bench/contestants/tsjsg-per-type.mjs <corpusDir> <n>
 */
import { join } from 'node:path'
import { createGenerator } from 'ts-json-schema-generator'
import { paramsTypeNames } from '../corpus/generate.mjs'

const [dir = '.', n = '0'] = process.argv.slice(2)
const generator = createGenerator({
  path: join(dir, 'tools/*.ts'),
  tsconfig: join(dir, 'tsconfig.json'),
  skipTypeCheck: true,
})
let bytes = 0
for (const name of paramsTypeNames(Number(n))) bytes += JSON.stringify(generator.createSchema(name)).length
console.log(`${n} schemas, ${bytes} bytes`)
