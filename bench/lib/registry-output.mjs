/** Reads what `toolcat build --outDir` wrote: the registry's lazy imports, its entry size, an eager twin. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { repoRoot } from './toolcat.mjs'

const toolcatDist = join(repoRoot, 'dist')

const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?['"]([^'"]+)['"]/g

function specifiers(text, pattern) {
  return [...text.matchAll(pattern)].map((match) => match[1])
}

/** Returns the relative specifiers `registry.js` imports on demand (one per tool module). */
export function lazyImports(registryPath) {
  return specifiers(readFileSync(registryPath, 'utf8'), DYNAMIC_IMPORT).filter((spec) => spec.startsWith('.'))
}

// A bare specifier resolving into the toolcat package (e.g. 'toolcat' itself) is followed: its
// runtime is part of what a cold start loads. Other packages are only named.
function resolveBare(spec, from) {
  try {
    const file = createRequire(from).resolve(spec)
    return file.startsWith(toolcatDist) ? file : undefined
  } catch {
    return undefined
  }
}

/**
 * Returns `{ bytes, files, toolcatBytes, toolcatFiles, external }`: bytes of registry.js and every
 * module it statically imports by relative path (transitively), then of the toolcat runtime modules
 * it statically reaches, and the other packages it imports (not counted).
 */
export function entryChunk(registryPath) {
  const seen = new Set()
  const toolcat = new Set()
  const external = new Set()
  const visit = (file, into) => {
    if (seen.has(file) || !existsSync(file)) return
    seen.add(file)
    into.add(file)
    for (const spec of specifiers(readFileSync(file, 'utf8'), STATIC_IMPORT)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec), into)
      else if (!spec.startsWith('node:')) {
        const runtime = resolveBare(spec, file)
        if (runtime) visit(runtime, toolcat)
        else external.add(spec)
      }
    }
  }
  const generated = new Set()
  visit(resolve(registryPath), generated)
  const size = (files) => [...files].reduce((sum, file) => sum + statSync(file).size, 0)
  return { bytes: size(generated), files: generated.size, toolcatBytes: size(toolcat), toolcatFiles: toolcat.size, external: [...external].sort() }
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
