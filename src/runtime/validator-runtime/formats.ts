import formats from 'ajv-formats/dist/formats.js'

/** ajv-formats' format checks by format name, in "full" mode (the one toolcat compiles with). */
export const fullFormats = formats.fullFormats
/** ajv-formats' format checks by format name, in "fast" mode. */
export const fastFormats = formats.fastFormats
