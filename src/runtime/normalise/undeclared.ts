import { nearestName } from '../../nearest-name.js'
import type { ToolAnnotations, ToolFault } from '../types.js'
import { isRecordValue } from './copy.js'
import { receivedAt } from '../faults.js'

/** What to do with a key no schema at its place declares: drop it (the seed's rule) or refuse the call. */
export type UndeclaredKeys = 'drop' | 'refuse'

/**
 * A consequential tool refuses a key its schema does not declare, where others drop it: a misspelt
 * `ammount` must not leave an optional `amount` to a default that moves money. `chosen` (a
 * registry's `undeclaredKeys`) decides for every tool.
 */
export function undeclaredKeysOf(annotations: ToolAnnotations | undefined, chosen?: UndeclaredKeys): UndeclaredKeys {
  return chosen ?? (annotations?.consequential === true ? 'refuse' : 'drop')
}

/** The keys a schema declares at a place of the normalised copy, where the schema can say. */
export type DeclaredKeysAt = (path: readonly (string | number)[]) => readonly string[] | undefined

/**
 * The keys the caller sent that the normalised copy dropped, as `undeclared` faults in the order
 * sent, each naming the declared key it most likely meant (`ammount` → `did you mean amount?`).
 * The copy keeps every declared key and every key a record or open object allows, so a key it
 * lacks is one no schema at its place declares; a key sent as `undefined` is absent, not undeclared.
 */
export function undeclaredKeyFaults(sent: unknown, copy: unknown, declaredAt: DeclaredKeysAt): ToolFault[] {
  const faults: ToolFault[] = []
  const visit = (value: unknown, kept: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value) && Array.isArray(kept)) {
      value.forEach((item, index) => visit(item, kept[index], [...path, index]))
      return
    }
    if (!isRecordValue(value) || !isRecordValue(kept)) return
    for (const key of Object.keys(value)) {
      if (value[key] === undefined) continue
      if (Object.hasOwn(kept, key)) visit(value[key], kept[key], [...path, key])
      else faults.push(undeclaredFault([...path, key], value[key], declaredAt(path) ?? Object.keys(kept)))
    }
  }
  visit(sent, copy, [])
  return faults
}

/**
 * The undeclared keys that explain a refusal of a tool that drops them: for each required key
 * missing, a key sent beside it that no schema there declares and that most likely misspells it
 * (`eu-centrl-1` beside a missing `eu-central-1`), as an `undeclared` fault naming the key meant.
 * Keys that only went unused explain nothing and stay dropped silently. `declaredAt` answers
 * for places of the value as sent; where it cannot say (a union no branch took), a key that is a
 * near miss of the missing one counts.
 */
export function misspeltKeyFaults(faults: readonly ToolFault[], sent: unknown, declaredAt: DeclaredKeysAt): ToolFault[] {
  const found: ToolFault[] = []
  const seen = new Set<string>()
  for (const fault of faults) {
    if (fault.reason !== 'required' || fault.path.length === 0) continue
    const at = fault.path.slice(0, -1)
    const missing = String(fault.path[fault.path.length - 1])
    const holder = receivedAt(sent, at).received
    if (!isRecordValue(holder)) continue
    const declared = declaredAt(at)
    for (const key of Object.keys(holder)) {
      if (holder[key] === undefined || key === missing || declared?.includes(key) === true) continue
      if (nearestName(key, declared ?? [missing]) !== missing) continue
      const place = JSON.stringify([...at, key])
      if (seen.has(place)) continue
      seen.add(place)
      found.push(undeclaredFault([...at, key], holder[key], [missing]))
    }
  }
  return found
}

function undeclaredFault(path: (string | number)[], received: unknown, declared: readonly string[]): ToolFault {
  const key = String(path[path.length - 1])
  const meant = nearestName(key, declared)
  return { path, reason: 'undeclared', ...(meant !== undefined && { expected: `did you mean ${meant}?`, meant }), received }
}
