import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Layers only look down: runtime ← schema/analyze ← emit/interop ← cli/plugin. Each layer lists
 * the folders (under the repository root) its modules may not import from.
 */
const forbidden: Record<string, string[]> = {
  'src/runtime': ['src/schema', 'src/analyze', 'src/backends', 'src/emit', 'src/interop', 'src/cli', 'plugin'],
  'src/schema': ['src/analyze', 'src/backends', 'src/emit', 'src/interop', 'src/cli', 'plugin'],
  'src/analyze': ['src/emit', 'src/interop', 'src/cli', 'plugin'],
  'src/backends': ['src/emit', 'src/interop', 'src/cli', 'plugin'],
  'src/emit': ['src/cli', 'plugin'],
  'src/interop': ['src/cli', 'plugin'],
}

function modulesUnder(folder: string): string[] {
  if (!existsSync(path.join(root, folder))) return []
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

/** Every relative specifier of a module's imports and re-exports (static and dynamic), resolved to a repository path. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => match[1] as string)
  return specifiers.map((specifier) => path.relative(root, path.resolve(root, path.dirname(file), specifier)))
}

test.each(Object.entries(forbidden))('%s imports nothing from the layers above it', (layer, above) => {
  const violations = modulesUnder(layer).flatMap((file) =>
    importsOf(file).filter((target) => above.some((folder) => target.startsWith(`${folder}/`))).map((target) => `${file} → ${target}`),
  )
  expect(violations).toEqual([])
})
