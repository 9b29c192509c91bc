import { createRequire } from 'node:module'
import type { Ajv as AjvInstance, ValidateFunction } from 'ajv'
import deepEqual from 'fast-deep-equal'
import { codes } from '../codes.js'
import { formatFault } from '../runtime/fault-text.js'
import { faultsOf } from '../runtime/faults.js'
import { assemble } from './assemble.js'
import { refsIn } from './definitions.js'
import type { Entry, ValueCheck } from './ir.js'
import { simpleFit } from './simple-fit.js'

/** Checks JSDoc values against the schemas they describe; one per schema generator. */
export type ValueChecker = <N>(root: Entry<N>) => void

/** What `settle` asks of a schema: a validator, built only where the value's fit is not plain to see. */
interface SchemaCheck {
  fits(value: unknown): boolean
  validate(): ValidateFunction
}

/**
 * A checker with its own validator cache. Before a tool's schema is assembled, every `@default` and
 * `@examples` value in the types it reaches is validated (as sent: no coercion, no defaults) against
 * the schema of the type it describes: the first candidate reading that fits is kept; when none
 * fits, the value is left out with an error (a warning for `@example`, which often holds code).
 * Each check runs once, its problems kept with the type like any other. A primitive value against
 * a schema of a type, an enum or a const is answered without ajv, which is loaded (~50 ms) only
 * for the rest.
 */
export function createValueChecker(): ValueChecker {
  let ajv: AjvInstance | undefined
  const compiled = new Map<string, ValidateFunction>()
  const validator = (schema: object): ValidateFunction => {
    const key = JSON.stringify(schema)
    let validate = compiled.get(key)
    if (!validate) compiled.set(key, (validate = (ajv ??= createAjv()).compile(schema)))
    return validate
  }
  const checkOf = (schema: object): SchemaCheck => ({
    fits: (value) => simpleFit(schema, value) ?? validator(schema)(value),
    validate: () => validator(schema),
  })
  // A finished entry's references never change, so an entry reached from one tool's root has had
  // everything below it checked: the next tool sharing it stops there.
  const seen = new WeakSet<object>()
  return (root) => {
    const pending = [root]
    while (pending.length > 0) {
      const entry = pending.pop()
      if (!entry || seen.has(entry)) continue
      seen.add(entry)
      for (const check of entry.checks.splice(0)) settle(entry, check, checkOf)
      for (const ref of refsIn<unknown>(entry.schema)) pending.push(ref.target as typeof root)
    }
  }
}

/** ajv and its formats, loaded on the first value that needs them. */
function createAjv(): AjvInstance {
  const require = createRequire(import.meta.url)
  const { Ajv } = require('ajv') as typeof import('ajv')
  const formats = require('ajv-formats') as typeof import('ajv-formats')
  const ajv = new Ajv({ strict: false, validateSchema: false, unicodeRegExp: true, allErrors: false })
  formats.default(ajv)
  return ajv
}

function settle<N>(entry: Entry<N>, check: ValueCheck<N>, checkOf: (schema: object) => SchemaCheck): void {
  const schemaCheck = checkOf(assemble({ schema: check.against, done: true, problems: [], named: undefined, checks: [] }).schema)
  const examples: unknown[] = []
  for (const value of check.values) {
    const fitting = value.candidates.find((candidate) => schemaCheck.fits(candidate))
    if (fitting !== undefined) {
      if (value.keyword === 'default') check.holder['default'] = fitting
      // `@example "x"` beside `@examples ["x", "y"]` names "x" once.
      else if (!examples.some((example) => deepEqual(example, fitting))) examples.push(fitting)
      continue
    }
    const [first] = value.candidates
    const validate = schemaCheck.validate()
    validate(first)
    const [fault] = faultsOf(validate.errors?.slice(0, 1) ?? [], first, first)
    const reason = fault ? formatFault(fault, '').replace(/^: /, '') : 'refused'
    entry.problems.push({
      code: codes.annotation,
      severity: value.severity,
      message: `${check.label}: ${value.tag} ${JSON.stringify(first)} is not a value of this type (${reason}); left out`,
      hint: value.keyword === 'default' ? 'give a default the type accepts, or remove it' : 'give an example the type accepts, or remove it',
      path: [check.label],
      node: check.node,
      anchored: true,
    })
    if (value.keyword === 'default') delete check.holder['default']
  }
  if (check.values.some((value) => value.keyword === 'examples')) {
    if (examples.length > 0) check.holder['examples'] = examples
    else delete check.holder['examples']
  }
}

