import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js'

/** String length in Unicode code points, as `minLength` and `maxLength` count it. */
export const ucs2length: (text: string) => number = ucs2lengthModule.default
