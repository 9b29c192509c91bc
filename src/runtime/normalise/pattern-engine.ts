/**
 * Compiles a `pattern` (JavaScript syntax, ajv's flags) into something that tests strings: the
 * shape of ajv's `code.regExp`, which toolcat fills with its linear-time `linearRegExp`. The
 * normaliser is handed it rather than importing it, so that the lazy runtime loads the engine
 * only with a validator that needs it.
 */
export type PatternEngine = (pattern: string, flags: string) => { test(text: string): boolean }
