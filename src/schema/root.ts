import { codes } from '../codes.js'
import type { JsonSchema } from '../runtime/types.js'
import { admits } from './admitted.js'
import { Ref, type Entry, type Ir } from './ir.js'
import { orderedMembers } from './units/member-order.js'
import type { TypeView } from './view.js'
import type { Walker } from './walker.js'

const nothingKinds = new Set(['null', 'undefined', 'void', 'never'])
/** Keywords of a union's own schema that describe it rather than constrain it. */
const metadata = new Set(['description', 'title', 'deprecated', 'readOnly', 'writeOnly', 'default', 'examples'])

/**
 * The root of a parameter schema: arguments are always a record, so the root is always an object.
 * `T | null` and `T | undefined` derive `T`; members that can never be a record (a string, an array)
 * are left out with a warning; several object members make `{ type: "object", anyOf: [...] }`
 * (with the union's own description); `unknown` (and anything that admits any value) an open
 * `{ type: "object" }`. A root that can never be a record is TC1006, unless its own problem already
 * says why (a `Date`).
 */
export function rootEntry<N>(type: TypeView<N>, walk: Walker<N>): Entry<N> {
  const entry: Entry<N> = { schema: {}, done: true, problems: [], named: undefined, checks: [] }
  const context = walk.contextFor(entry)
  const union = type.kind === 'union'
  const members = union ? orderedMembers(type).filter((member) => !nothingKinds.has(member.kind)) : [type]
  const refs = members.map((member) => context.child(member))
  const records = refs.filter((ref) => admits(ref, 'object'))
  if (records.length === 0) {
    entry.schema = { type: 'object' }
    const explained = refs.some((ref) => ref.target.problems.some((problem) => problem.path.length === 0 && problem.code === codes.nonJsonType))
    if (!explained) {
      entry.problems.push({
        code: codes.nonObjectParameters,
        severity: 'error',
        message: `parameters must be an object type, not ${type.text}`,
        hint: 'take one object argument and name the value, e.g. `execute(args: { value: T })`',
        path: [],
        node: undefined,
      })
    }
    for (const ref of refs) entry.problems.push(...ref.target.problems)
    return entry
  }
  for (const [index, ref] of refs.entries()) {
    if (records.includes(ref)) continue
    entry.problems.push({
      code: codes.nonObjectParameters,
      severity: 'warning',
      message: `${members[index]?.text ?? 'a member'} can never be a record of arguments; left out of the parameters`,
      path: [],
      node: undefined,
    })
  }
  const [only] = records
  if (records.length > 1 || only === undefined) entry.schema = { type: 'object', ...unionMetadata(context.child(type)), anyOf: records }
  // An intersection such as `Uint8Array & object` may admit records without saying `type: object`.
  else if (!admitsAnything(only)) entry.schema = topType(only) === 'object' ? only : only.annotate({ type: 'object' })
  else {
    // `unknown`, `any` (or a T5 type standing in as `{}`): any record will do.
    entry.schema = { type: 'object', ...only.annotations }
    entry.problems.push(...only.target.problems)
  }
  return entry
}

/** What describes the union as a whole: its own JSDoc, and that of the aliases naming it where it is written. */
function unionMetadata<N>(whole: Ref<N>): JsonSchema {
  const own = whole.target.schema instanceof Ref ? {} : whole.target.schema
  const described = { ...own, ...whole.annotations }
  return Object.fromEntries(Object.entries(described).filter(([keyword]) => metadata.has(keyword)))
}

/** The `type` keyword a reference's schema ends up with at its top. */
function topType<N>(ref: Ref<N>): unknown {
  let current: Ir<N> = ref
  while (current instanceof Ref) {
    if (current.annotations?.['type'] !== undefined) return current.annotations['type']
    current = current.target.schema
  }
  return current['type']
}

function admitsAnything<N>(ref: Ref<N>): boolean {
  const schema: Ir<N> = ref.target.schema
  return !(schema instanceof Ref) && Object.keys(schema).length === 0
}
