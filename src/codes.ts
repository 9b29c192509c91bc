/**
 * Every diagnostic code toolcat reports, in one table so codes stay stable and unique.
 * Add new codes at the end of their range; never renumber.
 */
export const codes = {
  /** T1: a tool name that does not match `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`. */
  invalidName: 'TC1001',
  /** T1: two tools with the same name. */
  duplicateName: 'TC1002',
  /** A definition field (name, title, description, summary, annotations) that is not a static literal. */
  nonStaticField: 'TC1003',
  /** T10: a top-level statement with a side effect. */
  sideEffect: 'TC1004',
  /** T5: a type in the parameters that is not JSON (Date, Map, Set, bigint, symbol, function, class, Promise). */
  nonJsonType: 'TC1005',
  /** The parameter type of `execute` is not an object type. */
  nonObjectParameters: 'TC1006',
  /** A type the schema generator cannot express. */
  unsupportedType: 'TC1007',
  /** A syntax error in a tool module. */
  syntaxError: 'TC1008',
  /** The tools folder holds no tool module. */
  noTools: 'TC1009',
  /** An import in a tool module that does not resolve. */
  unresolvedImport: 'TC1010',
  /** The tsconfig cannot be read or parsed. */
  badTsconfig: 'TC1011',
  /** A dependency's published catalog that cannot be read or does not match catalog.schema.json. */
  badDependencyCatalog: 'TC1012',
  /** A tool merged from a dependency whose name is already taken (by the app or another dependency). */
  dependencyNameClash: 'TC1013',
  /**
   * JSDoc that does not say what it seems to: a misspelled schema tag, a keyword its type cannot take,
   * an unknown format (warnings), a `@default` or `@examples` value its own schema refuses (error).
   */
  annotation: 'TC1014',
  /**
   * A definition field or annotation toolcat does not know, or an annotation that is not a boolean:
   * what it was meant to say (`consequential: true` outside `annotations`) would silently not hold.
   */
  unknownField: 'TC1015',
  /**
   * Parameters that say nothing about the arguments (`execute(args: any)`, or no annotation and no
   * `defineTool<Args>`): an open `{ "type": "object" }` that a model cannot fill in (a warning).
   */
  openParameters: 'TC1016',
} as const

/** A diagnostic code from the table above. */
export type DiagnosticCode = (typeof codes)[keyof typeof codes]
