import { _, Name, nil, type CodeKeywordDefinition, type KeywordCxt } from 'ajv'
import { callValidateCode } from 'ajv/dist/vocabularies/code.js'
import { SUBSCHEMA_KEYWORD } from './shared-subschemas.js'

/** The module specifier standing, in generated code, for the shared validator of subschema `id`. */
export function subschemaRequire(id: string): string {
  return `${SUBSCHEMA_KEYWORD}/${id}`
}

/** The subschema id in a specifier of `subschemaRequire`, else undefined. */
export function subschemaOfRequire(specifier: string): string | undefined {
  return specifier.startsWith(`${SUBSCHEMA_KEYWORD}/`) ? specifier.slice(SUBSCHEMA_KEYWORD.length + 1) : undefined
}

// The variables of ajv's generated code holding the errors so far and their count.
const vErrors = new Name('vErrors')
const errorCount = new Name('errors')

// One stand-in value per id: ajv names a scope value once per value, so a subschema used twice
// in one schema is imported once.
const standIns = new Map<string, { readonly id: string }>()

/**
 * The ajv keyword of a linked schema (see `linkSharedSubschemas`): `{ "toolcat:subschema": id }`
 * validates the data with the shared validator of that subschema, as ajv calls a referenced schema
 * compiled on its own, and reports its errors as if the subschema had been compiled in place:
 * each error's `schemaPath` is prefixed with the place of the reference (the shared validator
 * knows only paths inside its own subschema, except in the definitions it carries, which sit where
 * the caller's have them), its `instancePath` continues the caller's. Only
 * build-time standalone generation uses it; the code it emits requires the shared module by
 * `subschemaRequire(id)`, which the generated module then imports.
 */
export const subschemaKeyword: CodeKeywordDefinition = {
  keyword: SUBSCHEMA_KEYWORD,
  schemaType: 'string',
  code(cxt: KeywordCxt) {
    const { gen, it } = cxt
    const id = cxt.schema as string
    const ref = standIns.get(id) ?? { id }
    standIns.set(id, ref)
    const validate = gen.scopeValue('func', { ref, code: _`require(${subschemaRequire(id)}).validate` })
    const prefix = it.errSchemaPath
    cxt.pass(callValidateCode(cxt, validate, nil), () => {
      const errors = gen.const('errs', _`${validate}.errors`)
      // Errors of the definitions it carries already have the paths the caller's schema gives them.
      gen.forOf('err', errors, (error) =>
        gen.if(_`!${error}.schemaPath.startsWith("#/$defs/") && !${error}.schemaPath.startsWith("#/definitions/")`, () =>
          gen.assign(_`${error}.schemaPath`, _`${prefix} + ${error}.schemaPath.slice(1)`),
        ),
      )
      gen.assign(vErrors, _`${vErrors} === null ? ${errors} : ${vErrors}.concat(${errors})`)
      gen.assign(errorCount, _`${vErrors}.length`)
    })
  },
}
