// `toolcat/validator-runtime`: the helpers of ajv and ajv-formats that precompiled (standalone)
// validators call at run time, re-exported so that generated code imports only `toolcat`, never a
// package the app did not declare (pnpm's strict layout hides toolcat's own dependencies). The
// published module is bundled, ESM and browser-safe; each helper is the very value ajv's standalone
// code would `require`, in a module of its own so that a bundle keeps only the helpers it uses.
// src/emit/validators/validator-runtime-names.ts maps ajv's requires to these exports.
export { equal } from './validator-runtime/equal.js'
export { fastFormats, fullFormats } from './validator-runtime/formats.js'
export { ucs2length } from './validator-runtime/ucs2length.js'
export { uri } from './validator-runtime/uri.js'
export { ValidationError } from './validator-runtime/validation-error.js'
export { linearRegExp } from './validator-runtime/linear-reg-exp.js'
