/** Reads what `toolcat build --outDir` wrote: the registry's lazy imports, its entry size, an eager twin. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?['"]([^'"]+)['"]/g

function specifiers(text, pattern) {
  return [...text.matchAll(pattern)].map((match) => match[1])
}

/** Returns the relative specifiers `registry.js` imports on demand (one per tool module). */
export function lazyImports(registryPath) {
  return specifiers(readFileSync(registryPath, 'utf8'), DYNAMIC_IMPORT).filter((spec) => spec.startsWith('.'))
}

/**
 * Returns `{ bytes, files, bare }`: bytes of registry.js plus every module it statically imports by
 * relative path (transitively) — what a cold start must load before `definitions()` — and the bare
 * specifiers (e.g. 'toolcat') it imports, which are not counted.
 */
export function entryChunk(registryPath) {
  const seen = new Set()
  const bare = new Set()
  const visit = (file) => {
    if (seen.has(file) || !existsSync(file)) return
    seen.add(file)
    for (const spec of specifiers(readFileSync(file, 'utf8'), STATIC_IMPORT)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec))
      else bare.add(spec)
    }
  }
  visit(registryPath)
  const bytes = [...seen].reduce((sum, file) => sum + statSync(file).size, 0)
  return { bytes, files: seen.size, bare: [...bare].sort() }
}

/** Writes, next to the registry, a module importing every tool module up front; returns its path. */
export function writeEagerModule(registryPath) {
  const imports = lazyImports(registryPath)
  if (!imports.length) return undefined
  // Same folder as the registry, so its relative specifiers hold unchanged.
  const path = join(dirname(registryPath), 'eager-bench.mjs')
  writeFileSync(path, imports.map((spec) => `import '${spec}'\n`).join(''))
  return path
}
