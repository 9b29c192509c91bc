import type { ErrorObject } from 'ajv'
import { ToolError } from '../tool-error.js'
import type { JsonSchema, ToolFaultBranch } from '../types.js'
import { coerceString, copyJson, isRecordValue, setKey } from './copy.js'
import type { PatternEngine } from './pattern-engine.js'
import { isPass } from '../verdict.js'
import { followRefs } from './schema-nodes.js'
import { shapeOf, type Shape } from './shape.js'
import type { PlannedUnion, ValidationPlan } from './validation-plan.js'

/** A validator that only answers: the shape of ajv's functions, compiled or standalone. */
export type BranchCheck = (data: unknown) => boolean

/** Deeper than this, arguments (which the registry bounds to 64 levels) can only be cyclic. */
const MAX_DEPTH = 1000

/** At most this many errors report the unions no branch takes: a refusal's cost stays bounded too. */
const MAX_UNION_ERRORS = 64

/** A union the normaliser decides that no branch takes: where, and what was there. */
interface UnionMiss {
  readonly path: readonly (string | number)[]
  readonly node: JsonSchema
  readonly union: PlannedUnion
  readonly value: unknown
  readonly coerce: boolean
  /** For a `oneOf` more than one branch takes: the indices of those branches. */
  readonly passing?: readonly number[]
}

/** A value node normalised at a place once: the copy, and the misses found making it. */
interface Memo {
  readonly result: unknown
  readonly misses: readonly UnionMiss[]
}

/** One place of the arguments: the schemas merged there, and the places below it, built on first use. */
interface Place {
  readonly shape: Shape
  readonly members: Map<string, Place | undefined>
  /** Where keys matched by no property and no pattern go: built on first use, `null` when dropped or kept as sent. */
  additional?: Place | null
  readonly elements: Map<number, Place | undefined>
  /** The place once its unions took these branches (one union: keyed by its branch). */
  readonly chosen: Map<JsonSchema, Place>
}

/**
 * Builds the normalised copy of arguments that their validator then checks, by walking the value
 * along the parameter schema: keys no schema at their place declares are dropped (records,
 * `additionalProperties` schemas and `patternProperties` keep theirs), defaults filled, and a
 * string coerced where only a number, integer or boolean is allowed and it is exactly the JSON text
 * of one. At a union the branch is chosen first — by the discriminator, by the value being an
 * object, or else by trying each branch's validator: on the value as sent, then normalised by
 * that branch, then normalised and coerced, so a branch the value fits exactly wins over one that
 * would drop its keys or change its strings, and among those that fit once normalised the one
 * keeping the most keys sent wins — and the value is normalised by that branch alone.
 * Where no branch fits, the value is copied as sent, for the validator to refuse. Places are
 * built on first use.
 */
export class Normaliser {
  readonly #parameters: JsonSchema
  readonly #unions: ReadonlyMap<JsonSchema, PlannedUnion>
  readonly #checks: readonly (BranchCheck | undefined)[]
  readonly #places = new Map<string, Place>()
  readonly #branches = new WeakMap<JsonSchema, Place>()
  #rootPlace: Place | undefined
  readonly #ids = new WeakMap<object, number>()
  #nextId = 0

  readonly #patterns: PatternEngine | undefined
  /** This call's normalised copies, by value node, place and coercion, with the misses found making each. */
  #memo = new WeakMap<object, Map<Place, [Memo | undefined, Memo | undefined]>>()
  /** This call's unions that no branch takes, so far. */
  #misses: UnionMiss[] = []
  /** Where in the value the walk is. */
  #path: (string | number)[] = []

  /** `patterns` matches `patternProperties` keys; without it, an object with such keys is copied as sent. */
  constructor(parameters: JsonSchema, plan: Pick<ValidationPlan, 'unions'>, checks: readonly (BranchCheck | undefined)[], patterns?: PatternEngine) {
    this.#parameters = parameters
    this.#unions = plan.unions
    this.#checks = checks
    this.#patterns = patterns
  }

  /** The parameter schema this normaliser walks. */
  get parameters(): JsonSchema {
    return this.#parameters
  }

  /** The normalised copy of `value` under the whole parameter schema; the caller's objects are never shared. */
  normalise(value: unknown): unknown {
    return this.decide(value).copy
  }

  /**
   * The normalised copy of `value`, and the errors (in a validator's form, bounded) of each union
   * the normaliser decides that no branch takes: the union's own, then those of its closest
   * branch. Each (value node, place) is normalised once per call and each branch of a union
   * tried once per value, so the cost is linear in the size of the value times that of the schema.
   */
  decide(value: unknown): { copy: unknown; unionErrors: ErrorObject[] } {
    this.#memo = new WeakMap()
    this.#misses = []
    this.#path = []
    try {
      const copy = this.#apply(this.#root(), value, true, 0)
      const unionErrors = this.#misses.length === 0 ? [] : this.#missErrors(this.#misses, { left: MAX_UNION_ERRORS })
      return { copy, unionErrors }
    } finally {
      this.#memo = new WeakMap()
      this.#misses = []
    }
  }

  /** The discriminated branches the data at `path` of a normalised copy lies in, outermost first. */
  branchesAlong(copy: unknown, path: readonly (string | number)[]): ToolFaultBranch[] {
    const branches: ToolFaultBranch[] = []
    this.#walk(copy, path, (depth, tag, value) => branches.push({ depth, tag, value }))
    return branches
  }

  /** The values a discriminated union at `path` of a normalised copy expects for its `tag`, in branch order. */
  tagValuesAt(copy: unknown, path: readonly (string | number)[], tag: string): readonly string[] | undefined {
    const place = this.#walk(copy, path, () => undefined, false)
    for (const node of place?.shape.unions ?? []) {
      const objects = this.#unions.get(node)?.layout.objects
      if (objects !== undefined && 'tag' in objects && objects.tag === tag) return objects.values
    }
    return undefined
  }

  /** The keys the schema declares at `path` of a normalised copy (properties and required names), where its unions let it say. */
  declaredKeysAt(copy: unknown, path: readonly (string | number)[]): readonly string[] | undefined {
    const place = this.#walk(copy, path, () => undefined)
    return place === undefined ? undefined : [...place.shape.properties.keys(), ...place.shape.declared]
  }

  /** Follows `path` through the copy and the schema, reporting each discriminated branch on the way; the place reached, if any. */
  #walk(copy: unknown, path: readonly (string | number)[], onTag: (depth: number, tag: string, value: string) => void, resolveLast = true): Place | undefined {
    let place: Place | undefined = this.#root()
    let value = copy
    for (let depth = 0; place !== undefined; depth++) {
      if (depth === path.length && !resolveLast) return place
      place = this.#resolved(place, value, (tag, chosen) => onTag(depth, tag, chosen))
      if (place === undefined || depth === path.length) return place
      const segment = path[depth] as string | number
      place = Array.isArray(value) ? this.#element(place, Number(segment)) : this.#member(place, String(segment))
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined
    }
    return undefined
  }

  /** Normalises `value` at `place`; an object or array once per (node, place, coercion), its misses replayed on reuse. */
  #apply(place: Place, value: unknown, coerce: boolean, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new ToolError('ARGUMENTS', `arguments nested deeper than ${MAX_DEPTH} levels`)
    if (typeof value !== 'object' || value === null) return this.#applyOnce(place, value, coerce, depth)
    let byPlace = this.#memo.get(value)
    if (byPlace === undefined) this.#memo.set(value, (byPlace = new Map()))
    const key = coerce ? 1 : 0
    let entries = byPlace.get(place)
    if (entries === undefined) byPlace.set(place, (entries = [undefined, undefined]))
    const known = entries[key]
    if (known !== undefined) {
      for (const miss of known.misses) this.#misses.push(miss)
      return known.result
    }
    const mark = this.#misses.length
    const result = this.#applyOnce(place, value, coerce, depth)
    entries[key] = { result, misses: this.#misses.slice(mark) }
    return result
  }

  #applyOnce(place: Place, value: unknown, coerce: boolean, depth: number): unknown {
    const { shape } = place
    if (shape.opaque) return copyJson(value)
    if (shape.unions.length > 0) return this.#applyUnions(place, value, coerce, depth)
    if (Array.isArray(value)) return shape.array ? this.#applyArray(place, value, coerce, depth) : copyJson(value)
    if (isRecordValue(value)) return shape.object ? this.#applyObject(place, value, coerce, depth) : copyJson(value)
    if (typeof value === 'string' && coerce && shape.types !== undefined && !shape.types.has('string')) return coerceString(value, shape.types)
    return value
  }

  /** Picks the branch of every union at `place`, then normalises by the schemas there and those branches. */
  #applyUnions(place: Place, value: unknown, coerce: boolean, depth: number): unknown {
    const unions = place.shape.unions.map((node) => ({ node, union: this.#unions.get(node) }))
    // Numbers, booleans and null are never changed, a string only by coercion: only a union the normaliser decides has to try them.
    if (typeof value !== 'object' && (typeof value !== 'string' || !coerce) && !unions.some(({ union }) => union?.decided === true)) return value
    const branches: JsonSchema[] = []
    const decided: { node: JsonSchema; union: PlannedUnion; branch: JsonSchema; check: BranchCheck; tried?: { normalised: unknown } }[] = []
    let tried: { normalised: unknown } | undefined
    for (const { node, union } of unions) {
      const pick = union === undefined ? undefined : this.#pick(union, value, coerce, depth)
      if (pick === undefined) {
        if (union?.decided === true && !(union.layout.objects !== undefined && isRecordValue(value))) this.#misses.push({ path: [...this.#path], node, union, value, coerce })
        return copyJson(value)
      }
      branches.push(pick.branch)
      tried = pick.tried
      if (pick.check !== undefined && union !== undefined) decided.push({ node, union, branch: pick.branch, check: pick.check, ...(pick.tried !== undefined && { tried: pick.tried }) })
    }
    // A trial already normalised the value by its branch; with nothing else here, that is final.
    const final = tried !== undefined && branches.length === 1 && place.shape.plain
    const copy = final ? tried?.normalised : this.#apply(this.#merged(place, branches), value, coerce, depth)
    // No validator tries a decided union's branches: the value as finally normalised must still fit the
    // branch chosen and, for a `oneOf`, no other branch.
    for (const { node, union, branch, check, tried: trial } of decided) {
      if (trial?.normalised !== copy && !isPass(check(copy))) this.#misses.push({ path: [...this.#path], node, union, value, coerce })
      else if (union.layout.keyword === 'oneOf') {
        const passing = this.#branchesTaking(union, branch, copy, depth)
        if (passing.length > 1) this.#misses.push({ path: [...this.#path], node, union, value, coerce, passing })
      }
    }
    return copy
  }

  /**
   * The indices of a decided `oneOf`'s branches that take the normalised copy: the chosen one, and
   * each other whose validator passes the copy with every union inside it finding a branch. Each
   * other branch is checked once, and only one its validator passes is walked.
   */
  #branchesTaking(union: PlannedUnion, chosen: JsonSchema, copy: unknown, depth: number): number[] {
    const passing: number[] = []
    const { trial } = union.layout
    for (let index = 0; index < trial.length; index++) {
      const branch = trial[index]
      if (branch === chosen) {
        passing.push(index)
        continue
      }
      const check = this.#checks[union.validators?.[index] ?? -1]
      if (typeof branch !== 'object' || check === undefined || !isPass(check(copy))) continue
      if (this.#trial(branch, copy, false, depth).misses === 0) passing.push(index)
    }
    return passing
  }

  #pick(union: PlannedUnion, value: unknown, coerce: boolean, depth: number): { branch: JsonSchema; tried?: { normalised: unknown }; check?: BranchCheck } | undefined {
    const { objects, trial } = union.layout
    if (objects !== undefined && isRecordValue(value)) {
      if ('only' in objects) return asBranch(objects.only)
      const tag = Object.hasOwn(value, objects.tag) ? value[objects.tag] : undefined
      return typeof tag === 'string' ? asBranch(objects.byTag.get(tag)) : undefined
    }
    if (trial.length <= 1) return asBranch(trial[0])
    // A branch the value fits as sent wins; then one it fits once normalised; then once coerced too.
    // Once normalised, the branch that keeps the most of the keys sent wins (the first of those
    // keeping as many); a branch that would drop every key sent, one another branch declares, takes none.
    // A decided union's branch fits only where the unions inside it found branches too; each
    // (value, branch) is normalised once, shared by the rounds.
    const decided = union.decided === true
    let best: { branch: JsonSchema; tried: { normalised: unknown }; kept: number; check: BranchCheck } | undefined
    let sent: number | undefined
    for (const round of coerce ? ['as sent', 'normalised', 'coerced'] : ['as sent', 'normalised']) {
      for (let index = 0; index < trial.length; index++) {
        const branch = trial[index]
        const check = this.#checks[union.validators?.[index] ?? -1]
        // Without its validator a branch cannot be chosen: the value goes to validation as sent.
        if (typeof branch !== 'object' || check === undefined) return undefined
        if (round === 'as sent') {
          if (isPass(check(value)) && (!decided || this.#trial(branch, value, false, depth).misses === 0)) return { branch, ...(decided && { check }) }
          continue
        }
        const attempt = this.#trial(branch, value, round === 'coerced', depth)
        if (attempt.misses > 0 || !isPass(check(attempt.normalised))) continue
        const normalised = attempt.normalised
        const kept = keptKeys(value, normalised)
        sent ??= keptKeys(value, value)
        // A branch that would drop every key sent, one of them a key another branch declares, does not
        // take the value (TypeScript's weak type check: an object sharing no key with a type of
        // optional keys only is not of it); keys no branch declares are dropped as anywhere else.
        // A branch with pattern keys (a template literal index signature) is no weak type.
        if (kept === 0 && sent > 0 && this.#branchPlace(branch).shape.patterns.length === 0 && this.#declaresAnyKeyOf(trial, value)) continue
        if (kept === sent) return { branch, tried: { normalised }, ...(decided && { check }) }
        if (best === undefined || kept > best.kept) best = { branch, tried: { normalised }, kept, check }
      }
    }
    return best === undefined ? undefined : { branch: best.branch, tried: best.tried, ...(decided && { check: best.check }) }
  }

  /** Whether some branch declares one of the keys of record `value`, by name, by an index signature's schema or by a key pattern. */
  #declaresAnyKeyOf(branches: readonly unknown[], value: unknown): boolean {
    if (!isRecordValue(value)) return false
    return branches.some((branch) => {
      if (typeof branch !== 'object' || branch === null) return false
      const { shape } = this.#branchPlace(branch as JsonSchema)
      if (Array.isArray(shape.additional) && Object.keys(value).length > 0) return true
      return Object.keys(value).some((key) => shape.properties.has(key) || shape.declared.has(key) || shape.patterns.some(({ regex }) => regex.test(key)))
    })
  }

  /** `value` normalised by one branch alone, and how many unions inside it no branch took (those misses are not kept). */
  #trial(branch: JsonSchema, value: unknown, coerce: boolean, depth: number): { normalised: unknown; misses: number; found: readonly UnionMiss[] } {
    const mark = this.#misses.length
    const normalised = this.#apply(this.#branchPlace(branch), value, coerce, depth)
    const found = this.#misses.splice(mark)
    return { normalised, misses: found.length, found }
  }

  /**
   * The errors of unions no branch takes: for each, an `anyOf` error naming the closest branch —
   * the one with the fewest faults once the value is normalised by it, then keeping the most keys sent, then the first — then
   * that branch's own errors and, in turn, those of the unions inside it no branch takes. One
   * branch a union, at most `budget.left` errors in all.
   */
  #missErrors(misses: readonly UnionMiss[], budget: { left: number }): ErrorObject[] {
    const errors: ErrorObject[] = []
    for (const miss of misses) {
      if (budget.left <= 0) break
      if (miss.passing !== undefined) {
        budget.left--
        errors.push({ instancePath: pointerOf(miss.path), schemaPath: '#/oneOf', keyword: 'oneOf', params: { passingSchemas: miss.passing } })
        continue
      }
      const saved = this.#path
      this.#path = [...miss.path]
      let closest: { index: number; own: readonly ErrorObject[]; found: readonly UnionMiss[]; count: number; kept: number } | undefined
      const { trial } = miss.union.layout
      for (let index = 0; index < trial.length; index++) {
        const branch = trial[index]
        const check = this.#checks[miss.union.validators?.[index] ?? -1]
        if (typeof branch !== 'object' || check === undefined) continue
        const attempt = this.#trial(branch, miss.value, miss.coerce, miss.path.length)
        const own = isPass(check(attempt.normalised)) ? [] : [...((check as { errors?: readonly ErrorObject[] | null }).errors ?? [])]
        const count = own.length + attempt.misses
        const kept = keptKeys(miss.value, attempt.normalised)
        if (closest === undefined || count < closest.count || (count === closest.count && kept > closest.kept)) closest = { index, own, found: attempt.found, count, kept }
      }
      this.#path = saved
      const at = pointerOf(miss.path)
      budget.left--
      errors.push({ instancePath: at, schemaPath: '#/anyOf', keyword: 'anyOf', params: closest === undefined ? {} : { closest: closest.index, branches: trial.length } })
      if (closest === undefined) continue
      for (const error of closest.own) {
        if (budget.left-- <= 0) break
        errors.push({ ...error, instancePath: at + error.instancePath, schemaPath: `#/anyOf/${closest.index}/${error.schemaPath.replace(/^#\/?/, '')}` })
      }
      errors.push(...this.#missErrors(closest.found, budget))
    }
    return errors
  }

  #applyObject(place: Place, value: Record<string, unknown>, coerce: boolean, depth: number): Record<string, unknown> {
    const { shape } = place
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      const item = value[key]
      if (item === undefined) continue
      const member = this.#member(place, key)
      if (member === undefined) {
        if (shape.declared.has(key) || shape.additional === 'keep') setKey(copy, key, copyJson(item))
        continue
      }
      // The path is only read while this call runs; a throw ends the call, and `decide` starts the next afresh.
      this.#path.push(key)
      setKey(copy, key, this.#apply(member, item, coerce, depth + 1))
      this.#path.pop()
    }
    // A default is normalised where it lands, as if the caller had sent it: its own nested defaults
    // are filled too (`strategy = { kind: 'rolling' }` gets its branch's `maxUnavailable`). A fresh
    // copy each time, so no two places of the result share an object.
    for (const [key, fallback] of shape.defaults) {
      if (Object.hasOwn(copy, key)) continue
      const member = this.#member(place, key)
      if (member === undefined) {
        setKey(copy, key, copyJson(fallback))
        continue
      }
      this.#path.push(key)
      setKey(copy, key, this.#apply(member, copyJson(fallback), coerce, depth + 1))
      this.#path.pop()
    }
    return copy
  }

  #applyArray(place: Place, value: readonly unknown[], coerce: boolean, depth: number): unknown[] {
    const copy = new Array<unknown>(value.length)
    for (let index = 0; index < value.length; index++) {
      const element = this.#element(place, index)
      if (element === undefined) {
        copy[index] = copyJson(value[index])
        continue
      }
      this.#path.push(index)
      copy[index] = this.#apply(element, value[index], coerce, depth + 1)
      this.#path.pop()
    }
    return copy
  }

  /** Where a member of an object at `place` is normalised (by its property, pattern or additional schemas); undefined when it is kept as sent or dropped. */
  #member(place: Place, key: string): Place | undefined {
    const { shape } = place
    const property = shape.properties.get(key)
    if (property !== undefined) {
      let member = place.members.get(key)
      if (member === undefined) {
        member = this.#place(property)
        place.members.set(key, member)
      }
      return member
    }
    if (shape.patterns.length > 0) {
      const matching = shape.patterns.filter((pattern) => pattern.regex.test(key))
      if (matching.length > 0) return this.#place(matching.flatMap((pattern) => pattern.nodes))
    }
    if (place.additional === undefined) place.additional = Array.isArray(shape.additional) ? this.#place(shape.additional as JsonSchema[]) : null
    return place.additional ?? undefined
  }

  #element(place: Place, index: number): Place | undefined {
    const { shape } = place
    const key = index < shape.tuple.length ? index : -1
    if (place.elements.has(key)) return place.elements.get(key)
    const positional = key >= 0 ? (shape.tuple[key] ?? []) : shape.tuple.length > 0 ? shape.afterTuple : []
    const nodes = [...shape.items, ...positional]
    const element = nodes.length === 0 ? undefined : this.#place(nodes)
    place.elements.set(key, element)
    return element
  }

  /** The place once its unions are resolved for a value of a normalised copy, as `#pick` resolves objects; undefined otherwise. */
  #resolved(place: Place, value: unknown, onTag: (tag: string, value: string) => void): Place | undefined {
    if (place.shape.unions.length === 0) return place
    const branches: JsonSchema[] = []
    for (const node of place.shape.unions) {
      const objects = this.#unions.get(node)?.layout.objects
      if (objects === undefined || !isRecordValue(value)) return undefined
      const tag = 'tag' in objects ? value[objects.tag] : undefined
      const branch = 'only' in objects ? objects.only : typeof tag === 'string' ? objects.byTag.get(tag) : undefined
      if (typeof branch !== 'object') return undefined
      if ('tag' in objects) onTag(objects.tag, tag as string)
      branches.push(branch)
    }
    return this.#merged(place, branches)
  }

  /** The place where the schemas of `place` apply together with the branches its unions took. */
  #merged(place: Place, branches: readonly JsonSchema[]): Place {
    const single = branches.length === 1 ? (branches[0] as JsonSchema) : undefined
    const known = single === undefined ? undefined : place.chosen.get(single)
    if (known !== undefined) return known
    const merged = this.#place([...place.shape.atoms, ...branches], place.shape.unions)
    if (single !== undefined) place.chosen.set(single, merged)
    return merged
  }

  /** The place of one branch alone, where a trial normalises the value. */
  #branchPlace(branch: JsonSchema): Place {
    let place = this.#branches.get(branch)
    if (place === undefined) {
      place = this.#place([branch])
      this.#branches.set(branch, place)
    }
    return place
  }

  #root(): Place {
    return (this.#rootPlace ??= this.#place([this.#parameters]))
  }

  /** The place of a list of schemas, built once per list; unions already `resolved` are not chosen again. */
  #place(nodes: readonly JsonSchema[], resolved: readonly JsonSchema[] = []): Place {
    // A bare reference is keyed as its target: every `$ref` to one definition shares its places, and so what was normalised there.
    const key = `${nodes.map((node) => this.#id(bareTarget(this.#parameters, node))).join(',')}|${resolved.map((node) => this.#id(node)).join(',')}`
    let place = this.#places.get(key)
    if (place === undefined) {
      const shape = shapeOf(this.#parameters, nodes, this.#patterns)
      const unions = shape.unions.filter((node) => !resolved.includes(node))
      place = { shape: unions.length === shape.unions.length ? shape : { ...shape, unions }, members: new Map(), elements: new Map(), chosen: new Map() }
      this.#places.set(key, place)
    }
    return place
  }

  #id(node: object): number {
    let id = this.#ids.get(node)
    if (id === undefined) {
      id = this.#nextId++
      this.#ids.set(node, id)
    }
    return id
  }
}

/** How many of the keys sent (with a value) a normalised copy still has; 0 unless both are records. */
function keptKeys(value: unknown, normalised: unknown): number {
  if (!isRecordValue(value) || !isRecordValue(normalised)) return 0
  let kept = 0
  for (const key of Object.keys(value)) if (value[key] !== undefined && Object.hasOwn(normalised, key)) kept++
  return kept
}

function asBranch(branch: unknown): { branch: JsonSchema } | undefined {
  return typeof branch === 'object' && branch !== null ? { branch: branch as JsonSchema } : undefined
}

/** A JSON pointer to `path` in a value (as validators' `instancePath`). */
function pointerOf(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/** The node a bare reference (beside annotations only) names, else the node itself. */
function bareTarget(root: JsonSchema, node: JsonSchema): object {
  const target = followRefs(root, node)
  return typeof target === 'object' ? target : node
}
