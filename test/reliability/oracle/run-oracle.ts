import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { createCatalogBuilder } from '../../../src/build.js'
import type { CheckerName } from '../../../src/analyze/backend.js'
import { writeOutDir } from '../../../src/emit/out-dir/write-out-dir.js'
import { compileSchema, parseArguments, type LazyRegistry } from '../../../src/index.js'
import { linkTypeScript7, repoRoot } from '../../backends/both-backends.js'
import { Choices, valueFromSchema } from './schema-values.js'
import { GENERIC_PRELUDE, initialisedDefaults, renderType, type TypeSpec } from './type-grammar.js'

/** One generated case: a type, and the choices each of its values is drawn with. */
export interface Sample {
  readonly spec: TypeSpec
  readonly values: readonly (readonly number[])[]
}

/** What one way of validating answered: refused, or accepted with the value the handler received. */
type Verdict = { readonly accepted: false; readonly fault: string } | { readonly accepted: true; readonly received: unknown }

/** A (type, value) pair on which the registry and TypeScript 7 disagree, with why. */
export interface Disagreement {
  readonly sample: number
  readonly type: string
  readonly declarations: string
  readonly value: unknown
  readonly rule: string
  readonly detail: string
}

/** What one run of the oracle found. */
export interface OracleRun {
  readonly pairs: number
  readonly disagreements: readonly Disagreement[]
  /** Build problems: a JSON type the build refused or warned about is a disagreement too. */
  readonly buildProblems: readonly string[]
  /** Samples TypeScript itself refused to declare (a grammar bug, not toolcat's): left out. */
  readonly skipped: readonly string[]
  /** Seconds each phase took: building the catalog, writing the out dir, calling the registry, TypeScript's check. */
  readonly seconds: { readonly build: number; readonly outDir: number; readonly calls: number; readonly typescript: number }
  /** The catalog the build wrote, as JSON text: both checkers must write the same bytes. */
  readonly catalog: string
}

/** The TypeScript 7 compiler the oracle asks. */
const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc')

/** Diagnostics that say a key is not declared (excess property of a fresh literal, a weak type with no common key): the keys the registry drops by design. */
const UNDECLARED_KEY_CODES = new Set([2353, 2561, 2559])

const confirmed = { confirm: () => true }

/**
 * Runs every sample through the registry built on `checker` (precompiled validators, and the
 * runtime compiler) and through TypeScript 7 (one program for all of them), and applies the
 * comparison rules (see the oracle test) to every (type, value) pair.
 */
export async function runOracle(samples: readonly Sample[], checker: CheckerName): Promise<OracleRun> {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcat-oracle-'))
  try {
    return await runIn(root, samples, checker)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

async function runIn(root: string, samples: readonly Sample[], checker: CheckerName): Promise<OracleRun> {
  const clock = stopwatch()
  writeProject(root, samples)
  const builder = createCatalogBuilder({ root, tools: 'tools', checker })
  let built
  try {
    built = builder.build()
  } finally {
    await builder.close()
  }
  // A parameter type that admits no value (`{ v: { a: never } }`) is refused by the build (TC1006):
  // its values are then drawn from an open schema, each refused, and TypeScript must refuse them too.
  const noValue = new Set<string>()
  const buildProblems = built.diagnostics
    .filter((diagnostic) => {
      const refused = diagnostic.code === 'TC1006' && diagnostic.severity === 'error' && /^parameters must be an object type/.test(diagnostic.message)
      if (refused) noValue.add(path.basename(diagnostic.file ?? '', '.ts'))
      return !refused
    })
    .map((diagnostic) => `${diagnostic.severity} ${diagnostic.code} ${path.basename(diagnostic.file ?? '')}:${diagnostic.line ?? ''} ${diagnostic.message}`)
  const tools = new Map(built.catalog.tools.map((tool) => [tool.name, tool]))
  // The result is written as the parameter is (`Promise<{ v: T }>` beside `args: { v: T }`): the same written type gives the same
  // schema (a type that admits no value is refused as a parameter, TC1006, and is `{ not: {} }` as a result).
  for (const tool of built.catalog.tools) {
    if (!noValue.has(tool.name) && !isDeepStrictEqual(tool.output, tool.parameters)) buildProblems.push(`${tool.name}: the result's schema differs from the parameter's: ${JSON.stringify(tool.output)} against ${JSON.stringify(tool.parameters)}`)
  }
  const open = { type: 'object', properties: { v: {} }, required: ['v'] }
  const build = clock()
  await writeOutDir(built.catalog, { root, outDir: 'out' })
  const outDir = clock()
  const { createRegistry } = (await import(pathToFileURL(path.join(root, 'out/registry.js')).href)) as { createRegistry(): LazyRegistry }
  const registry = createRegistry()

  // Every pair through both ways of validating; the statements TypeScript is asked about follow.
  const program = new CheckProgram()
  const pairs: Pair[] = []
  const defaults = samples.map((sample) => initialisedDefaults(sample.spec))
  for (const [index, sample] of samples.entries()) {
    const tool = tools.get(`s${index}`)
    if (tool === undefined || noValue.has(`s${index}`)) {
      if (!noValue.has(`s${index}`)) continue
      for (const choices of sample.values) {
        const refused: Verdict = { accepted: false, fault: 'the build refused the type: it admits no value' }
        pairs.push(program.pair(index, valueFromSchema(open, new Choices(choices)), refused, refused, defaults[index] as Set<string>))
      }
      continue
    }
    let validate: ReturnType<typeof compileSchema>
    try {
      validate = compileSchema(tool.parameters)
    } catch (error) {
      buildProblems.push(`s${index}: ${(error as Error).message}`)
      continue
    }
    for (const choices of sample.values) {
      const value = valueFromSchema(tool.parameters as Record<string, unknown>, new Choices(choices))
      const args = value as Record<string, unknown>
      const answer = await registry.call(`s${index}`, args, confirmed)
      const precompiled: Verdict = answer.success ? { accepted: true, received: answer.value } : { accepted: false, fault: answer.error }
      let runtime: Verdict
      try {
        runtime = { accepted: true, received: parseArguments(validate, args) }
      } catch (error) {
        runtime = { accepted: false, fault: (error as Error).message }
      }
      pairs.push(program.pair(index, value, precompiled, runtime, defaults[index] as Set<string>))
    }
  }
  const calls = clock()
  const answers = program.check(root, samples)
  const typescript = clock()
  const disagreements: Disagreement[] = []
  let count = 0
  for (const pair of pairs) {
    if (answers.skipped.has(pair.sample)) continue
    count++
    const problem = judge(pair, answers.errors, defaults[pair.sample] as Set<string>)
    if (problem !== undefined) {
      const { declarations, type } = renderType((samples[pair.sample] as Sample).spec, 'tool')
      disagreements.push({ sample: pair.sample, type, declarations, value: pair.value, ...problem })
    }
  }
  return { pairs: count, disagreements, buildProblems, skipped: answers.refusals, seconds: { build, outDir, calls, typescript }, catalog: JSON.stringify(built.catalog, null, 1) }
}

/** Seconds since the last call (or since it was made), to a tenth. */
function stopwatch(): () => number {
  let last = performance.now()
  return () => {
    const now = performance.now()
    const seconds = Math.round((now - last) / 100) / 10
    last = now
    return seconds
  }
}

function writeProject(root: string, samples: readonly Sample[]): void {
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(repoRoot, path.join(root, 'node_modules/toolcat'), 'dir')
  linkTypeScript7(root)
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'oracle', private: true, type: 'module' }))
  const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['tools'] }))
  mkdirSync(path.join(root, 'tools'))
  mkdirSync(path.join(root, 'checks'))
  for (const [index, sample] of samples.entries()) {
    const { declarations, type } = renderType(sample.spec, 'tool')
    const source = [
      "import { defineTool } from 'toolcat'",
      GENERIC_PRELUDE,
      declarations,
      `export type Params = { v: ${type} }`,
      // The result written through a Promise as well: its schema is read from the written nodes too, and both checkers must agree on it.
      `export const s${index} = defineTool({ name: 's${index}', async execute(args: Params): Promise<{ v: ${type} }> { return args } })`,
      '',
    ]
    writeFileSync(path.join(root, 'tools', `s${index}.ts`), source.join('\n'))
  }
}

/** One (type, value) pair, with the lines of the statements TypeScript is asked about. */
interface Pair {
  readonly sample: number
  readonly value: unknown
  readonly precompiled: Verdict
  readonly runtime: Verdict
  /** `const c: P = value`: the value as a fresh literal. */
  readonly strict: number
  /** `const c: P = null! as <value's type>`: the value as its own literal type, not fresh, so neither keys P does not declare nor TypeScript's widening of a fresh literal's strings count. */
  readonly loose: number
  /** For an accepted value: the received value (as a fresh literal and as a type), and the value with the received one's coercions (where it differs from both). */
  readonly received?: { readonly strict: number; readonly loose: number }
  readonly coerced?: { readonly value: unknown; readonly strict: number; readonly loose: number }
}

/** The statements of the TypeScript program, one per line, by sample file. */
class CheckProgram {
  readonly #lines = new Map<number, string[]>()

  #statement(sample: number, text: string): number {
    let lines = this.#lines.get(sample)
    if (lines === undefined) this.#lines.set(sample, (lines = []))
    lines.push(text)
    return lines.length - 1
  }

  pair(sample: number, value: unknown, precompiled: Verdict, runtime: Verdict, defaults: ReadonlySet<string>): Pair {
    const strict = this.#statement(sample, `const c${this.#lines.get(sample)?.length ?? 0}: P = ${literal(value)}`)
    const loose = this.#statement(sample, asType(value))
    const accepted = precompiled.accepted ? precompiled : runtime.accepted ? runtime : undefined
    if (accepted === undefined || isDeepStrictEqual(accepted.received, value)) return { sample, value, precompiled, runtime, strict, loose }
    const received = { strict: this.#statement(sample, `const c${this.#lines.get(sample)?.length ?? 0}: P = ${literal(accepted.received)}`), loose: this.#statement(sample, asType(accepted.received)) }
    const withCoercions = coerced(value, accepted.received, defaults)
    if (isDeepStrictEqual(withCoercions, value)) return { sample, value, precompiled, runtime, strict, loose, received }
    const coercedStrict = this.#statement(sample, `const c${this.#lines.get(sample)?.length ?? 0}: P = ${literal(withCoercions)}`)
    const coercedLoose = this.#statement(sample, asType(withCoercions))
    return { sample, value, precompiled, runtime, strict, loose, received, coerced: { value: withCoercions, strict: coercedStrict, loose: coercedLoose } }
  }

  /** Runs TypeScript 7 once over every sample's file: the error codes of each statement, and the samples whose declarations it refused. */
  check(root: string, samples: readonly Sample[]): { errors: Map<string, number[]>; skipped: Set<number>; refusals: string[] } {
    const header = new Map<number, number>()
    const files: string[] = []
    for (const [sample, lines] of this.#lines) {
      const { declarations, type } = renderType((samples[sample] as Sample).spec, 'oracle')
      const head = ['export {}', GENERIC_PRELUDE, declarations, `type P = { v: ${type} }`, 'declare function is<T>(value: T): void'].join('\n').split('\n')
      header.set(sample, head.length)
      writeFileSync(path.join(root, 'checks', `s${sample}.ts`), [...head, ...lines, ''].join('\n'))
      files.push(`s${sample}.ts`)
    }
    const compilerOptions = { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, types: [] }
    writeFileSync(path.join(root, 'checks', 'tsconfig.json'), JSON.stringify({ compilerOptions, files }))
    const run = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'checks/tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8', maxBuffer: 1 << 28 })
    if (run.error) throw run.error
    const errors = new Map<string, number[]>()
    const skipped = new Set<number>()
    const refusals: string[] = []
    for (const line of run.stdout.split('\n')) {
      const match = /^(?:.*[/\\])?s(\d+)\.ts\((\d+),\d+\): error TS(\d+):/.exec(line)
      if (match === null) continue
      const sample = Number(match[1])
      const statement = Number(match[2]) - 1 - (header.get(sample) ?? 0)
      if (statement < 0) {
        skipped.add(sample)
        refusals.push(`${line}\n${renderType((samples[sample] as Sample).spec, 'oracle').declarations}`)
      }
      else errors.set(`${sample}:${statement}`, [...(errors.get(`${sample}:${statement}`) ?? []), Number(match[3])])
    }
    if (run.status !== 0 && errors.size === 0 && skipped.size === 0) throw new Error(`tsc failed: ${run.stdout}${run.stderr}`)
    return { errors, skipped, refusals }
  }
}

/**
 * The comparison rules, applied to one pair (the oracle test states them). Undefined when the
 * registry and TypeScript agree, else the rule broken and what each side said.
 */
function judge(pair: Pair, errors: ReadonlyMap<string, readonly number[]>, defaults: ReadonlySet<string>): { rule: string; detail: string } | undefined {
  const codes = (statement: number | undefined) => (statement === undefined ? [] : (errors.get(`${pair.sample}:${statement}`) ?? []))
  const accepts = (statement: number | undefined) => codes(statement).length === 0
  const onlyUndeclared = (statement: number) => codes(statement).every((code) => UNDECLARED_KEY_CODES.has(code))
  const { precompiled, runtime } = pair
  const say = (verdict: Verdict) => (verdict.accepted ? `accepted, handler received ${JSON.stringify(verdict.received)}` : `refused: ${verdict.fault}`)
  const sides = () => `precompiled ${say(precompiled)}; runtime ${say(runtime)}; TypeScript: value ${show(codes(pair.strict))}, value as a type ${show(codes(pair.loose))}`
  if (precompiled.accepted !== runtime.accepted || (precompiled.accepted && runtime.accepted && !isDeepStrictEqual(precompiled.received, runtime.received))) {
    return { rule: 'precompiled and runtime validators answer alike', detail: sides() }
  }
  const typeAccepts = accepts(pair.strict) || accepts(pair.loose)
  if (!precompiled.accepted) return typeAccepts ? { rule: 'every value of the type is accepted', detail: sides() } : undefined
  // Rule 6: a `${number}` text too large for a double is accepted where TypeScript refuses it.
  if (!typeAccepts && overflowingNumberText(pair.value)) return undefined
  // Rule 7: what the registry received, but for the defaults it filled in where the value left an initialised class field out.
  const kept = withoutDefaults(pair.value, precompiled.received, defaults)
  if (accepts(pair.strict) && !isDeepStrictEqual(kept, pair.value)) return { rule: 'a value of the type reaches the handler unchanged', detail: sides() }
  const received = pair.received ?? pair
  if (!accepts(received.strict) && !accepts(received.loose)) return { rule: 'the handler receives only values of the type', detail: `${sides()}; TypeScript on the received value: ${show(codes(received.strict))}, as a type ${show(codes(received.loose))}` }
  if (typeAccepts) return undefined
  // Accepted, though TypeScript refuses the value as sent: only by dropping keys it does not declare, and coercing JSON text.
  const changes = changesBetween(pair.value, kept)
  if (changes !== undefined) return { rule: 'the registry only drops undeclared keys and coerces JSON text', detail: `${sides()}; ${changes}` }
  const coerced = pair.coerced
  if (coerced !== undefined && (accepts(coerced.strict) || accepts(coerced.loose) || onlyUndeclared(coerced.strict))) return undefined
  if (coerced === undefined && onlyUndeclared(pair.strict)) return undefined
  return { rule: 'keys the registry drops are keys the type does not declare', detail: `${sides()}${coerced === undefined ? '' : `; coerced value ${show(codes(coerced.strict))}`}` }
}

/** Whether a string in `value` holds number text that `Number()` reads as an infinity (`1e999`): rule 6. */
function overflowingNumberText(value: unknown): boolean {
  if (typeof value === 'string') return [...value.matchAll(/[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g)].some(([text]) => Number(text) === Infinity || Number(text) === -Infinity)
  if (Array.isArray(value)) return value.some(overflowingNumberText)
  return isRecord(value) && Object.values(value).some(overflowingNumberText)
}

function show(codes: readonly number[]): string {
  return codes.length === 0 ? 'accepted' : `refused (${codes.map((code) => `TS${code}`).join(', ')})`
}

/** Describes a change from `sent` to `received` other than a dropped key or a string coerced to the number or boolean it spells; undefined when there is none. */
function changesBetween(sent: unknown, received: unknown, at = 'v'): string | undefined {
  if (typeof sent === 'string' && (typeof received === 'number' || typeof received === 'boolean') && JSON.stringify(received) === sent) return undefined
  if (Array.isArray(sent) && Array.isArray(received) && sent.length === received.length) {
    for (const [index, item] of sent.entries()) {
      const change = changesBetween(item, received[index], `${at}[${index}]`)
      if (change !== undefined) return change
    }
    return undefined
  }
  if (isRecord(sent) && isRecord(received)) {
    for (const key of Object.keys(received)) {
      if (!Object.hasOwn(sent, key)) return `${at}.${key} was added`
      const change = changesBetween(sent[key], received[key], `${at}.${key}`)
      if (change !== undefined) return change
    }
    return undefined
  }
  return isDeepStrictEqual(sent, received) ? undefined : `${at} changed from ${JSON.stringify(sent)} to ${JSON.stringify(received)}`
}

/** `received` without the keys `sent` left out that hold a class field's initialised value (`name=JSON` in `defaults`). */
function withoutDefaults(sent: unknown, received: unknown, defaults: ReadonlySet<string>): unknown {
  if (Array.isArray(sent) && Array.isArray(received)) return received.map((item, index) => withoutDefaults(sent[index], item, defaults))
  if (!isRecord(sent) || !isRecord(received)) return received
  const entries = Object.entries(received).filter(([key, item]) => Object.hasOwn(sent, key) || !defaults.has(`${key}=${JSON.stringify(item)}`))
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutDefaults(sent[key], item, defaults)]))
}

/** `sent` with the coercions `received` made and the defaults it filled in (rule 7), and nothing dropped. */
function coerced(sent: unknown, received: unknown, defaults: ReadonlySet<string>): unknown {
  if (typeof sent === 'string' && (typeof received === 'number' || typeof received === 'boolean') && JSON.stringify(received) === sent) return received
  if (Array.isArray(sent) && Array.isArray(received)) return sent.map((item, index) => coerced(item, received[index], defaults))
  if (isRecord(sent) && isRecord(received)) {
    const filled = Object.entries(received).filter(([key, item]) => !Object.hasOwn(sent, key) && defaults.has(`${key}=${JSON.stringify(item)}`))
    return Object.fromEntries([...Object.keys(sent).map((key) => [key, Object.hasOwn(received, key) ? coerced(sent[key], received[key], defaults) : sent[key]]), ...filled])
  }
  return sent
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A statement asking whether the value's own literal type (arrays as tuples) is a `P`. */
function asType(value: unknown): string {
  return `is<P>(null! as ${typeLiteral(value)})`
}

/** A JSON value as its TypeScript literal type, on one line. */
function typeLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(typeLiteral).join(', ')}]`
  if (isRecord(value)) return `{ ${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${typeLiteral(item)}`).join('; ')} }`
  return literal(value)
}

/** A JSON value as a TypeScript literal on one line (JSON is one, save `-0`, which JSON writes as `0`). */
function literal(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (Object.is(item, -0) ? 0 : item)) ?? 'undefined'
}
