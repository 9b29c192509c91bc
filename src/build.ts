// `toolcat/build`: the Node-side API (analysis with ts-morph, emitters, writers).
export type { Diagnostic, DiagnosticSeverity } from './analyze/diagnostic.js'
