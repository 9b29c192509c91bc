import fc from 'fast-check'

/** A JSON-only TypeScript type, small enough to generate values that fit it and values that do not. */
export type TypeSpec =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'null' }
  | { readonly kind: 'literals'; readonly values: readonly string[] }
  | { readonly kind: 'array'; readonly item: TypeSpec }
  | { readonly kind: 'object'; readonly props: readonly PropSpec[] }

/** One property of an object type. */
export interface PropSpec {
  readonly name: string
  readonly optional: boolean
  readonly spec: TypeSpec
}

type ObjectSpec = Extract<TypeSpec, { kind: 'object' }>

const propName = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}$/)

/** Object types nesting scalars, string-literal unions, arrays and objects, up to a few levels. */
export const objectSpec: fc.Arbitrary<ObjectSpec> = fc.letrec<{ spec: TypeSpec; object: ObjectSpec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...(['string', 'number', 'boolean', 'null'] as const)).map((kind) => ({ kind })),
    fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }).map((values) => ({ kind: 'literals' as const, values })),
    tie('spec').map((item) => ({ kind: 'array' as const, item })),
    tie('object'),
  ),
  object: fc
    .uniqueArray(fc.record({ name: propName, optional: fc.boolean(), spec: tie('spec') }), { maxLength: 4, selector: (prop) => prop.name })
    .map((props) => ({ kind: 'object' as const, props })),
})).object

/** The TypeScript text of a spec. */
export function typeText(spec: TypeSpec): string {
  switch (spec.kind) {
    case 'literals':
      return spec.values.map((value) => JSON.stringify(value)).join(' | ')
    case 'array':
      return `Array<${typeText(spec.item)}>`
    case 'object':
      return `{ ${spec.props.map((prop) => `${prop.name}${prop.optional ? '?' : ''}: ${typeText(prop.spec)}`).join('; ')} }`
    default:
      return spec.kind
  }
}

/** Values of the type, as JSON. */
export function valueOf(spec: TypeSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'string':
      return fc.string()
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'literals':
      return fc.constantFrom(...spec.values)
    case 'array':
      return fc.array(valueOf(spec.item), { maxLength: 3 })
    case 'object': {
      const shape = Object.fromEntries(spec.props.map((prop) => [prop.name, valueOf(prop.spec)]))
      return fc.record(shape, { requiredKeys: spec.props.filter((prop) => !prop.optional).map((prop) => prop.name) })
    }
  }
}

/**
 * A copy of `value` (which fits `spec`) moved out of the type: `choice` picks a required property to
 * break — descending into nested objects — or adds an undeclared key.
 */
export function mutate(spec: ObjectSpec, value: Record<string, unknown>, choice: number): Record<string, unknown> {
  const required = spec.props.filter((prop) => !prop.optional)
  const target = required[choice % (required.length + 1)]
  if (target === undefined) return { ...value, undeclaredKey: 'extra' }
  const inner = value[target.name]
  const broken = target.spec.kind === 'object' ? mutate(target.spec, inner as Record<string, unknown>, Math.floor(choice / 7)) : outside(target.spec)
  return { ...value, [target.name]: broken }
}

/** A value no instance of the (non-object) spec can equal. */
function outside(spec: TypeSpec): unknown {
  switch (spec.kind) {
    case 'string':
    case 'null':
      return 0
    case 'number':
    case 'boolean':
      return 'not a value of the type'
    case 'literals':
      // Longer than any single literal, so equal to none of them.
      return `${spec.values.join('')}!`
    default:
      return { notAnArray: true }
  }
}
