import { RE2JS } from 're2js'
import { re2Source } from './re2-syntax.js'

/** What ajv needs of a compiled pattern. */
export interface PatternTester {
  test(text: string): boolean
  /** The pattern and flags, as a RegExp writes them: ajv keys compiled patterns by it. */
  toString(): string
}

/**
 * The regular-expression engine of every validator, at run time and in precompiled code (ajv's
 * `code.regExp`): `pattern` keeps its JavaScript meaning (checked by `new RegExp`, which compiles
 * without matching) but is matched by RE2JS, whose time is linear in the text, so no pattern
 * (`^(a+)+$`, say) can stall a process by backtracking. Throws `NonLinearPattern` for a
 * backreference or a lookaround, and RE2's `SyntaxError`-like error for what RE2 cannot express
 * (a repetition count over 1000). `code` is how ajv's
 * standalone output reaches this function: toolcat maps that require to an import of
 * `toolcat/validator-runtime`.
 */
export const linearRegExp: ((pattern: string, flags: string) => PatternTester) & { code: string } = Object.assign(
  (pattern: string, flags: string): PatternTester => {
    new RegExp(pattern, flags) // the JavaScript syntax, as ajv's own engine would check it
    const compiled = RE2JS.compile(re2Source(pattern))
    const key = `/${pattern}/${flags}`
    // ajv keys compiled patterns by `toString()`: one per pattern and flags, as a RegExp's is.
    return { test: (text: string) => compiled.test(text), toString: () => key }
  },
  { code: 'require("toolcat/validator-runtime").linearRegExp' },
)
