// Browser-safe and used by the lazy registry, so it lives in the runtime; interop re-exports it.
export { nullsToAbsent } from '../runtime/null-as-absent.js'
