import { isIdentifierName } from './identifier-name.js'

// Words that cannot name a `const` in a strict-mode ES module (nor a type in a .d.ts).
const reserved = new Set(
  (
    'arguments await break case catch class const continue debugger default delete do else enum eval export ' +
    'extends false finally for function if implements import in instanceof interface let new null package ' +
    'private protected public return static super switch this throw true try typeof var void while with yield'
  ).split(' '),
)

/**
 * The name a generated `import { <name> as … }` imports a tool's export by: `default` or an
 * identifier, else an error, so a catalog's `source.export` can never become code.
 */
export function importedName(exported: string): string {
  if (exported === 'default' || isIdentifierName(exported)) return exported
  throw new Error(`toolcat: refusing to generate an import of export ${JSON.stringify(exported)}: not an identifier`)
}

/**
 * Maps each name to a distinct JavaScript identifier, stable for a given input order: characters an
 * identifier cannot hold become `_`; a reserved word gains a `$`; a clash gains `$2`, `$3`… Tool
 * names (T1) never contain `$`, so a suffixed identifier cannot clash with a plain one.
 */
export function uniqueIdentifiers(names: readonly string[]): Map<string, string> {
  return uniqueNames(names, (name) => {
    const base = name.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_') || '_'
    return reserved.has(base) ? `${base}$` : base
  }, (identifier, n) => `${identifier}$${n}`)
}

/**
 * Maps each name to a distinct file base name that stays distinct on case-insensitive file
 * systems (`Add` and `add`): a clash gains `.2`, `.3`…, a character tool names never contain.
 */
export function uniqueFileNames(names: readonly string[]): Map<string, string> {
  return uniqueNames(names, (name) => name, (file, n) => `${file}.${n}`, (file) => file.toLowerCase())
}

function uniqueNames(
  names: readonly string[],
  base: (name: string) => string,
  suffixed: (base: string, n: number) => string,
  key: (candidate: string) => string = (candidate) => candidate,
): Map<string, string> {
  const taken = new Set<string>()
  const result = new Map<string, string>()
  for (const name of names) {
    const first = base(name)
    let candidate = first
    for (let n = 2; taken.has(key(candidate)); n++) candidate = suffixed(first, n)
    taken.add(key(candidate))
    result.set(name, candidate)
  }
  return result
}
