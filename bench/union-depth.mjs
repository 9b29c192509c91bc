// Issue 32, item 1: a recursive union of object types with no tag, nested 31 levels (the depth the
// registry's argument limits allow), answered by toolcat's registry (compiled at run time, and
// precompiled as a build writes it) and by the official MCP SDK 2 server (`McpServer` with the
// same JSON Schema through `fromJsonSchema`, called over its in-memory transport). Run after
// `npm run build`: `node bench/union-depth.mjs [levels]`; the results go to bench/union-depth.md.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/client'
import { fromJsonSchema, InMemoryTransport, McpServer } from '@modelcontextprotocol/server'
import { compileSchema, parseArguments } from '../dist/runtime/index.js'
import { argumentParser } from '../dist/src/runtime/validation.js'
import { standaloneValidator } from '../dist/src/emit/validators/standalone-validator.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const levels = Number(process.argv[2] ?? 31)
/** The SDK's time grows about ×2.3 a level: past this many levels it is measured once at this depth, not waited for at the full one. */
const sdkLevels = Math.min(levels, Number(process.env.SDK_LEVELS ?? 12))

const object = (properties, required) => ({ type: 'object', properties, required, additionalProperties: false })
const children = { type: 'array', items: { $ref: '#/definitions/Outline' } }
const schema = {
  type: 'object',
  properties: { outline: { $ref: '#/definitions/Outline' } },
  required: ['outline'],
  additionalProperties: false,
  definitions: {
    Outline: { anyOf: [object({ title: { type: 'string' }, children }, ['title']), object({ title: { type: 'string' }, note: { type: 'string' }, children }, ['title', 'note'])] },
  },
}

/** An outline `depth` levels deep whose innermost title is a number (refused), or a string (accepted). */
function outline(depth, valid) {
  let node = valid ? { title: 'leaf', note: 'n' } : { title: 1 }
  for (let level = 0; level < depth; level++) node = { title: 'x', note: 'n', children: [node] }
  return { outline: node }
}

function timed(run) {
  const start = performance.now()
  let answer
  try {
    run()
    answer = 'accepted'
  } catch (error) {
    answer = `refused: ${String(error.message).split('\n')[0].slice(0, 70)}…`
  }
  return { ms: performance.now() - start, answer }
}

async function timedAsync(run) {
  const start = performance.now()
  const result = await run()
  const text = result.isError ? `refused: ${String(result.content?.[0]?.text ?? '').slice(0, 70)}…` : 'accepted'
  return { ms: performance.now() - start, answer: text }
}

const rows = []
const runtime = compileSchema(schema)
const scratch = path.join(here, '..', '.tmp', 'bench-union-depth')
mkdirSync(scratch, { recursive: true })
const file = path.join(scratch, 'validator.mjs')
writeFileSync(file, standaloneValidator(schema))
const module = await import(pathToFileURL(file).href)
const precompiled = argumentParser(schema, module.validate, module.branches, module.regExp)

for (const valid of [false, true]) {
  const args = outline(levels, valid)
  const bytes = JSON.stringify(args).length
  // One warm-up call each (first-call compilation is not what is measured), then the best of five.
  for (const [who, parse] of [
    ['toolcat, compiled at run time', (value) => parseArguments(runtime, value)],
    ['toolcat, precompiled (build output)', (value) => precompiled(value)],
  ]) {
    timed(() => parse(args))
    const runs = Array.from({ length: 5 }, () => timed(() => parse(args)))
    const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a))
    rows.push({ who, levels, bytes, ms: best.ms, answer: best.answer })
  }
}

const server = new McpServer({ name: 'bench', version: '1.0.0' })
server.registerTool('outline', { inputSchema: fromJsonSchema(schema) }, async () => ({ content: [{ type: 'text', text: 'ok' }] }))
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
await server.connect(serverSide)
const client = new Client({ name: 'bench', version: '1.0.0' })
await client.connect(clientSide)
for (const valid of [false, true]) {
  for (const depth of [...new Set([Math.min(8, sdkLevels), sdkLevels])]) {
    const args = outline(depth, valid)
    await client.callTool({ name: 'outline', arguments: outline(1, valid) })
    const result = await timedAsync(() => client.callTool({ name: 'outline', arguments: args }))
    rows.push({ who: '@modelcontextprotocol/server 2.4.0 (McpServer, fromJsonSchema)', levels: depth, bytes: JSON.stringify(args).length, ...result })
  }
}
await client.close()

const lines = [
  '# A recursive union with no tag, nested',
  '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; \`node bench/union-depth.mjs ${levels}\` (best of five for toolcat after one warm-up call; one call for the SDK at each depth).`,
  '',
  '| who | levels | bytes | ms | answer |',
  '| --- | ---: | ---: | ---: | --- |',
  ...rows.map((row) => `| ${row.who} | ${row.levels} | ${row.bytes} | ${row.ms.toFixed(2)} | ${row.answer.replaceAll('|', '\\|')} |`),
  '',
]
writeFileSync(path.join(here, 'union-depth.md'), lines.join('\n'))
console.log(lines.join('\n'))
