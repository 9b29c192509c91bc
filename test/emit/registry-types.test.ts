import { expect, test } from 'vitest'
import { generateRegistryTypes } from '../../src/emit/registry/registry-types.js'
import type { Catalog } from '../../src/runtime/catalog.js'

const tree = {
  name: 'walk-tree',
  parameters: {
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' } },
    required: ['root'],
    additionalProperties: false,
    $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['label'] } },
  },
  output: { type: 'string' },
  stream: true,
  source: { module: 'tools/tree.ts', export: 'walk' },
  hash: 'sha256-t',
} as const
const catalog: Catalog = { catalogVersion: 1, generator: { name: 'toolcat', version: '0.0.0' }, tools: [tree], hash: 'sha256-c' }

test('recursive $defs become named aliases; a streaming result is the array of its chunks, each chunk typed', () => {
  const types = generateRegistryTypes(catalog)
  expect(types).toContain('  "walk-tree": { args: { root: walk_tree$args$Node }; result: readonly string[]; chunk: string }\n')
  expect(types).toContain('type walk_tree$args$Node = { label: string; children?: readonly walk_tree$args$Node[] }\n')
  expect(types).toContain('export declare function createRegistry(options?: RegistryOptions): Registry\n')
})
