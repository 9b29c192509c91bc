import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** One tsconfig of a chain: its path, or the `extends` specifier that names nothing on disk. */
export type TsconfigLink = { readonly file: string } | { readonly unresolved: string; readonly from: string }

/**
 * The tsconfig and every file it `extends`, directly or through others (a string or an array of
 * them, relative paths or packages, as TypeScript resolves them), in the order they are met, each
 * once. A build's options come from all of them, so a cache key must hash them all: a `strict`
 * turned off in a base config changes the schemas. Read without loading TypeScript; a config that
 * does not parse ends its branch (the checker reports it), and a specifier that resolves to no file
 * is kept as such, so that creating that file later changes the key too.
 */
export function tsconfigChain(tsconfig: string): TsconfigLink[] {
  const chain: TsconfigLink[] = []
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    chain.push({ file })
    for (const specifier of extendsOf(file)) {
      const base = resolveExtends(specifier, path.dirname(file))
      if (base === undefined) chain.push({ unresolved: specifier, from: file })
      else visit(base)
    }
  }
  visit(path.resolve(tsconfig))
  return chain
}

/** The `extends` specifiers of a tsconfig, or none when it cannot be read or parsed. */
function extendsOf(file: string): string[] {
  let config: unknown
  try {
    config = JSON.parse(withoutCommentsAndTrailingCommas(readFileSync(file, 'utf8')))
  } catch {
    return []
  }
  const value = typeof config === 'object' && config !== null ? (config as { extends?: unknown }).extends : undefined
  const specifiers = Array.isArray(value) ? value : [value]
  return specifiers.filter((specifier): specifier is string => typeof specifier === 'string' && specifier !== '')
}

/**
 * Where TypeScript finds an `extends` target: a relative or absolute path (`.json` added when the
 * path names no file), or a package's file, its `tsconfig.json`, or the file its `exports` give.
 */
function resolveExtends(specifier: string, dir: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const target = path.resolve(dir, specifier)
    return [target, `${target}.json`].find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile() === true)
  }
  const require = createRequire(path.join(dir, 'tsconfig.json'))
  for (const candidate of [specifier, `${specifier}.json`, `${specifier}/tsconfig.json`]) {
    try {
      return require.resolve(candidate)
    } catch {
      // Not this form: try the next.
    }
  }
  return undefined
}

/**
 * tsconfig files are JSON with comments and trailing commas: both are blanked out (strings kept
 * whole, so a `//` inside a path stays) before `JSON.parse`.
 */
export function withoutCommentsAndTrailingCommas(text: string): string {
  let out = ''
  // Where in `out` the last comma was written, while only blanks and comments followed it.
  let comma = -1
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string
    if (char === '/' && text[index + 1] === '/') {
      while (index + 1 < text.length && text[index + 1] !== '\n') index++
      out += ' '
      continue
    }
    if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2)
      index = end === -1 ? text.length : end + 1
      out += ' '
      continue
    }
    if ((char === '}' || char === ']') && comma !== -1) out = `${out.slice(0, comma)} ${out.slice(comma + 1)}`
    if (!/\s/.test(char)) comma = -1
    if (char === ',') comma = out.length
    if (char === '"') {
      const end = stringEnd(text, index)
      out += text.slice(index, end)
      index = end - 1
    } else {
      out += char
    }
  }
  return out
}

/** The index just past the string literal opening at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1
  return index + 1
}

