import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ts } from 'ts-morph'
import { afterAll, describe, expect, test } from 'vitest'
import { canonicalJson, hashCatalog, hashEntry } from '../../src/analyze/hash.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { generateCatalogModule } from '../../src/emit/catalog/catalog-module.js'
import { generateCatalogTypes } from '../../src/emit/catalog/catalog-types.js'
import type { EmitTarget } from '../../src/emit/shared/emit-target.js'
import { advertisedDefinition } from '../../src/emit/shared/literals.js'
import { generateRegistryModule } from '../../src/emit/registry/registry-module.js'
import { generateRegistryTypes } from '../../src/emit/registry/registry-types.js'
import { generateToolEntryModule } from '../../src/emit/out-dir/tools/tool-entry-module.js'
import { emitValidatorModules } from '../../src/emit/validators/validator-modules.js'
import { generateVirtualModuleTypes } from '../../src/emit/registry/virtual-module-types.js'
import type { Catalog, CatalogTool } from '../../src/runtime/catalog.js'
import type { JsonSchema } from '../../src/runtime/types.js'

// A project where `toolcat` resolves to this checkout; the generated modules go to out/.
const project = mkdtempSync(path.join(tmpdir(), 'toolcat-hostile-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))
mkdirSync(path.join(project, 'node_modules'))
symlinkSync(fileURLToPath(new URL('../..', import.meta.url)), path.join(project, 'node_modules/toolcat'), 'dir')
const out = path.join(project, 'out')
mkdirSync(path.join(out, 'tools'), { recursive: true })
const marker = path.join(project, 'MARKER')

/** Code that writes the marker when run: every hostile value carries it, so any that became code would show. */
const payload = `import(["node","fs"].join(":")).then((fs) => fs.writeFileSync(${JSON.stringify(marker)}, "ran")); globalThis.pwned = 1`
const hostile = [
  `"; ${payload}; "`,
  `'; ${payload}; '`,
  `\`; ${payload}; \``,
  `\${${payload}}`,
  `*/ ${payload} /*`,
  `</script><script>${payload}</script>`,
  `line\n${payload}\n// `,
  `\r${payload}`,
  `\u2028${payload}\u2029`,
  `\\`,
  '\u0000\u001f',
  '\ud800 lone surrogate',
  '__proto__',
  'constructor',
]

/** A schema with a hostile value in every place a string goes: keys, titles, descriptions, enum values, defaults, examples, $defs. */
function hostileSchema(value: string): JsonSchema {
  // A key with a lone surrogate has no JSON pointer (a dependency's such schema is refused as not compiling), so keys keep the rest.
  const key = value.replace(/[\ud800-\udfff]/g, '?')
  const properties: Record<string, unknown> = {
    ok: { type: 'string' },
    [key]: { type: 'string', title: value, description: value, enum: [value, 'ok'], default: value, examples: [value] },
    nested: { $ref: '#/$defs/shared' },
  }
  Object.defineProperty(properties, '__proto__', { value: { type: 'string', const: value, description: value }, enumerable: true })
  return { type: 'object', title: value, description: value, properties, required: ['ok'], $defs: { [key]: { type: 'string', description: value }, shared: { type: 'object', properties: { [key]: { const: value } } } } } as JsonSchema
}

function hostileCatalog(): Catalog {
  const tools = hostile.map((value, index) => {
    const entry: Omit<CatalogTool, 'hash'> = {
      name: index === 0 ? 'plain' : value,
      title: value,
      description: value,
      summary: value,
      parameters: hostileSchema(value),
      output: { type: 'object', properties: { [value]: { const: value, description: value } } },
      annotations: { pure: true },
      source: { module: value, export: 'default', package: value },
    }
    return { ...entry, hash: hashEntry(entry) }
  })
  return { catalogVersion: 1, generator: { name: 'toolcat', version: hostile[0] as string }, package: { name: hostile[5] as string, version: hostile[8] as string }, tools, hash: hashCatalog(tools) }
}

const catalog = hostileCatalog()
const indexOf = (tool: CatalogTool) => catalog.tools.indexOf(tool)
// The handler every tool imports: a real module whose file name is hostile too.
const handlerFile = `handler "'\`\${x}* \u2028.js`
writeFileSync(path.join(out, 'tools', handlerFile), "export default { execute: () => 'handled' }\n")
const target: EmitTarget = { handlerSpecifier: () => `./${handlerFile}`, entrySpecifier: (tool) => `./tools/${indexOf(tool)}.js`, validators: 'precompiled' }

function writeOut(file: string, contents: string): string {
  mkdirSync(path.dirname(path.join(out, file)), { recursive: true })
  writeFileSync(path.join(out, file), contents)
  return path.join(out, file)
}

describe('hostile values of every catalog field through every generator', () => {
  const modules = [
    writeOut('catalog.js', generateCatalogModule(catalog)),
    writeOut('registry.js', generateRegistryModule(catalog, target)),
    ...catalog.tools.map((tool) => writeOut(`tools/${indexOf(tool)}.js`, generateToolEntryModule(tool, target))),
  ]
  emitValidatorModules(catalog, (tool) => `${indexOf(tool)}`, (file) => modules.push(writeOut(file.path, file.contents)))
  // An entry whose module is the hostile value itself, as written: only its syntax is checked.
  const literalSpecifiers = catalog.tools.map((tool, index) => writeOut(`literal-${index}.js`, generateToolEntryModule(tool, { ...target, handlerSpecifier: (it) => it.source.module })))

  test.each([...modules, ...literalSpecifiers].map((file) => [path.relative(out, file)]))('%s passes node --check', (file) => {
    const check = spawnSync(process.execPath, ['--check', path.join(out, file)], { encoding: 'utf8' })
    expect(check.stderr).toBe('')
    expect(check.status).toBe(0)
  })

  test.each([
    ['catalog.d.ts', generateCatalogTypes(catalog)],
    ['registry.d.ts', generateRegistryTypes(catalog)],
    ['toolcat-env.d.ts', generateVirtualModuleTypes(catalog)],
  ])('%s parses as TypeScript, one declaration a tool', (file, text) => {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
    expect((source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([])
    // Nothing smuggled in: the statements are exactly those the generator writes for this many tools.
    const statements = source.statements.length
    expect(statements).toBe(file === 'catalog.d.ts' ? 1 + catalog.tools.length + 2 : file === 'registry.d.ts' ? 1 + 1 + 2 * catalog.tools.length + 3 : 2)
  })

  test('importing the modules has no effect, and every value arrives as data, __proto__ keys included', () => {
    const script = [
      'const globals = Object.getOwnPropertyNames(globalThis).sort().join()',
      "const catalog = await import('./catalog.js')",
      "const { createRegistry } = await import('./registry.js')",
      `for (let index = 0; index < ${catalog.tools.length}; index++) await import(\`./tools/\${index}.js\`)`,
      'const registry = createRegistry()',
      'const definitions = registry.definitions()',
      "const called = await registry.call('plain', { ok: 'x' })",
      'await new Promise((resolve) => setTimeout(resolve, 100))',
      'const prototypes = catalog.default.every((definition) => Object.getPrototypeOf(definition.parameters.properties) === Object.prototype)',
      'console.log(JSON.stringify({ same: globals === Object.getOwnPropertyNames(globalThis).sort().join(), pwned: globalThis.pwned, prototypes, called, catalog: catalog.default, definitions }))',
    ].join('\n')
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: out, encoding: 'utf8', timeout: 60_000 })
    expect(run.stderr).toBe('')
    const result = JSON.parse(run.stdout) as { same: boolean; pwned?: number; prototypes: boolean; called: unknown; catalog: unknown[]; definitions: unknown[] }
    expect(existsSync(marker)).toBe(false)
    expect([result.same, result.pwned, result.prototypes]).toEqual([true, undefined, true])
    expect(result.called).toMatchObject({ success: true, value: 'handled' })
    // JSON.parse of the child's output defines __proto__ keys as own properties, so canonical JSON compares every key.
    const expected = catalog.tools.map((tool) => canonicalJson(advertisedDefinition(tool)))
    expect(result.catalog.map((definition) => canonicalJson(definition))).toEqual(expected)
    expect(result.definitions.map((definition) => canonicalJson(definition))).toEqual(expected)
    expect(canonicalJson(result.catalog[1])).toContain('"__proto__":{"const":')
  }, 60_000)

  test('catalog.json reads back equal, every key kept, and its hashes still match', () => {
    const read = JSON.parse(serializeCatalog(catalog)) as Catalog
    expect(canonicalJson(read)).toBe(canonicalJson(catalog))
    expect(read.tools.map((tool) => hashEntry(tool))).toEqual(catalog.tools.map((tool) => tool.hash))
  })

  test('an export that is not an identifier or default is never generated', () => {
    const tool = { ...catalog.tools[0]!, source: { module: 'x.js', export: `default as zz } from "x.js"; ${payload}; import { default` } }
    expect(() => generateToolEntryModule(tool, target)).toThrow(/refusing to generate an import of export/)
  })
})
