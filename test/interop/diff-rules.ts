import type { CatalogTool } from '../../src/runtime/catalog.js'
import type { JsonSchema } from '../../src/runtime/types.js'

/** A minimal tool `t` with the given parameter properties (all required unless listed in `optional`). */
export function toolWith(properties: Record<string, JsonSchema>, extra: Partial<CatalogTool> & { optional?: string[] } = {}): CatalogTool {
  const { optional = [], ...rest } = extra
  const required = Object.keys(properties).filter((name) => !optional.includes(name))
  return {
    name: 't',
    parameters: { type: 'object', properties, required, additionalProperties: false },
    source: { module: 'tools/t.ts', export: 't' },
    hash: 'sha256-unchecked',
    ...rest,
  }
}

const n = (schema: JsonSchema = {}) => toolWith({ n: { type: 'number', ...schema } })
const s = (schema: JsonSchema = {}) => toolWith({ s: { type: 'string', ...schema } })
const out = (output: JsonSchema) => toolWith({}, { output })
const ann = (annotations: CatalogTool['annotations']) => toolWith({}, { annotations })
const viaRef = (type: string): CatalogTool => {
  const base = toolWith({ v: { $ref: '#/$defs/V' } })
  return { ...base, parameters: { ...base.parameters, $defs: { V: { type } } } }
}
const tree = (defName: string): CatalogTool => {
  const base = toolWith({ root: { $ref: `#/$defs/${defName}` } })
  const node = { type: 'object', properties: { kids: { type: 'array', items: { $ref: `#/$defs/${defName}` } } } }
  return { ...base, parameters: { ...base.parameters, $defs: { [defName]: node } } }
}

/** One rule of `toolcat diff`: a minimal old/new pair and the one change it must produce. */
export interface DiffRule {
  readonly rule: string
  readonly old: CatalogTool[]
  readonly next: CatalogTool[]
  readonly expected: { kind: string; class: 'breaking' | 'compatible'; path: string }[]
}

const one = (rule: string, old: CatalogTool, next: CatalogTool, kind: string, cls: 'breaking' | 'compatible', path: string): DiffRule => ({
  rule, old: [old], next: [next], expected: [{ kind, class: cls, path }],
})

/** Every classification rule, breaking first. */
export const diffRules: DiffRule[] = [
  { rule: 'tool removed', old: [n()], next: [], expected: [{ kind: 'tool-removed', class: 'breaking', path: '' }] },
  one('new required parameter', toolWith({}), toolWith({ q: { type: 'string' } }), 'required-property-added', 'breaking', 'parameters.q'),
  one('type narrowed', n(), toolWith({ n: { type: 'integer' } }), 'type-narrowed', 'breaking', 'parameters.n'),
  one('type changed', n(), toolWith({ n: { type: 'string' } }), 'type-changed', 'breaking', 'parameters.n'),
  one('enum value removed', s({ enum: ['a', 'b'] }), s({ enum: ['a'] }), 'enum-value-removed', 'breaking', 'parameters.s'),
  one('enum introduced', s(), s({ enum: ['a'] }), 'enum-added', 'breaking', 'parameters.s'),
  one('property removed from a closed object', toolWith({ a: { type: 'string' } }, { optional: ['a'] }), toolWith({}), 'property-removed', 'breaking', 'parameters.a'),
  one('minimum raised', n({ minimum: 0 }), n({ minimum: 1 }), 'constraint-tightened', 'breaking', 'parameters.n'),
  one('maximum lowered', n({ maximum: 10 }), n({ maximum: 9 }), 'constraint-tightened', 'breaking', 'parameters.n'),
  one('maximum added', n(), n({ maximum: 9 }), 'constraint-tightened', 'breaking', 'parameters.n'),
  one('maxLength lowered', s({ maxLength: 10 }), s({ maxLength: 5 }), 'constraint-tightened', 'breaking', 'parameters.s'),
  one('minItems raised', toolWith({ l: { type: 'array', minItems: 0 } }), toolWith({ l: { type: 'array', minItems: 2 } }), 'constraint-tightened', 'breaking', 'parameters.l'),
  one('pattern added', s(), s({ pattern: '^a' }), 'constraint-tightened', 'breaking', 'parameters.s'),
  one('pattern changed', s({ pattern: '^a' }), s({ pattern: '^b' }), 'constraint-changed', 'breaking', 'parameters.s'),
  one('format added', s(), s({ format: 'email' }), 'constraint-tightened', 'breaking', 'parameters.s'),
  one('uniqueItems added', toolWith({ l: { type: 'array' } }), toolWith({ l: { type: 'array', uniqueItems: true } }), 'constraint-tightened', 'breaking', 'parameters.l'),
  one('multipleOf added', n(), n({ multipleOf: 2 }), 'constraint-tightened', 'breaking', 'parameters.n'),
  one('optional became required', toolWith({ a: { type: 'string' } }, { optional: ['a'] }), toolWith({ a: { type: 'string' } }), 'optional-to-required', 'breaking', 'parameters.a'),
  one('object closed', toolWith({ m: { type: 'object' } }), toolWith({ m: { type: 'object', additionalProperties: false } }), 'object-closed', 'breaking', 'parameters.m'),
  one('union alternative removed', toolWith({ u: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } }), toolWith({ u: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), 'variant-removed', 'breaking', 'parameters.u'),
  one('type narrowed behind a $ref', viaRef('number'), viaRef('integer'), 'type-narrowed', 'breaking', 'parameters.v'),
  one('output widened', out({ type: 'integer' }), out({ type: 'number' }), 'type-widened', 'breaking', 'output'),
  one('output enum value added', out({ enum: ['a'] }), out({ enum: ['a', 'b'] }), 'enum-value-added', 'breaking', 'output'),
  one('required output property removed', out({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }), out({ type: 'object', properties: {} }), 'property-removed', 'breaking', 'output.id'),
  one('output schema dropped', out({ type: 'string' }), toolWith({}), 'type-widened', 'breaking', 'output'),
  one('pure flipped off', ann({ pure: true }), ann({ pure: false }), 'annotation-changed', 'breaking', 'annotations.pure'),
  one('consequential flipped on', ann({}), ann({ consequential: true }), 'annotation-changed', 'breaking', 'annotations.consequential'),
  one('untrusted flipped on', ann({ untrusted: false }), ann({ untrusted: true }), 'annotation-changed', 'breaking', 'annotations.untrusted'),
  one('result became streamed', out({ type: 'string' }), toolWith({}, { output: { type: 'string' }, stream: true }), 'stream-changed', 'breaking', 'stream'),

  { rule: 'tool added', old: [], next: [n()], expected: [{ kind: 'tool-added', class: 'compatible', path: '' }] },
  one('optional parameter added', toolWith({}), toolWith({ a: { type: 'string' } }, { optional: ['a'] }), 'optional-property-added', 'compatible', 'parameters.a'),
  one('type widened', toolWith({ n: { type: 'integer' } }), n(), 'type-widened', 'compatible', 'parameters.n'),
  one('null accepted', s(), toolWith({ s: { type: ['string', 'null'] } }), 'type-widened', 'compatible', 'parameters.s'),
  one('enum value added', s({ enum: ['a'] }), s({ enum: ['a', 'b'] }), 'enum-value-added', 'compatible', 'parameters.s'),
  one('minimum lowered', n({ minimum: 1 }), n({ minimum: 0 }), 'constraint-loosened', 'compatible', 'parameters.n'),
  one('maxLength raised', s({ maxLength: 5 }), s({ maxLength: 10 }), 'constraint-loosened', 'compatible', 'parameters.s'),
  one('pattern removed', s({ pattern: '^a' }), s(), 'constraint-loosened', 'compatible', 'parameters.s'),
  one('multipleOf relaxed to a divisor', n({ multipleOf: 10 }), n({ multipleOf: 5 }), 'constraint-loosened', 'compatible', 'parameters.n'),
  one('required became optional', toolWith({ a: { type: 'string' } }), toolWith({ a: { type: 'string' } }, { optional: ['a'] }), 'required-to-optional', 'compatible', 'parameters.a'),
  one('property removed from an open object', toolWith({ m: { type: 'object', properties: { x: { type: 'string' } } } }), toolWith({ m: { type: 'object', properties: {} } }), 'property-removed', 'compatible', 'parameters.m.x'),
  one('union alternative added', toolWith({ u: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), toolWith({ u: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } }), 'variant-added', 'compatible', 'parameters.u'),
  one('tool description changed', toolWith({}, { description: 'old' }), toolWith({}, { description: 'new' }), 'description-changed', 'compatible', 'description'),
  one('tool title changed', toolWith({}, { title: 'Old' }), toolWith({}, { title: 'New' }), 'title-changed', 'compatible', 'title'),
  one('parameter description changed', s({ description: 'old' }), s({ description: 'new' }), 'description-changed', 'compatible', 'parameters.s'),
  one('output narrowed', out({ type: 'number' }), out({ type: 'integer' }), 'type-narrowed', 'compatible', 'output'),
  one('output property added', out({ type: 'object', properties: {} }), out({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }), 'required-property-added', 'compatible', 'output.id'),
  one('pure flipped on', ann({}), ann({ pure: true }), 'annotation-changed', 'compatible', 'annotations.pure'),
  one('consequential flipped off', ann({ consequential: true }), ann({}), 'annotation-changed', 'compatible', 'annotations.consequential'),
  { rule: 'a renamed $defs entry with the same shape', old: [tree('Node')], next: [tree('TreeNode')], expected: [] },
]
