import equalModule from 'ajv/dist/runtime/equal.js'

/** Deep equality of JSON values, as `const`, `enum` and `uniqueItems` compare them. */
// ajv types it as fast-deep-equal's namespace import, which TypeScript does not see as callable.
export const equal = equalModule.default as unknown as (a: unknown, b: unknown) => boolean
