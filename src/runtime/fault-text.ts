import type { ToolFault } from './types.js'

/** How many faults a refusal's message lists before it says how many more there are. */
export const LISTED_FAULTS = 8

/** The name a fault at the root of the arguments is shown at. */
export const ROOT_PATH = '(root)'

/**
 * The message of a refused call: one line per fault, each `<path>: <reason>; expected …; received …`,
 * the first `LISTED_FAULTS` of them, then `and N more`. The first line is the first fault alone, so
 * a caller reading only the start reads what a one-fault refusal says. A union no branch takes is
 * one line: the faults of its branches (listed in `context.faults`) are what each branch would
 * have needed, which a reader does not have to satisfy all at once.
 */
export function refusalMessage(faults: readonly ToolFault[]): string {
  const shown = readableFaults(faults)
  const lines = shown.slice(0, LISTED_FAULTS).map((fault) => formatFault(fault))
  if (shown.length > LISTED_FAULTS) lines.push(`and ${shown.length - LISTED_FAULTS} more`)
  return lines.join('\n')
}

/**
 * The faults a message lists: none at or below a union already reported, none at a place already
 * listed by a union fault — except those of the closest branch a union fault names, which are
 * what the caller most likely has to mend.
 */
function readableFaults(faults: readonly ToolFault[]): ToolFault[] {
  const shown: ToolFault[] = []
  const unions: (readonly (string | number)[])[] = []
  for (const fault of faults) {
    if (unions.some((union) => startsWith(fault.path, union))) continue
    const union = (fault.reason === 'anyOf' && fault.closestBranch === undefined) || fault.reason === 'oneOf' || fault.reason === 'contains'
    if (union) unions.push(fault.path)
    if (union && shown.some((listed) => startsWith(listed.path, fault.path) && listed.path.length === fault.path.length)) continue
    shown.push(fault)
  }
  return shown
}

function startsWith(path: readonly (string | number)[], prefix: readonly (string | number)[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => String(path[index]) === String(segment))
}

/**
 * Renders a fault as `<path>: <reason>; expected <expected>; received <value>`, dropping absent
 * parts; the root is `(root)` (or `root`), a discriminated branch reads `items.0 (kind "discount"): code: …`,
 * an undeclared key reads `ammount: not a declared key (did you mean amount?)`, and a misspelt allowed
 * string ends with the one it likely meant: `type: enum; expected one of ["A","CNAME"]; received "CNAM" (did you mean "CNAME"?)`.
 */
export function formatFault(fault: ToolFault, root = ROOT_PATH): string {
  const where = pathText(fault, root)
  if (fault.reason === 'undeclared') return `${where}: not a declared key${fault.expected === undefined ? '' : ` (${fault.expected})`}`
  let text = `${where}: ${fault.reason}`
  if (fault.expected !== undefined) text += `; expected ${fault.expected}`
  // A union's closest branch lists its faults next: the whole object or array sent there would only repeat them.
  const repeated = fault.closestBranch !== undefined && typeof fault.received === 'object' && fault.received !== null
  if (Object.hasOwn(fault, 'received') && !repeated) text += `; received ${receivedText(fault.received)}`
  if (fault.meant !== undefined) text += ` (did you mean ${jsonText(fault.meant)}?)`
  return text
}

function pathText({ path, branches = [] }: ToolFault, root: string): string {
  const pieces: string[] = []
  let from = 0
  for (const branch of branches) {
    pieces.push(`${path.slice(from, branch.depth).join('.')} (${branch.tag} ${jsonText(branch.value)})`.trimStart())
    from = branch.depth
  }
  const rest = path.slice(from).join('.')
  if (rest !== '' || pieces.length === 0) pieces.push(rest === '' ? root : rest)
  return pieces.join(': ')
}

/**
 * The value a caller sent, as JSON text where it is JSON; a value JSON cannot carry is named for
 * what it is (`a Date (not JSON: send an ISO 8601 string)`), never shown as the text it would
 * serialise to, which would read as if that text had been refused.
 */
export function receivedText(value: unknown): string {
  const foreign = notJson(value, [])
  if (foreign === undefined) return jsonText(value)
  if (foreign.path.length === 0) return foreign.what
  return `a value that is not JSON (${foreign.path.join('.')} is ${foreign.what})`
}

/** The first place inside `value` holding something JSON cannot carry, with its description. */
function notJson(value: unknown, path: (string | number)[], seen = new Set<object>()): { path: (string | number)[]; what: string } | undefined {
  const what = foreignValue(value)
  if (what !== undefined) return { path, what }
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined
  seen.add(value)
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = notJson(value[index], [...path, index], seen)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    const found = notJson((value as Record<string, unknown>)[key], [...path, key], seen)
    if (found !== undefined) return found
  }
  return undefined
}

function foreignValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'undefined':
      return 'undefined (not JSON)'
    case 'function':
      return 'a function (not JSON)'
    case 'bigint':
      return `the bigint ${String(value)}n (not JSON: send a number or a string)`
    case 'symbol':
      return 'a symbol (not JSON)'
    case 'number':
      return Number.isFinite(value) ? undefined : `${String(value)} (not a finite number)`
    case 'object':
      return value === null || Array.isArray(value) ? undefined : foreignObject(value)
  }
  return undefined
}

function foreignObject(value: object): string | undefined {
  if (value instanceof Date) return 'a Date (not JSON: send an ISO 8601 string)'
  let prototype: unknown
  try {
    prototype = Object.getPrototypeOf(value)
  } catch {
    return 'an object that cannot be read (not JSON)'
  }
  if (prototype === Object.prototype || prototype === null) return undefined
  const name = constructorName(prototype)
  return `${name === undefined ? 'an instance of a class' : `a ${name}`} (not JSON: send a plain object)`
}

function constructorName(prototype: unknown): string | undefined {
  try {
    const name: unknown = (prototype as { constructor?: { name?: unknown } }).constructor?.name
    return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : undefined
  } catch {
    return undefined
  }
}

/** `JSON.stringify`, falling back to `String` where it has no answer or throws. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
