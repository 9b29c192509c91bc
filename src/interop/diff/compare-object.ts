import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject, propertiesOf, requiredOf } from '../schema/json-schema.js'
import type { CompareAt } from './schema-pair.js'
import type { Effect, SchemaChange } from './types.js'

/**
 * Compares object properties, `required` and `additionalProperties`. Effects are judged from the
 * caller's side: a new optional field is harmless both ways; a removed field breaks an input only
 * when the object is closed (the caller's value is now rejected) and an output only when the field
 * was required (consumers relied on it).
 */
export function compareObject(walk: CompareAt, old: JsonSchema, next: JsonSchema, path: string): SchemaChange[] {
  const changes: SchemaChange[] = []
  const oldProperties = propertiesOf(old)
  const nextProperties = propertiesOf(next)
  const oldRequired = new Set(requiredOf(old))
  const nextRequired = new Set(requiredOf(next))
  const nextClosed = next.additionalProperties === false
  for (const [name, schema] of Object.entries(oldProperties)) {
    const at = `${path}.${name}`
    // Own keys only: `__proto__` is a property name like any other, never the prototype.
    const counterpart = Object.hasOwn(nextProperties, name) ? nextProperties[name] : undefined
    if (counterpart) {
      changes.push(...requiredChange(at, oldRequired.has(name), nextRequired.has(name)), ...walk(schema, counterpart, at))
      continue
    }
    const effect = combine(nextClosed ? 'narrows' : 'none', oldRequired.has(name) ? 'widens' : 'none')
    changes.push({ path: at, kind: 'property-removed', effect, message: `property removed${nextClosed ? ' from a closed object' : ''}` })
  }
  for (const name of Object.keys(nextProperties)) {
    if (Object.hasOwn(oldProperties, name)) continue
    const required = nextRequired.has(name)
    changes.push({
      path: `${path}.${name}`,
      kind: required ? 'required-property-added' : 'optional-property-added',
      effect: required ? 'narrows' : 'none',
      message: `${required ? 'required' : 'optional'} property added`,
    })
  }
  changes.push(...compareAdditional(walk, old.additionalProperties, next.additionalProperties, path))
  return changes
}

function requiredChange(path: string, wasRequired: boolean, isRequired: boolean): SchemaChange[] {
  if (wasRequired === isRequired) return []
  return isRequired
    ? [{ path, kind: 'optional-to-required', effect: 'narrows', message: 'optional property became required' }]
    : [{ path, kind: 'required-to-optional', effect: 'widens', message: 'required property became optional' }]
}

function compareAdditional(walk: CompareAt, old: unknown, next: unknown, path: string): SchemaChange[] {
  if (isSchemaObject(old) && isSchemaObject(next)) return walk(old, next, `${path}.*`)
  if ((old === false) === (next === false)) return []
  return next === false
    ? [{ path, kind: 'object-closed', effect: 'narrows', message: 'undeclared properties no longer accepted' }]
    : [{ path, kind: 'object-opened', effect: 'widens', message: 'undeclared properties now accepted' }]
}

/** The effect of two independent changes to the same value set. */
export function combine(a: Effect, b: Effect): Effect {
  if (a === 'none') return b
  if (b === 'none' || a === b) return a
  return 'both'
}
