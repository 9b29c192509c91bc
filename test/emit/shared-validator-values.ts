import type { JsonSchema } from '../../src/runtime/types.js'

const address = {
  type: 'object',
  properties: {
    street: { type: 'string', minLength: 1, maxLength: 120 },
    city: { type: 'string' },
    postalCode: { type: 'string', pattern: '^[0-9A-Z -]{3,10}$' },
    country: { type: 'string', minLength: 2, maxLength: 2 },
  },
  required: ['street', 'city', 'country'],
  additionalProperties: false,
}

const money = {
  type: 'object',
  properties: { amount: { type: 'number', minimum: 0, multipleOf: 0.01 }, currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] }, note: { type: 'string', maxLength: 40 } },
  required: ['amount', 'currency'],
  additionalProperties: false,
}

/**
 * Schemas written to reach the corner cases of linking shared subschemas: discriminated branches
 * named through references, trial branches inside otherwise shareable objects, `definitions`,
 * references into an object, escaped property names, formats and decimal steps inside shared
 * objects, each applicator keyword.
 */
export const handmadeSchemas: Record<string, JsonSchema> = {
  tagged_refs: {
    type: 'object',
    properties: {
      payment: { anyOf: [{ $ref: '#/$defs/Card' }, { $ref: '#/$defs/Transfer' }] },
      billing: { $ref: '#/$defs/Address' },
      total: money,
    },
    required: ['payment', 'total'],
    additionalProperties: false,
    $defs: {
      Address: address,
      Card: { type: 'object', properties: { kind: { type: 'string', const: 'card' }, number: { type: 'string', pattern: '^[0-9]{12,19}$' }, holder: { type: 'string', minLength: 1 }, billing: address }, required: ['kind', 'number'], additionalProperties: false },
      Transfer: { type: 'object', properties: { kind: { type: 'string', const: 'transfer' }, iban: { type: 'string', minLength: 15, maxLength: 34 }, amount: money, reference: { type: 'string', format: 'uuid' } }, required: ['kind', 'iban', 'amount'], additionalProperties: false },
    },
  },
  untagged_union: {
    type: 'object',
    properties: {
      wrapper: {
        type: 'object',
        properties: {
          contact: {
            anyOf: [
              { type: 'object', properties: { email: { type: 'string', format: 'email' }, name: { type: 'string', minLength: 1 }, verified: { type: 'boolean' } }, required: ['email'], additionalProperties: false },
              { type: 'object', properties: { phone: { type: 'string', pattern: '^[+][0-9]{6,15}$' }, name: { type: 'string', minLength: 1 }, country: { type: 'string', minLength: 2 } }, required: ['phone'], additionalProperties: false },
              { type: 'string', minLength: 3 },
            ],
          },
          when: { type: 'string', format: 'date-time' },
          address,
        },
        required: ['contact'],
        additionalProperties: false,
      },
    },
    required: ['wrapper'],
    additionalProperties: false,
  },
  old_definitions: {
    type: 'object',
    properties: {
      home: { type: 'object', properties: { at: { $ref: '#/definitions/Addr' }, since: { type: 'string', format: 'date' }, rooms: { type: 'integer', minimum: 1, maximum: 20 } }, required: ['at'], additionalProperties: false },
      work: { $ref: '#/definitions/Addr' },
    },
    required: ['home'],
    additionalProperties: false,
    definitions: { Addr: address },
  },
  pointer_inside: {
    type: 'object',
    properties: {
      a: { type: 'object', properties: { b: { type: 'string', minLength: 2, maxLength: 9 }, c: { type: 'number', exclusiveMinimum: 0 }, d: { type: 'array', items: { type: 'string' }, maxItems: 3 } }, required: ['b'], additionalProperties: false },
      again: { $ref: '#/properties/a/properties/b' },
    },
    additionalProperties: false,
  },
  escaped_names: {
    type: 'object',
    properties: {
      'a/b': { type: 'object', properties: { 'x~y': { type: 'string', minLength: 1 }, 'p q': { type: 'number', maximum: 5 }, '%20': { type: 'boolean' }, $ref: { type: 'string' }, plain: address }, required: ['x~y', 'plain'], additionalProperties: false },
      'c%d': { type: 'object', properties: { 'e/f': address, 'g~h': money }, required: ['e/f'], additionalProperties: false },
    },
    required: ['a/b'],
    additionalProperties: false,
  },
  applicators: {
    type: 'object',
    properties: {
      conditional: {
        type: 'object',
        properties: { mode: { type: 'string', enum: ['home', 'office'] }, home: address, office: { type: 'object', properties: { floor: { type: 'integer', minimum: 0 }, desk: { type: 'string', minLength: 1 }, building: address }, required: ['floor'], additionalProperties: false } },
        required: ['mode'],
        if: { properties: { mode: { const: 'home' } } },
        then: { required: ['home'] },
        else: { required: ['office'] },
        additionalProperties: false,
      },
      negated: { not: { type: 'object', properties: { forbidden: { type: 'string', minLength: 1, maxLength: 200 }, other: address }, required: ['forbidden'], additionalProperties: false } },
      patterned: { type: 'object', patternProperties: { '^x-': money }, additionalProperties: address },
      tuple: { type: 'array', items: [address, money, { type: 'string' }], minItems: 2, additionalItems: false },
      dependent: { type: 'object', properties: { a: { type: 'string' }, b: money }, dependencies: { a: ['b'], b: { properties: { c: address } } } },
      everything: { allOf: [{ type: 'object', properties: { one: address }, required: ['one'] }, { type: 'object', properties: { two: money }, required: ['two'] }] },
    },
    additionalProperties: false,
  },
}

const formatSamples: Record<string, string> = {
  email: 'ada@example.test',
  'date-time': '2024-05-01T10:00:00Z',
  date: '2024-05-01',
  time: '10:00:00Z',
  uri: 'https://example.test/a',
  'uri-reference': '/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '10.0.0.1',
  hostname: 'example.test',
}

/** A value for a node: `variant` picks the union branch (modulo the count) everywhere. */
function sample(node: unknown, root: JsonSchema, variant: number, depth: number): unknown {
  if (typeof node !== 'object' || node === null || depth > 6) return 'x'
  const schema = node as Record<string, unknown>
  if (typeof schema.$ref === 'string') return sample(resolve(root, schema.$ref), root, variant, depth + 1)
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[variant % schema.enum.length]
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword]
    if (Array.isArray(branches) && branches.length > 0) return sample(branches[variant % branches.length], root, variant, depth + 1)
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: unknown) => sample(part, root, variant, depth + 1)).filter((part) => typeof part === 'object'))
  const type = Array.isArray(schema.type) ? schema.type[variant % schema.type.length] : schema.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) out[name] = sample(property, root, variant, depth + 1)
      return out
    }
    case 'array': {
      if (Array.isArray(schema.items)) return schema.items.map((item: unknown) => sample(item, root, variant, depth + 1))
      const count = Math.max(1, Number(schema.minItems ?? 1))
      return Array.from({ length: count }, () => sample(schema.items ?? {}, root, variant, depth + 1))
    }
    case 'string': {
      if (typeof schema.format === 'string') return formatSamples[schema.format] ?? 'x'
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)))
    }
    case 'integer':
      return Number(schema.minimum ?? 1)
    case 'number':
      return typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : Number(schema.minimum ?? 1.5)
    case 'boolean':
      return variant % 2 === 0
    case 'null':
      return null
  }
  return 'x'
}

function resolve(root: JsonSchema, ref: string): unknown {
  let node: unknown = root
  for (const raw of ref.replace(/^#\/?/, '').split('/').filter((segment) => segment !== '')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined
  }
  return node
}

type Path = (string | number)[]

function pathsOf(value: unknown, at: Path = [], depth = 0): Path[] {
  if (typeof value !== 'object' || value === null || depth > 6) return [at]
  const children = Array.isArray(value) ? value.map((_item, index) => index) : Object.keys(value)
  return [at, ...children.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], [...at, key], depth + 1))]
}

function changed(value: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(value)
  if (path.length === 0) return copy
  let parent = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  change(parent, path.at(-1) as string | number)
  return copy
}

const replacements: unknown[] = [null, 7.5, -3, 'zz', '', true, [], {}, { extra: 1 }]

/**
 * Values for a schema: one per union branch picked everywhere, and each of those broken at every
 * place — replaced by a value of each JSON type, deleted, given an extra key — so that most are
 * refused, deep inside the schema. Deterministic.
 */
export function valuesOf(schema: JsonSchema): unknown[] {
  const values: unknown[] = []
  for (let variant = 0; variant < 3; variant++) {
    const base = sample(schema, schema, variant, 0)
    values.push(base)
    for (const path of pathsOf(base)) {
      for (const replacement of replacements) values.push(path.length === 0 ? replacement : changed(base, path, (parent, key) => (parent[key] = structuredClone(replacement))))
      if (path.length > 0) values.push(changed(base, path, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key])))
      const target = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], base)
      if (typeof target === 'object' && target !== null && !Array.isArray(target)) values.push(path.length === 0 ? { ...target, stray: 1 } : changed(base, path, (parent, key) => (parent[key] = { ...(parent[key] as object), stray: 1 })))
    }
  }
  return values
}
