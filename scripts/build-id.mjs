// Writes dist/build-id: a content hash of everything else in dist/, which build caches key on
// (with the version) so that a cache written by one build of toolcat is never trusted by another.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const hash = createHash('sha256')
const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => relative(dist, file) !== 'build-id')
  .sort()
for (const file of files) hash.update(`${relative(dist, file)}\0`).update(readFileSync(file)).update('\0')
writeFileSync(join(dist, 'build-id'), `${hash.digest('hex').slice(0, 16)}\n`)
