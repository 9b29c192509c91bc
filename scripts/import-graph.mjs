/**
 * The import graph of toolcat's own modules (`src/` and `plugin/`), drawn from their relative
 * imports: static, dynamic and type-only, since a type import ties two files together as much as a
 * value import does when one of them changes.
 *
 * `node scripts/import-graph.mjs` prints the folders' graph as a Mermaid flowchart (one arrow per
 * pair of folders that import one another, with the count of imports) and every import circle
 * between files; it exits 1 when there is a circle. `test/layers.test.ts` uses the same functions.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** The folders whose modules make up toolcat. */
export const sourceFolders = ['src', 'plugin']

/** Every `.ts` module under `folders` (relative to `root`, with `/`), sorted. */
export function modulesUnder(root = repoRoot, folders = sourceFolders) {
  return folders
    .flatMap((folder) => readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')))
    .sort()
}

const importPattern = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

/** The modules `file` imports (relative specifiers only, `.js` read as the `.ts` beside it), as repository paths. */
export function importsOf(file, root = repoRoot) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const targets = [...text.matchAll(importPattern)].map(([, specifier]) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts'))
  return [...new Set(targets)].sort()
}

/** The graph: each module to the modules it imports, within the modules listed. */
export function importGraph(root = repoRoot, folders = sourceFolders) {
  const modules = modulesUnder(root, folders)
  const known = new Set(modules)
  return new Map(modules.map((file) => [file, importsOf(file, root).filter((target) => known.has(target))]))
}

/**
 * The import circles of a graph: its strongly connected components of more than one module (or a
 * module importing itself), each sorted, found with Tarjan's algorithm (iterative, so a long chain
 * cannot overflow the stack).
 */
export function importCircles(graph) {
  const index = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const circles = []
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work = [[start, 0]]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const [node, at] = frame
      const targets = graph.get(node) ?? []
      if (at < targets.length) {
        frame[1]++
        const target = targets[at]
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)))
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1][0]
        low.set(parent, Math.min(low.get(parent), low.get(node)))
      }
      if (low.get(node) !== index.get(node)) continue
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort())
    }
  }
  return circles.sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/**
 * The box a module belongs to in the drawing: its folder cut to `depth` segments (`src/emit`, or
 * `src/emit/out-dir` at 3), or the module itself when it stands at the top of `src/` (the entry
 * points and the leaves there are of different layers, so one `src` box would draw false circles).
 */
export function folderOf(file, depth = 2) {
  const parts = file.split('/')
  if (parts.length === 2 && parts[0] === 'src') return file
  return parts.slice(0, -1).slice(0, depth).join('/')
}

/** The graph between folders: `from → to` with the number of imports, self-arrows left out. */
export function folderArrows(graph, depth = 2) {
  const arrows = new Map()
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = folderOf(file, depth)
      const to = folderOf(target, depth)
      if (from === to) continue
      const key = `${from} --> ${to}`
      arrows.set(key, (arrows.get(key) ?? 0) + 1)
    }
  }
  return [...arrows].sort(([a], [b]) => (a < b ? -1 : 1))
}

/** A Mermaid flowchart of the folders' graph. */
export function mermaid(graph, depth = 2) {
  const id = (folder) => folder.replace(/[^A-Za-z0-9]/g, '_')
  const lines = ['flowchart BT']
  for (const [arrow, count] of folderArrows(graph, depth)) {
    const [from, to] = arrow.split(' --> ')
    lines.push(`  ${id(from)}["${from}"] -->|${count}| ${id(to)}["${to}"]`)
  }
  return lines.join('\n')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const depth = Number(process.argv.find((arg) => arg.startsWith('--depth='))?.slice('--depth='.length) ?? 2)
  const graph = importGraph()
  console.log(mermaid(graph, depth))
  const circles = importCircles(graph)
  for (const circle of circles) console.error(`import circle: ${circle.join(' ↔ ')}`)
  console.error(`${graph.size} modules, ${[...graph.values()].reduce((sum, targets) => sum + targets.length, 0)} imports, ${circles.length} circle${circles.length === 1 ? '' : 's'}`)
  process.exitCode = circles.length > 0 ? 1 : 0
}
