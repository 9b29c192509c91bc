// The readers live in the runtime (src/runtime/schema-reading.ts), which the lazy registry's
// `nullAsAbsent` needs in the browser; interop modules keep importing them from here.
export * from '../../runtime/schema-reading.js'
