// Gemini function calling, from the `FunctionDeclaration.parametersJsonSchema` and structured output docs.
import { isNode, subsetViolations, type Node, type Violation } from './schema-nodes.js'

const keywords = new Set([
  'type', 'title', 'description', 'enum', 'format', 'minimum', 'maximum', 'items', 'prefixItems', 'minItems', 'maxItems',
  'properties', 'required', 'additionalProperties', 'anyOf', '$ref', '$defs', '$anchor', '$id', 'propertyOrdering',
])

/** Violations of Gemini's `functionDeclarations` shape, its schema subset and its recursion rule. */
export function geminiViolations(payload: unknown): Violation[] {
  const tools = isNode(payload) && Array.isArray(payload.tools) ? payload.tools : []
  const declarations = tools.flatMap((tool) => (isNode(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : []))
  if (declarations.length === 0) return [{ tool: '*', path: '/tools/0/functionDeclarations', rule: 'no function declarations' }]
  const violations: Violation[] = []
  for (const declaration of declarations.filter(isNode)) {
    const tool = String(declaration.name)
    if (!/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(tool)) violations.push({ tool, path: '/name', rule: 'name pattern' })
    if ('parameters' in declaration) violations.push({ tool, path: '/parameters', rule: 'parameters and parametersJsonSchema are exclusive' })
    const schema = declaration.parametersJsonSchema
    if (!isNode(schema) || schema.type !== 'object') violations.push({ tool, path: '/parametersJsonSchema', rule: 'root is not an object schema' })
    violations.push(...subsetViolations(tool, '/parametersJsonSchema', schema, keywords))
    violations.push(...requiredCycles(tool, schema as Node))
  }
  return violations
}

/** A `$defs` entry that reaches itself again through required properties and `$ref`s only. */
function requiredCycles(tool: string, root: Node): Violation[] {
  const defs = isNode(root.$defs) ? root.$defs : {}
  const violations: Violation[] = []
  for (const name of Object.keys(defs)) {
    const target = `#/$defs/${name}`
    const stack: [unknown, string][] = [[defs[name], `/$defs/${name}`]]
    const seen = new Set<unknown>()
    while (stack.length > 0) {
      const [node, at] = stack.pop()!
      if (!isNode(node) || seen.has(node)) continue
      seen.add(node)
      if (node.$ref === target) violations.push({ tool, path: `/parametersJsonSchema${at}/$ref`, rule: 'recursion through a required property' })
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
        const next = node.$ref.slice('#/$defs/'.length)
        stack.push([defs[next], `/$defs/${next}`])
      }
      const properties = isNode(node.properties) ? node.properties : {}
      for (const key of Array.isArray(node.required) ? node.required : []) stack.push([properties[key], `${at}/properties/${key}`])
    }
  }
  return violations
}
