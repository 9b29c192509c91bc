// Run by load.test.ts in a child Node process with --expose-gc, against the built package:
// prints the heap retained by rounds of 10,000 concurrent calls, once a warm-up round has run,
// and the names of any process warnings (such as a listener-leak warning) raised meanwhile.
import { compileSchema, createLazyRegistry, createTool, createToolManager } from '../../dist/src/index.js'

const kind = process.argv[2]
const warnings = []
process.on('warning', (warning) => warnings.push(warning.name))
const rounds = 3
const calls = 10_000
const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }
const execute = async (args) => args.n * 2

const registry = kind === 'lazy'
  ? createLazyRegistry([{ definition: { name: 'double', parameters: schema }, load: async () => ({ handler: execute }) }], { compile: compileSchema })
  : createToolManager({ releaseOnAbort: true })
if (kind !== 'lazy') registry.add(createTool({ name: 'double', contract: schema, execute }))

// One long-lived context shared by every call: a listener left on its signal per call would accumulate.
const context = { signal: new AbortController().signal }
async function round() {
  const batch = Array.from({ length: calls }, (_unused, n) => registry.execute({ id: `c${n}`, name: 'double', arguments: { n } }, context))
  const results = await Promise.all(batch)
  if (results.some((result, n) => !result.success || result.value !== n * 2)) throw new Error('a call failed')
}

function settledHeap() {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage().heapUsed
}

await round()
const before = settledHeap()
for (let n = 0; n < rounds; n++) await round()
// Node emits warnings asynchronously: let any pending one arrive before reporting.
await new Promise((done) => setTimeout(done, 10))
process.stdout.write(JSON.stringify({ growth: settledHeap() - before, warnings }))
