/**
 * The search suite's real catalog: GitHub's REST API (the OpenAPI document of the npm package
 * @octokit/openapi, fetched with `npm pack` into bench/.corpus, which git ignores) as declaration-
 * only tool modules, one per OpenAPI tag, one named export per operation: the operation's summary
 * as title, its description, and a parameter type from its path and query parameters and its JSON
 * body's top-level properties (with their descriptions, enums and required flags), the way
 * scripts/openapi-fixture.mjs turns an OpenAPI document into the types a tool module declares.
 * GET is `pure`, DELETE `consequential`. `toolcat build` then makes the catalog and its index.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const octokitOpenapi = '@octokit/openapi@23.0.2'
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const corpusRoot = join(repoRoot, 'bench/.corpus')
const documentPath = join(corpusRoot, 'package/generated/api.github.com.json')

/** The GitHub OpenAPI document, fetched once with `npm pack` (needs the npm registry the first time). */
export function githubDocument() {
  if (!existsSync(documentPath)) {
    mkdirSync(corpusRoot, { recursive: true })
    const tarball = execFileSync('npm', ['pack', octokitOpenapi, '--silent'], { cwd: corpusRoot, encoding: 'utf8' }).trim().split('\n').pop()
    execFileSync('tar', ['xzf', tarball, 'package/generated/api.github.com.json'], { cwd: corpusRoot })
  }
  return JSON.parse(readFileSync(documentPath, 'utf8'))
}

/** Every non-deprecated operation with an operationId, as `{ name, tag, title, description, method, params }`, sorted by name. */
export function githubOperations(document = githubDocument()) {
  const operations = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method]
      if (op?.operationId === undefined || op.deprecated === true) continue
      const name = op.operationId.replace(/[^a-zA-Z0-9_]+/g, '_')
      if (name.length > 64) continue
      operations.push({ name, tag: op.tags?.[0] ?? 'misc', title: op.summary, description: op.description ?? op.summary, method, params: parametersOf(document, [...(item.parameters ?? []), ...(op.parameters ?? [])], op.requestBody) })
    }
  }
  return operations.sort((a, b) => (a.name < b.name ? -1 : 1))
}

function resolve(document, node) {
  let current = node
  for (let hops = 0; current?.$ref !== undefined && hops < 10; hops++) {
    current = current.$ref.slice(2).split('/').reduce((at, key) => at?.[key], document)
  }
  return current ?? {}
}

/** `{ name, type, description, required }` per parameter: path and query parameters, then the JSON body's properties. */
function parametersOf(document, parameters, requestBody) {
  const params = new Map()
  for (const raw of parameters) {
    const parameter = resolve(document, raw)
    if (parameter.in !== 'path' && parameter.in !== 'query') continue
    params.set(parameter.name, { name: parameter.name, type: typeOf(document, parameter.schema, 0), description: parameter.description, required: parameter.required === true })
  }
  const body = resolve(document, resolve(document, requestBody).content?.['application/json']?.schema)
  const required = new Set(body.required ?? [])
  for (const [name, property] of Object.entries(body.properties ?? {})) {
    if (params.has(name)) continue
    const schema = resolve(document, property)
    params.set(name, { name, type: typeOf(document, schema, 0), description: schema.description, required: required.has(name) })
  }
  return [...params.values()]
}

/** A TypeScript type for a parameter schema: primitives, string enums, arrays of those; anything else an open record. */
function typeOf(document, raw, depth) {
  const schema = resolve(document, raw)
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (schema.type === 'string') return 'string'
  if (schema.type === 'integer' || schema.type === 'number') return 'number'
  if (schema.type === 'boolean') return 'boolean'
  if (schema.type === 'array' && depth < 2) {
    const item = typeOf(document, schema.items, depth + 1)
    return item.includes('|') ? `(${item})[]` : `${item}[]`
  }
  return 'Record<string, unknown>'
}

/** A JSDoc-safe line of text: no comment terminator, no `@` read as a tag. */
function jsdoc(text) {
  return text.replace(/\*\//g, '* /').replace(/@/g, '＠').replace(/\s+/g, ' ').trim()
}

function exportName(name) {
  return name.replace(/_([a-zA-Z0-9])/g, (_, c) => c.toUpperCase()).replace(/^[0-9]/, '_$&')
}

function toolSource(op) {
  const fields = op.params.map((param) => {
    const doc = param.description ? `  /** ${jsdoc(param.description)} */\n` : ''
    return `${doc}  ${JSON.stringify(param.name)}${param.required ? '' : '?'}: ${param.type}\n`
  })
  const annotations = op.method === 'get' ? '\n  annotations: { pure: true },' : op.method === 'delete' ? '\n  annotations: { consequential: true },' : ''
  return (
    `export const ${exportName(op.name)} = defineTool<{\n${fields.join('')}}>({\n` +
    `  name: ${JSON.stringify(op.name)},\n  title: ${JSON.stringify(op.title)},\n  description: ${JSON.stringify(op.description)},${annotations}\n})\n`
  )
}

/**
 * Writes the GitHub tools project into `dir` (emptied first): tools/<tag>.ts, package.json and a
 * tsconfig resolving `toolcat` to this checkout. Returns the number of tools written.
 */
export function writeGithubProject(dir, operations = githubOperations()) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'tools'), { recursive: true })
  const byTag = new Map()
  for (const op of operations) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), toolSource(op)])
  for (const [tag, sources] of byTag) writeFileSync(join(dir, 'tools', `${tag}.ts`), `import { defineTool } from 'toolcat'\n\n${sources.join('\n')}`)
  const toRepo = relative(dir, repoRoot).split('\\').join('/')
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-github', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`)
  const compilerOptions = { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022'], strict: true, skipLibCheck: true, noEmit: true, types: [], paths: { toolcat: [`${toRepo}/dist/src/index.d.ts`, `${toRepo}/src/index.ts`] } }
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, include: ['tools'] }, null, 2)}\n`)
  // The generated registry imports 'toolcat/lazy': a relative link resolves it to this checkout.
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(relative(join(dir, 'node_modules'), repoRoot), join(dir, 'node_modules/toolcat'), 'dir')
  return operations.length
}
