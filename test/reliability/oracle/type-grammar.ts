import fc from 'fast-check'

/**
 * A grammar of the TypeScript types users write for tool parameters, as data fast-check can
 * generate and shrink, rendered to source text. Only JSON-shaped types: what the build refuses
 * (`Date`, functions, `bigint`) is the other property test's business. `undefined` is written only
 * in optional members (JSON has no `undefined`; see the comparison rules in the oracle test).
 */
export type TypeSpec =
  | { readonly k: 'primitive'; readonly name: 'string' | 'number' | 'boolean' | 'null' }
  | { readonly k: 'literal'; readonly value: string | number | boolean }
  | { readonly k: 'enum'; readonly numeric: boolean; readonly values: readonly (string | number)[]; readonly member: number | undefined }
  | { readonly k: 'union'; readonly of: readonly TypeSpec[] }
  | { readonly k: 'tagged'; readonly tags: readonly string[]; readonly bodies: readonly ObjectSpec[] }
  | { readonly k: 'intersection'; readonly of: readonly ObjectSpec[] }
  | { readonly k: 'array'; readonly item: TypeSpec; readonly style: ArrayStyle }
  | { readonly k: 'tuple'; readonly elements: readonly TupleElement[]; readonly rest: TypeSpec | undefined; readonly labelled: boolean; readonly readonly: boolean }
  | ObjectSpec
  | { readonly k: 'record'; readonly keys: readonly string[] | 'string'; readonly value: TypeSpec; readonly partial: boolean }
  | { readonly k: 'modifier'; readonly op: 'Partial' | 'Required' | 'Readonly'; readonly of: ObjectSpec }
  | { readonly k: 'select'; readonly op: 'Pick' | 'Omit'; readonly of: ObjectSpec; readonly keys: readonly number[] }
  | { readonly k: 'nonNullable'; readonly of: TypeSpec }
  | { readonly k: 'filter'; readonly op: 'Exclude' | 'Extract'; readonly of: readonly TypeSpec[]; readonly by: readonly number[] | 'string' | 'number' | 'object' }
  | { readonly k: 'mapped'; readonly of: ObjectSpec; readonly modifiers: MappedModifiers; readonly remap: 'none' | 'prefix' | 'drop-first'; readonly value: 'same' | 'nullable' | 'array' }
  | { readonly k: 'keyof'; readonly of: ObjectSpec }
  | { readonly k: 'indexed'; readonly of: ObjectSpec; readonly key: number }
  | { readonly k: 'template'; readonly head: string; readonly hole: TemplateHole; readonly then: { readonly text: string; readonly hole: TemplateHole } | undefined; readonly tail: string }
  | { readonly k: 'generic'; readonly wrapper: 'Box' | 'Maybe' | 'Pair' | 'Wrap'; readonly args: readonly TypeSpec[] }

/** What a template literal's placeholder holds. */
export type TemplateHole = 'string' | 'number' | 'bigint' | 'boolean' | readonly string[]

/** An object type: written inline, as an interface (possibly extending another), or as a data class. */
export interface ObjectSpec {
  readonly k: 'object'
  readonly props: readonly PropSpec[]
  readonly index: TypeSpec | undefined
  readonly form: 'literal' | 'interface' | 'class'
  readonly base: ObjectSpec | undefined
}

/** One member of an object type. */
export interface PropSpec {
  readonly name: string
  readonly optional: boolean
  readonly readonly: boolean
  readonly nullable: boolean
  readonly spec: TypeSpec
  /**
   * A class field only: initialised (`size = 1`, `kind = E1.M0`) where its type is a primitive, a
   * literal or an enum, which makes the value its default (see the oracle test's rule 7).
   */
  readonly initialised?: boolean
}

/** One element of a tuple. */
export interface TupleElement {
  readonly spec: TypeSpec
  readonly optional: boolean
}

export type ArrayStyle = 'T[]' | 'Array<T>' | 'readonly T[]' | 'ReadonlyArray<T>'

/** `readonly` and `?` of a mapped type: added, removed or kept. */
export interface MappedModifiers {
  readonly readonly: '' | '+' | '-'
  readonly optional: '' | '+' | '-'
}

/** Property names: few, so members of unions and intersections share some. */
const NAMES = ['a', 'b', 'id', 'kind', 'size', 'x'] as const
/** Keys the grammar never declares: the oracle adds them as undeclared keys. */
export const UNDECLARED_KEYS = ['zz', 'extra_key'] as const

const text = fc.constantFrom('', 'a', 'b', 'ok', 'down', 'px', 'A-1', ' ', '0', 'true', 'x y')
const literalValue = fc.oneof(text, fc.constantFrom(0, 1, -2, 3.5, 100), fc.boolean())

const templateHole: fc.Arbitrary<TemplateHole> = fc.oneof(fc.constantFrom('string', 'number', 'bigint', 'boolean'), fc.uniqueArray(fc.constantFrom('a', 'b', 'eu'), { minLength: 1, maxLength: 2 }))

const props = (spec: fc.Arbitrary<TypeSpec>) =>
  fc.uniqueArray(fc.record({ name: fc.constantFrom(...NAMES), optional: fc.boolean(), readonly: fc.boolean(), nullable: fc.boolean(), spec, initialised: fc.boolean() }), { minLength: 1, maxLength: 4, selector: (prop) => prop.name })

/** Type specs up to a few levels deep. */
export const typeSpec: fc.Arbitrary<TypeSpec> = fc.letrec<{ type: TypeSpec; object: ObjectSpec; plainObject: ObjectSpec }>((tie) => {
  const type = tie('type')
  const object = tie('object')
  return {
    type: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('string', 'number', 'boolean', 'null').map((name) => ({ k: 'primitive', name }) as const),
      literalValue.map((value) => ({ k: 'literal', value }) as const),
      fc.boolean().chain((numeric) =>
        fc.record({
          k: fc.constant('enum' as const),
          numeric: fc.constant(numeric),
          values: numeric ? fc.uniqueArray(fc.constantFrom(0, 1, 2, 5, 10), { minLength: 1, maxLength: 3 }) : fc.uniqueArray(fc.constantFrom('a', 'b', 'on', 'off', 'x-y'), { minLength: 1, maxLength: 3 }),
          member: fc.option(fc.nat(2), { nil: undefined }),
        }),
      ),
      fc.array(type, { minLength: 2, maxLength: 3 }).map((of) => ({ k: 'union', of }) as const),
      fc.uniqueArray(fc.constantFrom('circle', 'square', 'line'), { minLength: 2, maxLength: 3 }).chain((tags) =>
        fc.array(tie('plainObject'), { minLength: tags.length, maxLength: tags.length }).map((bodies) => ({ k: 'tagged', tags, bodies }) as const),
      ),
      fc.array(object, { minLength: 2, maxLength: 2 }).map((of) => ({ k: 'intersection', of }) as const),
      fc.record({ k: fc.constant('array' as const), item: type, style: fc.constantFrom<ArrayStyle>('T[]', 'Array<T>', 'readonly T[]', 'ReadonlyArray<T>') }),
      fc.record({
        k: fc.constant('tuple' as const),
        elements: fc.array(fc.record({ spec: type, optional: fc.boolean() }), { maxLength: 3 }),
        rest: fc.option(type, { nil: undefined }),
        labelled: fc.boolean(),
        readonly: fc.boolean(),
      }),
      object,
      fc.record({
        k: fc.constant('record' as const),
        keys: fc.oneof(fc.constant('string' as const), fc.uniqueArray(fc.constantFrom('b', 'a', 'eu-west', 'us', '1'), { minLength: 1, maxLength: 3 })),
        value: type,
        partial: fc.boolean(),
      }),
      fc.record({ k: fc.constant('modifier' as const), op: fc.constantFrom('Partial', 'Required', 'Readonly'), of: object }),
      fc.record({ k: fc.constant('select' as const), op: fc.constantFrom('Pick', 'Omit'), of: object, keys: fc.uniqueArray(fc.nat(3), { maxLength: 2 }) }),
      fc.record({ k: fc.constant('nonNullable' as const), of: type }),
      fc.record({
        k: fc.constant('filter' as const),
        op: fc.constantFrom('Exclude', 'Extract'),
        of: fc.array(type, { minLength: 2, maxLength: 3 }),
        by: fc.oneof(fc.constantFrom('string', 'number', 'object'), fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 2 })),
      }),
      fc.record({
        k: fc.constant('mapped' as const),
        of: object,
        modifiers: fc.record({ readonly: fc.constantFrom('', '+', '-'), optional: fc.constantFrom('', '+', '-') }),
        remap: fc.constantFrom('none', 'prefix', 'drop-first'),
        value: fc.constantFrom('same', 'nullable', 'array'),
      }),
      fc.record({ k: fc.constant('keyof' as const), of: object }),
      fc.record({ k: fc.constant('indexed' as const), of: object, key: fc.nat(3) }),
      fc.record({
        k: fc.constant('template' as const),
        head: fc.constantFrom('', 'id-', 'v'),
        hole: templateHole,
        // A second placeholder after a delimiter (or none: then the first takes one character), as TypeScript reads it lazily.
        then: fc.option(fc.record({ text: fc.constantFrom('', '-', 'x', '.', '--', 'aa'), hole: templateHole }), { nil: undefined, freq: 2 }),
        tail: fc.constantFrom('', 'px', '-x'),
      }),
      fc.oneof(
        fc.record({ k: fc.constant('generic' as const), wrapper: fc.constantFrom('Box', 'Maybe', 'Wrap'), args: fc.tuple(type) }),
        fc.record({ k: fc.constant('generic' as const), wrapper: fc.constant('Pair' as const), args: fc.tuple(type, type) }),
      ),
    ),
    object: fc.record({
      k: fc.constant('object' as const),
      props: props(type),
      index: fc.option(type, { nil: undefined, freq: 6 }),
      form: fc.constantFrom('literal', 'interface', 'class'),
      base: fc.option(tie('plainObject'), { nil: undefined, freq: 5 }),
    }).map((spec) => normaliseObject(spec)),
    plainObject: fc.record({ k: fc.constant('object' as const), props: props(type), index: fc.constant(undefined), form: fc.constant('literal' as const), base: fc.constant(undefined) }),
  }
}).type

/**
 * What TypeScript itself refuses to declare is not generated: a class has no index signature here
 * (and extends nothing), an index signature's value type must admit every member's type, so a
 * spec with one has required members of that type only (an optional one would need `| undefined`).
 */
function normaliseObject(spec: ObjectSpec): ObjectSpec {
  if (spec.form === 'class') return { ...spec, index: undefined, base: undefined }
  if (spec.index === undefined) return spec
  const index = spec.index
  return { ...spec, base: undefined, props: spec.props.map((prop) => ({ ...prop, optional: false, nullable: false, spec: index })) }
}

/** How a type is rendered: for the tool (enums as enums) or for the oracle (string enums as the literal unions of their values, as JSON carries them). */
export type Mode = 'tool' | 'oracle'

/** The declarations a rendering needs, and a counter for their names. */
class Declarations {
  readonly lines: string[] = []
  /** The enum each enum spec is declared as: a spec written twice (an index signature's, copied to its members) names one enum, as enums are nominal. */
  readonly enums = new Map<TypeSpec, string>()
  #next = 0
  constructor(readonly mode: Mode) {}
  name(prefix: string): string {
    return `${prefix}${++this.#next}`
  }
}

/** The generic wrappers every module declares (the `Box<T>` the grammar refers to). */
export const GENERIC_PRELUDE = [
  '/** A boxed value. */',
  'type Box<T> = { boxed: T; note?: string }',
  'type Maybe<T> = T | null',
  'type Pair<A, B> = [first: A, second?: B]',
  'interface Wrap<T> { item: T; items: T[] }',
].join('\n')

/** The source of a spec: declarations (one per line, names unique within the rendering) and the type expression. */
export function renderType(spec: TypeSpec, mode: Mode): { declarations: string; type: string } {
  const declarations = new Declarations(mode)
  const type = render(spec, declarations)
  return { declarations: declarations.lines.join('\n'), type }
}

const literalText = (value: string | number | boolean) => (typeof value === 'string' ? JSON.stringify(value) : String(value))

function render(spec: TypeSpec, out: Declarations): string {
  switch (spec.k) {
    case 'primitive':
      return spec.name
    case 'literal':
      return literalText(spec.value)
    case 'enum':
      return renderEnum(spec, out)
    case 'union':
      return spec.of.map((member) => `(${render(member, out)})`).join(' | ')
    case 'tagged':
      return spec.tags.map((tag, index) => renderObjectLiteral({ ...(spec.bodies[index] as ObjectSpec), props: [{ name: 'kind', optional: false, readonly: false, nullable: false, spec: { k: 'literal', value: tag } }, ...(spec.bodies[index] as ObjectSpec).props.filter((prop) => prop.name !== 'kind')] }, out)).join(' | ')
    case 'intersection':
      return spec.of.map((member) => `(${render(member, out)})`).join(' & ')
    case 'array': {
      const item = render(spec.item, out)
      return spec.style === 'T[]' ? `(${item})[]` : spec.style === 'readonly T[]' ? `readonly (${item})[]` : spec.style.replace('T', item)
    }
    case 'tuple': {
      const elements = spec.elements.map((element, index) => {
        // An optional element after a required one only: TypeScript refuses a required element after an optional one.
        const optional = element.optional && spec.elements.slice(index + 1).every((later) => later.optional)
        const type = render(element.spec, out)
        return spec.labelled ? `e${index}${optional ? '?' : ''}: ${type}` : `(${type})${optional ? '?' : ''}`
      })
      if (spec.rest !== undefined) elements.push(spec.labelled ? `...rest: (${render(spec.rest, out)})[]` : `...(${render(spec.rest, out)})[]`)
      return `${spec.readonly ? 'readonly ' : ''}[${elements.join(', ')}]`
    }
    case 'object':
      return renderObject(spec, out)
    case 'record': {
      const keys = spec.keys === 'string' ? 'string' : spec.keys.map((key) => JSON.stringify(key)).join(' | ')
      const record = `Record<${keys}, ${render(spec.value, out)}>`
      return spec.partial ? `Partial<${record}>` : record
    }
    case 'modifier':
      return `${spec.op}<${render(spec.of, out)}>`
    case 'select': {
      const names = keysOf(spec.of)
      let picked = [...new Set(spec.keys.map((index) => names[index % Math.max(1, names.length)]).filter((name) => name !== undefined))]
      // Never an object type of no member (see the comparison rules): Pick takes one key at least, Omit leaves one.
      if (spec.op === 'Pick' && picked.length === 0) picked = names.slice(0, 1)
      if (spec.op === 'Omit' && picked.length === names.length) picked = picked.slice(1)
      return `${spec.op}<${render(spec.of, out)}, ${picked.length === 0 ? 'never' : picked.map((name) => JSON.stringify(name)).join(' | ')}>`
    }
    case 'nonNullable':
      return `NonNullable<(${render(spec.of, out)}) | null>`
    case 'filter': {
      const members = spec.of.map((member) => `(${render(member, out)})`)
      const alias = out.name('U')
      out.lines.push(`type ${alias} = ${members.join(' | ')}`)
      const by = typeof spec.by === 'string' ? spec.by : [...new Set(spec.by.map((index) => members[index % members.length]))].join(' | ')
      return `${spec.op}<${alias}, ${by}>`
    }
    case 'mapped': {
      const source = render(spec.of, out)
      const alias = out.name('M')
      out.lines.push(`type ${alias} = ${source}`)
      const { readonly, optional } = spec.modifiers
      const remap = spec.remap === 'drop-first' && keysOf(spec.of).length < 2 ? 'none' : spec.remap
      const key = remap === 'prefix' ? ' as `get_${K & string}`' : remap === 'drop-first' ? ` as Exclude<K, ${JSON.stringify(keysOf(spec.of)[0] ?? 'a')}>` : ''
      const value = spec.value === 'same' ? `${alias}[K]` : spec.value === 'nullable' ? `${alias}[K] | null` : `${alias}[K][]`
      return `{ ${readonly === '' ? '' : `${readonly}readonly `}[K in keyof ${alias}${key}]${optional === '' ? '' : `${optional}?`}: ${value} }`
    }
    case 'keyof': {
      const alias = out.name('K')
      out.lines.push(`type ${alias} = ${render(spec.of, out)}`)
      return `keyof ${alias}`
    }
    case 'indexed': {
      const required = requiredKeysOf(spec.of)
      const alias = out.name('X')
      out.lines.push(`type ${alias} = ${render(spec.of, out)}`)
      const key = required[spec.key % Math.max(1, required.length)]
      return key === undefined ? `${alias}[never]` : `${alias}[${JSON.stringify(key)}]`
    }
    case 'template': {
      const hole = (of: TemplateHole) => `\${${typeof of === 'string' ? of : of.map((value) => JSON.stringify(value)).join(' | ')}}`
      return `\`${spec.head}${hole(spec.hole)}${spec.then === undefined ? '' : spec.then.text + hole(spec.then.hole)}${spec.tail}\``
    }
    case 'generic':
      return `${spec.wrapper}<${spec.args.map((arg) => render(arg, out)).join(', ')}>`
  }
}

function renderEnum(spec: Extract<TypeSpec, { k: 'enum' }>, out: Declarations): string {
  const members = spec.values.map((value, index) => ({ key: `M${index}`, value }))
  const chosen = spec.member === undefined ? undefined : members[spec.member % members.length]
  const declared = out.enums.get(spec)
  if (declared !== undefined) return chosen === undefined ? declared : `${declared}.${chosen.key}`
  const name = out.name('E')
  // TypeScript takes a number for a numeric enum by its value, so the oracle keeps a numeric enum as
  // written, and with it what conditional types make of it (`number extends E.M1` holds, where
  // `number extends 1` does not); a string enum takes no string, so it is asked about as its values.
  if (out.mode === 'oracle' && !spec.numeric) return (chosen === undefined ? members : [chosen]).map(({ value }) => literalText(value)).join(' | ')
  out.lines.push(`enum ${name} { ${members.map(({ key, value }) => `${key} = ${literalText(value)}`).join(', ')} }`)
  out.enums.set(spec, name)
  return chosen === undefined ? name : `${name}.${chosen.key}`
}

/** A member's line; an optional one also writes `| undefined` (as many users do), except beside an index signature, which TypeScript then refuses. */
function propLine(prop: PropSpec, out: Declarations, field = false, indexed = false): string {
  const type = render(prop.spec, out)
  const initial = field && prop.initialised === true ? initialiser(prop.spec, type, out.mode) : undefined
  const optional = prop.optional ? '?' : field && initial === undefined ? '!' : ''
  return `${prop.readonly ? 'readonly ' : ''}${JSON.stringify(prop.name)}${optional}: (${type})${prop.nullable ? ' | null' : ''}${prop.optional && !indexed ? ' | undefined' : ''}${initial === undefined ? '' : ` = ${initial}`}`
}

/**
 * A class field's initialiser for a value of `spec` (rendered as `type`): a literal, a primitive's
 * simplest value, or an enum's member (its value where the oracle asks about a string enum's
 * values); undefined for other types, which are left uninitialised.
 */
function initialiser(spec: TypeSpec, type: string, mode: Mode): string | undefined {
  switch (spec.k) {
    case 'literal':
      return literalText(spec.value)
    case 'primitive':
      return { string: '"a"', number: '1', boolean: 'true', null: 'null' }[spec.name]
    case 'enum': {
      const value = spec.values[spec.member === undefined ? 0 : spec.member % spec.values.length] as string | number
      if (mode === 'oracle' && !spec.numeric) return literalText(value)
      return type.includes('.') ? type : `${type}.M${spec.values.indexOf(value)}`
    }
    default:
      return undefined
  }
}

/** The defaults a spec's class fields are initialised with, as `name=JSON`: what the registry may add to a value (rule 7). */
export function initialisedDefaults(spec: TypeSpec): Set<string> {
  const found = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== 'object' || node === null) return
    const object = node as Partial<ObjectSpec>
    if (object.k === 'object' && object.form === 'class') {
      for (const prop of object.props ?? []) {
        if (prop.initialised !== true || initialiser(prop.spec, 'E', 'tool') === undefined) continue
        const spec = prop.spec
        const value = spec.k === 'literal' ? spec.value : spec.k === 'enum' ? spec.values[spec.member === undefined ? 0 : spec.member % spec.values.length] : spec.k === 'primitive' ? { string: 'a', number: 1, boolean: true, null: null }[spec.name] : undefined
        found.add(`${prop.name}=${JSON.stringify(value)}`)
      }
    }
    for (const child of Object.values(node)) visit(child)
  }
  visit(spec)
  return found
}

function renderObjectLiteral(spec: ObjectSpec, out: Declarations): string {
  const members = spec.props.map((prop) => propLine(prop, out, false, spec.index !== undefined))
  if (spec.index !== undefined) members.push(`[key: string]: ${render(spec.index, out)}`)
  return `{ ${members.join('; ')} }`
}

function renderObject(spec: ObjectSpec, out: Declarations): string {
  if (spec.form === 'literal' && spec.base === undefined) return renderObjectLiteral(spec, out)
  if (spec.form === 'class') {
    const name = out.name('C')
    const fields = spec.props.map((prop) => `  ${propLine(prop, out, true)}`)
    out.lines.push(`class ${name} {\n${fields.join('\n')}\n}`)
    return name
  }
  const name = out.name('I')
  let heritage = ''
  if (spec.base !== undefined) {
    const base = out.name('I')
    out.lines.push(`interface ${base} ${renderObjectLiteral(spec.base, out)}`)
    heritage = ` extends ${base}`
  }
  // Members the base declares too must agree with it: the interface redeclares none of them.
  const own = spec.base === undefined ? spec : { ...spec, props: spec.props.filter((prop) => !spec.base?.props.some((inherited) => inherited.name === prop.name)) }
  out.lines.push(`interface ${name}${heritage} ${renderObjectLiteral(own, out)}`)
  return name
}

/** The keys an object spec declares, in written order (the base's first). */
export function keysOf(spec: ObjectSpec): string[] {
  const own = spec.props.map((prop) => prop.name)
  const inherited = spec.base !== undefined ? spec.base.props.map((prop) => prop.name) : []
  return [...new Set([...inherited, ...own])]
}

/**
 * The keys an object spec requires, as rendered: a spec with a base is an interface extending it
 * whatever its form (see renderObject), whose own members the base declares are the base's. An
 * optional member's type admits `undefined`, which an indexed access would carry into a required
 * member (comparison rule 3: the grammar writes `undefined` in optional members only).
 */
function requiredKeysOf(spec: ObjectSpec): string[] {
  const inherited = spec.base !== undefined ? spec.base.props : []
  const own = spec.props.filter((prop) => !inherited.some((base) => base.name === prop.name))
  return [...inherited, ...own].filter((prop) => !prop.optional).map((prop) => prop.name)
}
