/**
 * The ts-morph floor: the least work any checker-based deriver must do. Loads the corpus in a
 * ts-morph Project and walks every execute parameter type's properties once (no schema is built).
 * Usage: node bench/contestants/tsmorph-floor.mjs <corpusDir>
 */
import { join } from 'node:path'
import { Node, Project } from 'ts-morph'

const dir = process.argv[2]
const project = new Project({ tsConfigFilePath: join(dir, 'tsconfig.json'), skipAddingFilesFromTsConfig: true })
const files = project.addSourceFilesAtPaths(join(dir, 'tools/*.ts'))
const seen = new Set()
let properties = 0

function walk(type, at) {
  if (seen.has(type.compilerType)) return
  seen.add(type.compilerType)
  if (type.isUnion() || type.isIntersection()) for (const part of type.isUnion() ? type.getUnionTypes() : type.getIntersectionTypes()) walk(part, at)
  else if (type.isArray()) walk(type.getArrayElementTypeOrThrow(), at)
  else if (type.isTuple()) for (const element of type.getTupleElements()) walk(element, at)
  else if (type.isObject()) {
    for (const property of type.getProperties()) {
      properties++
      walk(property.getTypeAtLocation(at), at)
    }
  }
}

for (const file of files) {
  const call = file.getDefaultExportSymbol()?.getDeclarations()[0]?.getFirstDescendant(Node.isCallExpression)
  const options = call?.getArguments()[0]
  const execute = options && Node.isObjectLiteralExpression(options) ? options.getProperty('execute') : undefined
  const parameter = execute && Node.isMethodDeclaration(execute) ? execute.getParameters()[0] : undefined
  if (parameter) walk(parameter.getType(), parameter)
}
console.log(`${files.length} files, ${properties} properties walked`)
