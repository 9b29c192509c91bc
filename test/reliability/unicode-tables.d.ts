// Types of the ECMAScript Unicode property tables the pattern property test enumerates (the packages ship none).
declare module 'unicode-canonical-property-names-ecmascript' {
  /** Canonical property names RegExp property escapes accept: General_Category, Script, Script_Extensions and the binary ones. */
  const names: ReadonlySet<string>
  export default names
}
declare module 'unicode-property-aliases-ecmascript' {
  /** Property alias → canonical property name (`gc` → `General_Category`, `Alpha` → `Alphabetic`). */
  const aliases: ReadonlyMap<string, string>
  export default aliases
}
declare module 'unicode-match-property-value-ecmascript/data/mappings.js' {
  /** Canonical property → (value or alias → canonical value), for General_Category, Script and Script_Extensions. */
  const mappings: ReadonlyMap<string, ReadonlyMap<string, string>>
  export default mappings
}
