import { escapeFragment, escapeJsonPointer } from 'ajv/dist/compile/util.js'
import formats from 'ajv-formats/dist/formats.js'
import { decimalStep } from '../../runtime/decimal-multiple.js'
import type { JsonSchema } from '../../runtime/types.js'
import { linearRegExp } from '../../runtime/validator-runtime/linear-reg-exp.js'
import { stringLiteral } from '../shared/literals.js'
import { SUBSCHEMA_KEYWORD } from './shared-subschemas.js'
import {
  alwaysValid,
  concat,
  equalityTest,
  formatCheck,
  GROUPS,
  type Group,
  hasKey,
  hasRef,
  INERT,
  isRecord,
  isType,
  json,
  LIMITS,
  member,
  SIZES,
  SUPPORTED,
  typesOf,
  UNSUPPORTED,
} from './validator-codegen-subset.js'

/**
 * toolcat's own validator code generator, for the subset of JSON Schema toolcat derives (objects,
 * arrays, tuples, scalars with their limits (exact decimal `multipleOf`), patterns and formats, enums, inlined local `$ref`s,
 * `allOf` / `if` / `then` / `else`, shared subschemas). The function it writes reports exactly the
 * errors ajv's standalone code reports under the runtime's `ajvOptions` (`allErrors`, `strictNumbers`,
 * `messages: false`): the same objects — `instancePath`, `schemaPath`, `keyword`, `params` — in the
 * same order, since ajv checks a schema's keywords in a fixed order (`GROUPS`, ajv's `RULES`) and
 * toolcat's faults are made from those errors. ajv's code generator builds and renders a syntax tree
 * for every keyword (~2 ms a tool); this writes the text directly. A schema using anything outside
 * the subset is left to ajv (`undefined`).
 */
export function ownValidatorCode(
  schema: JsonSchema,
  helperSpecifier: (exported: string) => string,
  subschemaSpecifier: (id: string) => string,
): string | undefined {
  if (!isRecord(schema) || hasKey(schema, '$id')) return undefined
  const writer = new Writer(schema)
  try {
    writer.node(schema, 'data', 'instancePath', '#')
  } catch (error) {
    if (error === UNSUPPORTED) return undefined
    throw error
  }
  return writer.module(helperSpecifier, subschemaSpecifier)
}


/** Where a failing check goes: an error pushed onto `vErrors`, or (inside an `if` schema, which ajv checks without errors) a flag cleared. */
type Mode = { readonly errors: true } | { readonly errors: false; readonly flag: string }

class Writer {
  readonly #root: Record<string, unknown>
  #out: string[] = []
  /** Functions of definitions ajv compiles on their own, by reference, and their code. */
  readonly #functions = new Map<string, string>()
  readonly #others: string[] = []
  readonly #constants: string[] = []
  readonly #helpers = new Set<string>()
  readonly #subschemas = new Map<string, string>()
  readonly #formats = new Map<string, string>()
  readonly #patterns = new Map<string, string>()
  #names = 0
  #mode: Mode = { errors: true }

  constructor(root: Record<string, unknown>) {
    this.#root = root
  }

  /** The module: imports, constants, and `validate` with the code written. */
  module(helperSpecifier: (exported: string) => string, subschemaSpecifier: (id: string) => string): string {
    const imports = new Map<string, string[]>()
    const use = (specifier: string, binding: string): void => void imports.set(specifier, [...(imports.get(specifier) ?? []), binding])
    for (const exported of this.#helpers) use(helperSpecifier(exported), `${exported} as toolcat$${exported}`)
    for (const id of this.#subschemas.keys()) use(subschemaSpecifier(id), `validate as toolcat$subschema_${id}`)
    const lines = [...imports.keys()].sort().map((specifier) => `import { ${(imports.get(specifier) ?? []).sort().join(', ')} } from ${stringLiteral(specifier)}\n`)
    return `${lines.join('')}${this.#constants.join('')}${this.#others.join('')}export function validate(data, {instancePath = ""} = {}) {let vErrors = null;let errors = 0;${this.#out.join('')}validate.errors = vErrors;return errors === 0;}\n`
  }

  /** Code checking the value `data` (a variable) at `path` (an expression) against the schema at `schemaPath`. */
  node(schema: unknown, data: string, path: string, schemaPath: string): void {
    if (schema === true) return
    if (!isRecord(schema)) throw UNSUPPORTED
    const keys = Object.keys(schema)
    for (const key of keys) if (!SUPPORTED.has(key) && !INERT.has(key)) throw UNSUPPORTED
    const types = typesOf(schema.type)
    const grouped = (type: Group): boolean => GROUPS.some((group) => group.type === type && type !== undefined && group.keywords.some((keyword) => schema[keyword] !== undefined))
    const upFront = types.length > 0 && !(types.length === 1 && grouped(types[0] as Group))
    if (upFront) this.#if(`!(${types.map((type) => isType(type, data)).join(' || ')})`, () => this.#fail(path, `${schemaPath}/type`, 'type', `{type: ${json(schema.type)}}`))
    for (const group of GROUPS) {
      if (!group.keywords.some((keyword) => schema[keyword] !== undefined)) continue
      if (group.type === undefined) {
        for (const keyword of group.keywords) if (schema[keyword] !== undefined) this.#keyword(keyword, schema, data, path, schemaPath)
        continue
      }
      const type = group.type
      const body = (): void => {
        for (const keyword of group.keywords) if (schema[keyword] !== undefined) this.#keyword(keyword, schema, data, path, schemaPath, type)
      }
      const start = this.#out.push(`if (${isType(type, data)}) {`)
      body()
      // A group whose keywords wrote nothing here (a string format in the number group) needs no test.
      if (this.#out.length === start) this.#out.pop()
      else this.#out.push('}')
      if (!upFront && types.length === 1 && types[0] === type) {
        if (this.#out.length === start - 1) this.#out.push(`if (${isType(type, data)}) {}`)
        this.#out.push('else {')
        this.#fail(path, `${schemaPath}/type`, 'type', `{type: ${json(schema.type)}}`)
        this.#out.push('}')
      }
    }
  }

  #keyword(keyword: string, schema: Record<string, unknown>, data: string, path: string, schemaPath: string, group?: Group): void {
    const value = schema[keyword]
    const at = `${schemaPath}/${keyword}`
    switch (keyword) {
      case '$comment':
      case 'type':
      case 'then':
      case 'else':
        return
      case '$ref':
        if (typeof value !== 'string') throw UNSUPPORTED
        return this.#ref(value, data, path)
      case 'const':
        return this.#if(equalityTest(value, data, this.#helpers, true), () => this.#fail(path, at, 'const', `{allowedValue: ${json(value)}}`))
      case 'enum': {
        if (!Array.isArray(value) || value.length === 0) throw UNSUPPORTED
        const test = `!(${value.map((item) => equalityTest(item, data, this.#helpers, false)).join(' || ')})`
        return this.#if(test, () => this.#fail(path, at, 'enum', `{allowedValues: ${json(value)}}`))
      }
      case 'allOf':
        if (!Array.isArray(value) || value.length === 0) throw UNSUPPORTED
        value.forEach((item, index) => this.node(item, data, path, `${at}/${index}`))
        return
      case 'if':
        return this.#ifThenElse(schema, data, path, schemaPath)
      case SUBSCHEMA_KEYWORD:
        return this.#subschema(value, data, path, schemaPath)
      case 'maximum':
      case 'minimum':
      case 'exclusiveMaximum':
      case 'exclusiveMinimum': {
        const limit = LIMITS[keyword] as { fail: string; ok: string }
        if (typeof value !== 'number') throw UNSUPPORTED
        return this.#if(`${data} ${limit.fail} ${value} || isNaN(${data})`, () => this.#fail(path, at, keyword, `{comparison: ${json(limit.ok)}, limit: ${json(value)}}`))
      }
      case 'multipleOf':
        return this.#multipleOf(value, data, path, at)
      case 'maxLength':
      case 'minLength':
      case 'maxItems':
      case 'minItems': {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw UNSUPPORTED
        const length = group === 'string' ? `${this.#helper('ucs2length')}(${data})` : `${data}.length`
        return this.#if(`${length} ${SIZES[keyword] as string} ${value}`, () => this.#fail(path, at, keyword, `{limit: ${value}}`))
      }
      case 'pattern':
        return this.#if(`!${this.#pattern(value)}.test(${data})`, () => this.#fail(path, at, 'pattern', `{pattern: ${json(value)}}`))
      case 'format':
        return this.#format(value, group, data, path, at)
      case 'required':
        if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) throw UNSUPPORTED
        for (const name of value as string[]) this.#if(`${data}${member(name)} === undefined`, () => this.#fail(path, at, 'required', `{missingProperty: ${json(name)}}`))
        return
      case 'properties':
        return this.#properties(value, data, path, at)
      case 'additionalProperties':
        return this.#additionalProperties(value, schema.properties, data, path, at)
      case 'items':
        return this.#items(value, data, path, at)
      case 'additionalItems':
        return this.#additionalItems(value, schema.items, data, path, at)
      default:
        throw UNSUPPORTED
    }
  }

  /**
   * A local reference to a definition. ajv inlines a definition free of references (its errors'
   * `schemaPath` then starts at the reference) and compiles any other (a recursive one) into a
   * function of its own, whose errors' `schemaPath`s start at `#` and which it calls by name.
   */
  #ref(ref: string, data: string, path: string): void {
    const [, container, name] = /^#\/(\$defs|definitions)\/([^/~%]+)$/.exec(ref) ?? []
    const definitions = container === undefined ? undefined : this.#root[container]
    const target = isRecord(definitions) && name !== undefined && Object.hasOwn(definitions, name) ? definitions[name] : undefined
    if (target === undefined) throw UNSUPPORTED
    if (typeof target !== 'object' || target === null || !hasRef(target)) return this.node(target, data, path, ref)
    const validate = this.#function(ref, target)
    const call = `${validate}(${data}, {instancePath: ${path}})`
    if (!this.#mode.errors) return this.#if(`!${call}`, () => this.#out.push(`${(this.#mode as { flag: string }).flag} = false;`))
    this.#if(`!${call}`, () => this.#out.push(`vErrors = vErrors === null ? ${validate}.errors : vErrors.concat(${validate}.errors);errors = vErrors.length;`))
  }

  /** The name of the function validating a definition that ajv compiles on its own, written once. */
  #function(ref: string, target: object): string {
    const known = this.#functions.get(ref)
    if (known !== undefined) return known
    const name = this.#name('validateRef')
    this.#functions.set(ref, name)
    const [out, mode] = [this.#out, this.#mode]
    this.#out = []
    this.#mode = { errors: true }
    this.node(target, 'data', 'instancePath', '#')
    this.#others.push(`function ${name}(data, {instancePath = ""} = {}) {let vErrors = null;let errors = 0;${this.#out.join('')}${name}.errors = vErrors;return errors === 0;}\n`)
    ;[this.#out, this.#mode] = [out, mode]
    return name
  }

  #ifThenElse(schema: Record<string, unknown>, data: string, path: string, schemaPath: string): void {
    const hasThen = schema.then !== undefined && !alwaysValid(schema.then)
    const hasElse = schema.else !== undefined && !alwaysValid(schema.else)
    if (!hasThen && !hasElse) return
    const matches = this.#name('ifValid')
    const before = this.#name('errs')
    this.#out.push(`{let ${matches} = true;`)
    const outer = this.#mode
    this.#mode = { errors: false, flag: matches }
    this.node(schema.if, data, path, `${schemaPath}/if`)
    this.#mode = outer
    const clause = (keyword: 'then' | 'else'): void => this.node(schema[keyword], data, path, `${schemaPath}/${keyword}`)
    if (outer.errors) {
      this.#out.push(`const ${before} = errors;`)
      if (hasThen) this.#out.push(`if (${matches}) {`), clause('then'), this.#out.push('}')
      if (hasElse) this.#out.push(`${hasThen ? 'else' : `if (!${matches})`} {`), clause('else'), this.#out.push('}')
      this.#out.push(`if (errors !== ${before}) {`)
      this.#fail(path, `${schemaPath}/if`, 'if', `{failingKeyword: ${matches} ? "then" : "else"}`)
      this.#out.push('}}')
      return
    }
    if (hasThen) this.#out.push(`if (${matches}) {`), clause('then'), this.#out.push('}')
    if (hasElse) this.#out.push(`${hasThen ? 'else' : `if (!${matches})`} {`), clause('else'), this.#out.push('}')
    this.#out.push('}')
  }

  /** A shared subschema's validator called as ajv calls a referenced schema; its errors' `schemaPath`s get this place's prefix. */
  #subschema(id: unknown, data: string, path: string, schemaPath: string): void {
    if (typeof id !== 'string' || !/^[0-9a-f]+$/.test(id)) throw UNSUPPORTED
    const validate = `toolcat$subschema_${id}`
    this.#subschemas.set(id, validate)
    const call = `${validate}(${data}, {instancePath: ${path}})`
    if (!this.#mode.errors) return this.#if(`!${call}`, () => this.#out.push(`${(this.#mode as { flag: string }).flag} = false;`))
    const errs = this.#name('errs')
    const error = this.#name('err')
    this.#out.push(
      `if (!${call}) {const ${errs} = ${validate}.errors;for (const ${error} of ${errs}) {if (!${error}.schemaPath.startsWith("#/$defs/") && !${error}.schemaPath.startsWith("#/definitions/")) {${error}.schemaPath = ${json(schemaPath)} + ${error}.schemaPath.slice(1);}}vErrors = vErrors === null ? ${errs} : vErrors.concat(${errs});errors = vErrors.length;}`,
    )
  }

  #properties(value: unknown, data: string, path: string, schemaPath: string): void {
    if (!isRecord(value)) throw UNSUPPORTED
    for (const name of Object.keys(value)) {
      if (name === '__proto__') throw UNSUPPORTED
      const sub = value[name]
      if (alwaysValid(sub)) continue
      const item = this.#name('data')
      this.#out.push(`if (${data}${member(name)} !== undefined) {const ${item} = ${data}${member(name)};`)
      this.node(sub, item, concat(path, `/${escapeJsonPointer(name)}`), `${schemaPath}/${escapeFragment(name)}`)
      this.#out.push('}')
    }
  }

  #additionalProperties(value: unknown, properties: unknown, data: string, path: string, schemaPath: string): void {
    if (alwaysValid(value)) return
    if (value !== false && !isRecord(value)) throw UNSUPPORTED
    if (properties !== undefined && !isRecord(properties)) throw UNSUPPORTED
    const names = Object.keys(properties ?? {})
    const key = this.#name('key')
    let declared = names.map((name) => `${key} === ${json(name)}`).join(' || ')
    if (names.length > 8) {
      declared = `Object.prototype.hasOwnProperty.call(${this.#constant('props', json(Object.fromEntries(names.map((name) => [name, 0]))))}, ${key})`
    }
    this.#out.push(`for (const ${key} in ${data}) {`)
    if (names.length > 0) this.#out.push(`if (!(${declared})) {`)
    const keyPath = `${concat(path, '/')} + ${key}.replace(/~/g, "~0").replace(/\\//g, "~1")`
    if (value === false) this.#fail(path, schemaPath, 'additionalProperties', `{additionalProperty: ${key}}`)
    else {
      const item = this.#name('data')
      this.#out.push(`const ${item} = ${data}[${key}];`)
      this.node(value, item, keyPath, schemaPath)
    }
    if (names.length > 0) this.#out.push('}')
    this.#out.push('}')
  }

  #items(value: unknown, data: string, path: string, schemaPath: string): void {
    if (Array.isArray(value)) {
      value.forEach((sub, index) => {
        if (alwaysValid(sub)) return
        const item = this.#name('data')
        this.#out.push(`if (${data}.length > ${index}) {const ${item} = ${data}[${index}];`)
        this.node(sub, item, concat(path, `/${index}`), `${schemaPath}/${index}`)
        this.#out.push('}')
      })
      return
    }
    if (alwaysValid(value)) return
    this.#loop(value, data, path, schemaPath, '0')
  }

  #additionalItems(value: unknown, items: unknown, data: string, path: string, schemaPath: string): void {
    if (!Array.isArray(items) || alwaysValid(value)) return
    if (value === false) return this.#if(`${data}.length > ${items.length}`, () => this.#fail(path, schemaPath, 'additionalItems', `{limit: ${items.length}}`))
    if (!isRecord(value)) throw UNSUPPORTED
    this.#loop(value, data, path, schemaPath, String(items.length))
  }

  /** Each item of the array `data` from index `from` on, checked against `schema`. */
  #loop(schema: unknown, data: string, path: string, schemaPath: string, from: string): void {
    const index = this.#name('i')
    const item = this.#name('data')
    this.#out.push(`for (let ${index} = ${from}; ${index} < ${data}.length; ${index}++) {const ${item} = ${data}[${index}];`)
    this.node(schema, item, `${concat(path, '/')} + ${index}`, schemaPath)
    this.#out.push('}')
  }

  /** toolcat's exact decimal `multipleOf` (`decimalMultipleOf`), the same test it generates. */
  #multipleOf(step: unknown, data: string, path: string, schemaPath: string): void {
    if (typeof step !== 'number') throw UNSUPPORTED
    const decimal = decimalStep(step)
    const fail = (): void => this.#fail(path, schemaPath, 'multipleOf', `{multipleOf: ${json(step)}}`)
    if (decimal === undefined) return this.#if(`!(${json(step)} > 0 && Number.isInteger(${data} / ${json(step)}))`, fail)
    const scaled = this.#name('scaled')
    const { scale, scaledStep, integerStep } = decimal
    this.#out.push(`let ${scaled};`)
    this.#if(
      `Number.isInteger(${data}) ? ${data} % ${json(integerStep)} !== 0 : (${scaled} = Math.round(${data} * ${json(scale)}), ${scaled} / ${json(scale)} !== ${data} || ${scaled} % ${json(scaledStep)} !== 0)`,
      fail,
    )
  }

  #format(name: unknown, group: Group, data: string, path: string, schemaPath: string): void {
    if (typeof name !== 'string' || !Object.hasOwn(formats.fullFormats, name)) throw UNSUPPORTED
    const format: unknown = formats.fullFormats[name as keyof typeof formats.fullFormats]
    const check = formatCheck(format)
    if (check === undefined) throw UNSUPPORTED
    // A format checks one type of value (ajv-formats' are all strings); in the other group it writes nothing.
    if (group !== 'string') return
    let local = this.#formats.get(name)
    if (local === undefined) {
      local = this.#constant('format', `${this.#helper('fullFormats')}[${json(name)}]`)
      this.#formats.set(name, local)
    }
    this.#if(`!${check(local, data)}`, () => this.#fail(path, schemaPath, 'format', `{format: ${json(name)}}`))
  }

  /** The module-level matcher of a pattern, made as ajv makes it (`linearRegExp(pattern, "u")`); a pattern that does not compile is left to ajv's error. */
  #pattern(pattern: unknown): string {
    if (typeof pattern !== 'string') throw UNSUPPORTED
    const known = this.#patterns.get(pattern)
    if (known !== undefined) return known
    try {
      linearRegExp(pattern, 'u')
    } catch {
      throw UNSUPPORTED
    }
    const local = this.#constant('pattern', `${this.#helper('linearRegExp')}(${json(pattern)}, "u")`)
    this.#patterns.set(pattern, local)
    return local
  }

  #helper(exported: string): string {
    this.#helpers.add(exported)
    return `toolcat$${exported}`
  }

  #constant(prefix: string, code: string): string {
    const name = this.#name(prefix)
    this.#constants.push(`const ${name} = ${code};\n`)
    return name
  }

  #name(prefix: string): string {
    return `${prefix}${this.#names++}`
  }

  #if(test: string, then: () => void): void {
    this.#out.push(`if (${test}) {`)
    then()
    this.#out.push('}')
  }

  /** A failed check: in error mode, ajv's error object appended to `vErrors`; inside an `if` schema, its flag cleared. */
  #fail(path: string, schemaPath: string, keyword: string, params: string): void {
    if (!this.#mode.errors) {
      this.#out.push(`${this.#mode.flag} = false;`)
      return
    }
    this.#out.push(`errors = (vErrors || (vErrors = [])).push({instancePath: ${path}, schemaPath: ${json(schemaPath)}, keyword: ${json(keyword)}, params: ${params}});`)
  }
}
