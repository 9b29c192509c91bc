import { codes } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import { admits, type JsonType } from './admitted.js'
import type { Annotation, AnnotationProblem } from './annotations.js'
import { Ref, type Ir } from './ir.js'

/** The JSON type a constraint keyword applies to; other keywords (description, default…) fit any type. */
const appliesTo: Readonly<Record<string, JsonType>> = {
  minimum: 'number', maximum: 'number', exclusiveMinimum: 'number', exclusiveMaximum: 'number', multipleOf: 'number',
  minLength: 'string', maxLength: 'string', pattern: 'string', format: 'string',
  minItems: 'array', maxItems: 'array', uniqueItems: 'array',
  minProperties: 'object', maxProperties: 'object',
}

/**
 * The keywords of an annotation that the schema `target` can take. A constraint on a type it cannot
 * apply to (`@minLength` on a number) is a warning and left out; `@integer` turns the `number` of the
 * target's `type` into `integer`; `@nullable` on a type without `null` is a warning.
 */
export function fittingKeywords<N>(annotation: Annotation<N>, target: Ir<N>, concrete: JsonSchema | undefined, report: (problem: AnnotationProblem) => void): Record<string, unknown> {
  const keywords: Record<string, unknown> = {}
  for (const [keyword, value] of Object.entries(annotation.keywords)) {
    const type = appliesTo[keyword]
    if (type !== undefined && !admits(target, type)) {
      const shown = keyword === 'format' ? `@format ${String(value)}` : `@${keyword}`
      report({ code: codes.annotation, severity: 'warning', message: `${shown} does not apply to ${describe(target)} (it constrains ${type}s); left out`, hint: 'move the tag to a property of that type, or remove it' })
    } else {
      keywords[keyword] = value
    }
  }
  // The schema says what the type says: `@nullable` cannot add `null` to a type without it (the
  // registry would hand the handler a value outside its type), so it is a warning with the fix.
  if (annotation.nullable === true && !admits(target, 'null')) {
    report({ code: codes.annotation, severity: 'warning', message: `@nullable does not apply to ${describe(target)}: the type does not admit null, and the schema follows the type; left out`, hint: 'write `| null` in the type to accept null' })
  }
  if (annotation.integer) {
    const integer = integerType(concrete)
    if (integer === undefined) report({ code: codes.annotation, severity: 'warning', message: `@integer does not apply to ${describe(target)} (it constrains numbers); left out`, hint: 'put it on a `number` property' })
    else keywords['type'] = integer
  }
  return keywords
}

/** `type` with `number` made `integer`, when the schema's own `type` names `number`. */
function integerType(schema: JsonSchema | undefined): unknown {
  const type = schema?.['type']
  if (type === 'number' || type === 'integer') return 'integer'
  if (Array.isArray(type) && type.includes('number')) return type.map((name) => (name === 'number' ? 'integer' : name))
  return undefined
}

/** The kind of value a schema under construction admits, for messages. */
function describe(target: unknown): string {
  const types = (['string', 'number', 'boolean', 'null', 'array', 'object'] as const).filter((type) => admits(target, type))
  if (types.length === 0) return 'a type with no value'
  return types.length === 1 ? `${types[0] === 'array' || types[0] === 'object' ? 'an' : 'a'} ${types[0]}` : types.join(' | ')
}

/** A reference over the same target with the default and example keywords taken out. */
export function withoutValues<N>(ref: Ref<N>): Ref<N> {
  const { default: _default, examples: _examples, ...rest } = ref.annotations ?? {}
  return new Ref(ref.target, [], undefined, rest)
}
