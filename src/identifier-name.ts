/** An IdentifierName of the ECMAScript grammar (Unicode letters included, escapes not). */
const identifierName = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u

/**
 * The one identifier check, shared by the checks of dependency catalogs and the generators: whether
 * `text` may stand as a name (an import's, a property key's) in generated code exactly as written.
 */
export function isIdentifierName(text: string): boolean {
  return identifierName.test(text)
}
