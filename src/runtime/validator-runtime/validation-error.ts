import validationErrorModule from 'ajv/dist/runtime/validation_error.js'

/** The error an asynchronous validator rejects with. */
export const ValidationError = validationErrorModule.default
