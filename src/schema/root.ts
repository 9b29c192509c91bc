import { codes } from '../analyze/codes.js'
import { admits } from './admitted.js'
import { Ref, type Entry, type Ir } from './ir.js'
import { orderedMembers } from './units/member-order.js'
import type { TypeView } from './view.js'
import type { Walker } from './walker.js'

const nothingKinds = new Set(['null', 'undefined', 'void', 'never'])

/**
 * The root of a parameter schema: arguments are always a record, so the root is always an object.
 * `T | null` and `T | undefined` derive `T`; members that can never be a record (a string, an array)
 * are left out with a warning; several object members make `{ type: "object", anyOf: [...] }`;
 * `unknown` (and anything that admits any value) an open `{ type: "object" }`. A root that can
 * never be a record is TC1006, unless its own problem already says why (a `Date`).
 */
export function rootEntry<N>(type: TypeView<N>, walk: Walker<N>): Entry<N> {
  const entry: Entry<N> = { schema: {}, done: true, problems: [], named: undefined, checks: [] }
  const members = type.kind === 'union' ? orderedMembers(type).filter((member) => !nothingKinds.has(member.kind)) : [type]
  const refs = members.map((member) => new Ref(walk(member), [], undefined))
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
  if (records.length > 1 || only === undefined) entry.schema = { type: 'object', anyOf: records }
  else if (!admitsAnything(only.target.schema)) entry.schema = only
  else {
    // `unknown`, `any` (or a T5 type standing in as `{}`): any record will do.
    entry.schema = { type: 'object' }
    entry.problems.push(...only.target.problems)
  }
  return entry
}

function admitsAnything<N>(schema: Ir<N>): boolean {
  return !(schema instanceof Ref) && Object.keys(schema).length === 0
}
