/** Source text of one corpus tool module: an exported parameter type and a default `defineTool`. */
import { createRandom, pick, sample } from './prng.mjs'
import { domainOf, entityOf, entitySample } from './shared-types.mjs'

// Each kind yields one property, the shared names it needs and, when required, a valid sample
// value; `E` is the tool's domain entity and `D` its domain file.
const fieldKinds = [
  () => ({ text: "  mode: 'fast' | 'balanced' | 'thorough'", sample: ['mode', 'fast'] }),
  () => ({ text: '  color?: Color', enums: ['Color'] }),
  () => ({ text: '  /** Minimum level to include. @default 1 */\n  level: Level', enums: ['Level'], sample: ['level', 2] }),
  () => ({ text: "  filter: { field: string; op: 'eq' | 'lt' | 'gt'; value: string | number }", sample: ['filter', { field: 'total', op: 'gt', value: 10 }] }),
  () => ({ text: '  /** @minItems 1 @maxItems 50 */\n  ids: string[]', sample: ['ids', ['a1', 'b2']] }),
  () => ({ text: '  lines: Array<{ sku: string; /** @minimum 1 */ quantity: number; price?: Money }>', common: ['Money'], sample: ['lines', [{ sku: 'X-1', quantity: 2 }]] }),
  () => ({ text: '  range: [number, number]', sample: ['range', [1, 9]] }),
  () => ({ text: '  /** @maxLength 2000 */\n  note?: string | null' }),
  () => ({ text: '  headers?: Record<string, string>' }),
  () => ({ text: '  flags: Record<Priority, boolean>', common: ['Priority'], sample: ['flags', { low: false, normal: true, high: true, urgent: false }] }),
  (E, D) => ({ text: `  customer: Pick<${E}, 'id' | 'email' | 'name'>`, domain: true, sample: ['customer', { id: `${D}-1`, email: 'ada@example.com', name: 'Ada' }] }),
  (E, D) => ({ text: `  draft: Omit<${E}, 'id' | 'createdAt'>`, domain: true, sample: ['draft', entitySample(D, ['id', 'createdAt'])] }),
  () => ({ text: '  patch: Partial<Address>', common: ['Address'], sample: ['patch', { city: 'Lyon' }] }),
  () => ({ text: '  page?: PageRequest', common: ['PageRequest'] }),
  () => ({ text: '  criteria: Filter<number>[]', common: ['Filter'], sample: ['criteria', [{ field: 'age', op: 'lt', value: 40 }]] }),
  () => ({ text: '  choice: Labeled<Priority>', common: ['Labeled', 'Priority'], sample: ['choice', { label: 'Urgent', value: 'urgent' }] }),
  () => ({ text: '  budget: Maybe<Money>', common: ['Maybe', 'Money'], sample: ['budget', { amount: 500, currency: 'USD' }] }),
  () => ({ text: '  /** Free-text query. @minLength 1 @maxLength 200 */\n  query: string', sample: ['query', 'late invoices'] }),
  () => ({ text: '  /** @format email */\n  recipient: string', sample: ['recipient', 'ops@example.com'] }),
  () => ({ text: '  /** @format date-time */\n  since?: string' }),
  () => ({ text: '  /** @format uuid */\n  requestId: string', sample: ['requestId', '123e4567-e89b-42d3-a456-426614174000'] }),
  () => ({ text: '  /** @minimum 0 @maximum 1000 */\n  count: number', sample: ['count', 12] }),
  () => ({ text: '  /** @default false */\n  dryRun?: boolean' }),
  (E) => ({ text: `  related?: ${E}[]`, domain: true }),
]

const recursiveKinds = [
  () => ({ text: '  tree: TreeNode', recursive: ['TreeNode'], sample: ['tree', { label: 'root', children: [{ label: 'leaf' }] }] }),
  () => ({ text: '  expression: Expr', recursive: ['Expr'], sample: ['expression', { op: '+', left: 1, right: { op: '*', left: 2, right: 3 } }] }),
]

const verbs = ['Create', 'Find', 'Update', 'Archive', 'Export', 'Summarize', 'Validate', 'Schedule', 'Notify', 'Merge']
const nouns = ['invoice', 'order', 'customer', 'ticket', 'report', 'shipment', 'contract', 'payment', 'event', 'document']

/** Every 50th tool (offset 7) carries a recursive type: ~2% of the corpus, exactly and for any N. */
function isRecursive(index) {
  return index % 50 === 7
}

/** Returns the 4-digit id of a tool (`0001`). */
export function toolId(index) {
  return String(index).padStart(4, '0')
}

/** Returns the exported parameter type name of a tool (`Tool_0001_Params`). */
export function paramsTypeName(index) {
  return `Tool_${toolId(index)}_Params`
}

function importLine(names, from) {
  return names.size ? `import type { ${[...names].sort().join(', ')} } from '${from}'\n` : ''
}

function handlerBody(index, random) {
  switch (index % 3) {
    case 0:
      return `execute(args: ${paramsTypeName(index)}) {\n    return { tool: 'tool_${toolId(index)}', fields: Object.keys(args).length }\n  },`
    case 1:
      return `async execute(args: ${paramsTypeName(index)}) {\n    return \`handled \${Object.keys(args).length} fields\`\n  },`
    default:
      return `execute(args: ${paramsTypeName(index)}): number {\n    return Object.keys(args).length * ${1 + Math.floor(random() * 9)}\n  },`
  }
}

// One stream per tool, so a tool's text does not depend on how many tools precede it.
const randomOf = (index) => createRandom(0x70010000 + index)

function fieldsOf(index, random) {
  const domain = domainOf(index)
  const kinds = sample(random, fieldKinds, 3 + Math.floor(random() * 6))
  if (isRecursive(index)) kinds.push(pick(random, recursiveKinds))
  return kinds.map((kind) => kind(entityOf(domain), domain))
}

/** Returns valid arguments for tool `index`: a sample value for every required property. */
export function toolSample(index) {
  return Object.fromEntries(fieldsOf(index, randomOf(index)).flatMap((field) => (field.sample ? [field.sample] : [])))
}

/** Returns the source text of tool `index` (1-based); the same index always yields the same text. */
export function toolModule(index) {
  const random = randomOf(index)
  const domain = domainOf(index)
  const entity = entityOf(domain)
  const fields = fieldsOf(index, random)
  const names = { common: new Set(), enums: new Set(), recursive: new Set(), domain: new Set() }
  for (const field of fields) {
    for (const key of ['common', 'enums', 'recursive']) for (const name of field[key] ?? []) names[key].add(name)
    if (field.domain) names.domain.add(entity)
  }
  const summary = `${pick(random, verbs)} ${pick(random, nouns)} records`
  return `import { defineTool } from 'toolcat'
${importLine(names.common, '../shared/common.js')}${importLine(names.enums, '../shared/enums.js')}${importLine(names.recursive, '../shared/recursive.js')}${importLine(names.domain, `../shared/${domain}.js`)}
/** Parameters of tool_${toolId(index)}. */
export interface ${paramsTypeName(index)} {
${fields.map((field) => field.text).join('\n')}
}

/** ${summary} (tool ${index}). */
export default defineTool({
  name: 'tool_${toolId(index)}',
  description: '${summary}.',
  ${handlerBody(index, random)}
})
`
}
