import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { build } from 'esbuild'
import { Node, Project, SyntaxKind, type Type } from 'ts-morph'
import { buildCatalog } from '../../src/build.js'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { compileSchema, parseArguments, type Catalog, type LazyRegistry } from '../../src/index.js'
import { esbuildOptions } from '../plugin/helpers/bundlers.js'
import { repoRoot } from '../registry/out-dir.js'

/**
 * Golden schema fixtures that are not valid tools on purpose: parameter types that are not JSON
 * object types, classes that are more than data, and JSDoc that is refused (their tests check the
 * diagnostics); and those with no parameter to derive values from (no-parameter, outputs).
 * `file.function` names one function of a fixture that exports several.
 */
const NOT_TOOLS = new Set([
  'bad-annotation', 'bad-pattern', 'builtins', 'class-problems', 'jsdoc-checked', 'non-json', 'non-object', 'no-parameter', 'object-literals', 'outputs', 'roots.text', 'roots.list', 'roots.dated',
  // Corpus constructs whose values the type model here cannot state, each golden-tested in
  // test/schema/corpus.test.ts instead: enum members whose values are `as any` casts (the type says
  // `Signal`, not `true` or `null`); constraints that reach a property through `Exclude`'s JSDoc,
  // which this model does not follow; a `[never]` tuple and an object with a required `never`
  // member, which no value inhabits (this model reads a `never` member as one left out; the
  // TypeScript oracle, type-oracle.test.ts, checks them against the checker itself).
  // The oracle's findings, which its own test checks against TypeScript itself.
  'oracle-findings',
  'corpus-cases.mixedEnum', 'corpus-cases.conditionalDocs', 'corpus-cases.deepExcludeTuple', 'corpus-cases.deepExclude',
])

/**
 * The warnings the project builds with on purpose, by the file they are located in: a root member
 * that can never be a record is left out; ts-json-schema-generator's corpus writes `@pattern` on a
 * conditional type's number branch, which toolcat leaves out of the schema with a warning.
 */
const EXPECTED_WARNINGS: ReadonlyMap<string, string> = new Map([
  ['schema_roots_mixed', 'TC1006'],
  ['corpus-cases', 'TC1014'],
])

/** One tool of the project: it echoes its arguments, whose type is read from a golden fixture or an example tool. */
export interface EchoTool {
  readonly name: string
  /** The handler's parameter type and where it is read, for deriving values from it. */
  readonly type: Type
  readonly at: Node
}

/** What one way of running a tool answers. */
export type Answer = { readonly success: true; readonly value: unknown } | { readonly success: false; readonly error: string }

/** Calls a tool one way: a generated registry, the runtime compiler, the bundler plugin's registry, the MCP server. */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<Answer>

/** A temp project of echo tools over every golden schema fixture and example tool (see `EXAMPLE_FOLDERS`), built every way a user runs it. */
export interface EchoProject {
  readonly tools: readonly EchoTool[]
  readonly ways: Readonly<Record<string, CallTool>>
  close(): Promise<void>
}

const confirmed = { confirm: () => true }

/**
 * Writes the project (outside the repository, `toolcat` installed as a link), builds its catalog,
 * writes its registry with precompiled and with runtime validators, bundles it with the esbuild
 * plugin and serves it over MCP; each way answers calls of every tool.
 */
export async function echoProject(): Promise<EchoProject> {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'toolcat-echo-')), 'project')
  const bundle = path.join(repoRoot, '.tmp', path.basename(path.dirname(root)))
  writeSources(root)
  const project = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json') })
  const tools = project.getSourceFiles(path.join(root, 'tools', '*.ts')).map((file): EchoTool => {
    const name = file.getBaseNameWithoutExtension()
    const parameter = file.getFirstDescendantByKindOrThrow(SyntaxKind.MethodDeclaration).getParameters()[0]
    if (parameter === undefined) throw new Error(`${name} has no parameter`)
    return { name, type: parameter.getType(), at: parameter }
  })
  const { catalog, diagnostics } = buildCatalog({ root })
  const unexpected = diagnostics.filter((diagnostic) => diagnostic.severity === 'error' || EXPECTED_WARNINGS.get(path.basename(diagnostic.file ?? '', '.ts')) !== diagnostic.code)
  if (unexpected.length > 0) throw new Error(`the echo project does not build cleanly: ${unexpected.map((diagnostic) => `${diagnostic.file ?? ''}: ${diagnostic.message}`).join('; ')}`)
  await writeOutDir(catalog, { root, outDir: 'out' })
  await writeOutDir(catalog, { root, outDir: 'out-runtime', validators: 'runtime' })
  writeFileSync(path.join(root, 'main.ts'), "export { createRegistry } from '~toolcat/registry'\n")
  await build(esbuildOptions(root, bundle))
  const mcp = await mcpClient(root)
  const ways: Record<string, CallTool> = {
    'precompiled validators': await registryWay(path.join(root, 'out/registry.js')),
    'the runtime compiler': compilerWay(catalog),
    'runtime validators': await registryWay(path.join(root, 'out-runtime/registry.js')),
    'the esbuild plugin': await registryWay(path.join(bundle, 'main.js')),
    'the MCP server': mcp.call,
  }
  return {
    tools,
    ways,
    async close() {
      await mcp.close()
      rmSync(path.dirname(root), { recursive: true, force: true })
      rmSync(bundle, { recursive: true, force: true })
    },
  }
}

/** The echo tools' modules, by tool name: one per golden schema fixture with a JSON object parameter type, one per example tool taking arguments. */
export function echoToolSources(): ReadonlyMap<string, string> {
  const sources = new Map<string, string>()
  const tool = (name: string, imports: string, type: string) =>
    sources.set(name, `import { defineTool } from 'toolcat'\n${imports}\n\nexport const echo = defineTool({\n  name: '${name}',\n  execute(args: ${type}) {\n    return args\n  },\n})\n`)
  const fixtures = path.join(repoRoot, 'fixtures/schema')
  for (const file of readdirSync(fixtures).filter((entry) => entry.endsWith('.ts')).sort()) {
    const fixture = file.slice(0, -3)
    if (NOT_TOOLS.has(fixture)) continue
    const name = `schema_${fixture.replaceAll('-', '_')}`
    const functions = [...readFileSync(path.join(fixtures, file), 'utf8').matchAll(/^export function (\w+)/gm)].map((match) => match[1] as string)
    if (functions.length === 0) tool(name, `import type { Params } from '../types/${fixture}.js'`, 'Params')
    else if (functions.includes('execute')) tool(name, `import type { execute as source } from '../types/${fixture}.js'`, 'Parameters<typeof source>[0]')
    else {
      // A fixture of several functions (roots): one tool per function that is a valid tool.
      for (const fn of functions.filter((one) => !NOT_TOOLS.has(`${fixture}.${one}`))) {
        tool(`${name}_${fn}`, `import type { ${fn} as source } from '../types/${fixture}.js'`, 'Parameters<typeof source>[0]')
      }
    }
  }
  for (const folder of EXAMPLE_FOLDERS) {
    for (const { file, exported } of exampleTools(folder)) {
      const name = `${folder.replaceAll('-', '_')}_${exported === 'default' ? file.replaceAll('-', '_') : exported}`
      tool(name, `import type { ${argsAlias(exported)} as Args } from '../examples/${folder}/tools/${file}.js'`, 'Args')
    }
  }
  return sources
}

/**
 * Tool folders under fixtures/ whose tools' parameter types the project echoes: the example tools,
 * issue 12's realistic ones (unions with and without a discriminator, cents, nullable fields), and
 * issue 13's openapi-typescript bodies (`components["schemas"]["X"]`, `Format:` lines, nullable and `oneOf` bodies).
 */
const EXAMPLE_FOLDERS = ['basic', 'validation', 'openapi-shop']

function writeSources(root: string): void {
  cpSync(path.join(repoRoot, 'fixtures/schema'), path.join(root, 'types'), { recursive: true, filter: (file) => !file.includes('node_modules') })
  // Tools with the types they import relatively, each module exporting its tools' parameter types.
  for (const folder of EXAMPLE_FOLDERS) {
    for (const part of ['tools', 'types']) {
      const from = path.join(repoRoot, 'fixtures', folder, part)
      if (existsSync(from)) cpSync(from, path.join(root, 'examples', folder, part), { recursive: true })
    }
    for (const { file, exported, parameterType } of exampleTools(folder)) {
      appendFileSync(path.join(root, 'examples', folder, 'tools', `${file}.ts`), `\nexport type ${argsAlias(exported)} = ${parameterType}\n`)
    }
  }
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(repoRoot, path.join(root, 'node_modules/toolcat'), 'dir')
  symlinkSync(path.join(root, 'types/packages/fake-geo'), path.join(root, 'node_modules/fake-geo'), 'dir')
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'echo-project', private: true, type: 'module' }))
  const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['tools', 'types', 'examples'] }))
  mkdirSync(path.join(root, 'tools'))
  for (const [name, source] of echoToolSources()) writeFileSync(path.join(root, 'tools', `${name}.ts`), source)
}

/** One example tool that takes arguments: its file, its export, and the type its parameter is written as. */
interface ExampleTool {
  readonly file: string
  readonly exported: string
  readonly parameterType: string
}

/**
 * The example tools of a fixtures folder. Their parameter types are echoed as written (through an
 * alias the copy of the module exports), not as `Parameters<typeof tool.execute>[0]`: `defineTool`'s
 * type argument is an `object`, so a nullable body would come out as `object`.
 */
function exampleTools(folder: string): ExampleTool[] {
  let found = exampleToolsByFolder.get(folder)
  if (found === undefined) exampleToolsByFolder.set(folder, (found = readExampleTools(folder)))
  return found
}

const exampleToolsByFolder = new Map<string, ExampleTool[]>()

function readExampleTools(folder: string): ExampleTool[] {
  const tools = path.join(repoRoot, 'fixtures', folder, 'tools')
  const project = new Project({ tsConfigFilePath: path.join(tools, '../tsconfig.json') })
  const found: ExampleTool[] = []
  for (const file of project.getSourceFiles(path.join(tools, '*.ts'))) {
    for (const [exported, declarations] of file.getExportedDeclarations()) {
      const call = declarations[0]?.getFirstDescendant((node) => Node.isCallExpression(node) && node.getExpression().getText() === 'defineTool')
      // A declaration-only tool takes its parameters from `defineTool`'s type argument; a tool without parameters has nothing to derive.
      const handler = executeOf(declarations[0])
      const parameterType = handler !== undefined ? handler.getParameters()[0]?.getTypeNode()?.getText() : Node.isCallExpression(call) ? call.getTypeArguments()[0]?.getText() : undefined
      if (parameterType !== undefined) found.push({ file: file.getBaseNameWithoutExtension(), exported, parameterType })
    }
  }
  return found.sort((a, b) => `${a.file} ${a.exported}`.localeCompare(`${b.file} ${b.exported}`))
}

/** The `execute` of a definition: a method, or a property holding an arrow function or function expression. */
function executeOf(declaration: Node | undefined) {
  const member = declaration?.getFirstDescendant((node) => (Node.isMethodDeclaration(node) || Node.isPropertyAssignment(node)) && node.getName() === 'execute')
  if (Node.isMethodDeclaration(member)) return member
  const value = Node.isPropertyAssignment(member) ? member.getInitializer() : undefined
  return Node.isArrowFunction(value) || Node.isFunctionExpression(value) ? value : undefined
}

/** The alias of an example tool's parameter type that the copy of its module exports. */
function argsAlias(exported: string): string {
  return `EchoArgs_${exported}`
}

async function registryWay(file: string): Promise<CallTool> {
  const { createRegistry } = (await import(pathToFileURL(file).href)) as { createRegistry(): LazyRegistry }
  const registry = createRegistry()
  return async (name, args) => {
    const { id: _id, name: _name, ...answer } = await registry.call(name, args, confirmed)
    return answer as Answer
  }
}

function compilerWay(catalog: Catalog): CallTool {
  const validators = new Map(catalog.tools.map((tool) => [tool.name, compileSchema(tool.parameters)]))
  return async (name, args) => {
    try {
      return { success: true, value: parseArguments(validators.get(name) as never, args) }
    } catch (error) {
      return { success: false, error: (error as Error).message }
    }
  }
}

async function mcpClient(root: string): Promise<{ call: CallTool; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'dist/src/cli/bin.js'), 'serve', '--mcp', 'tools', '--confirm=allow'], cwd: root, stderr: 'pipe' })
  const client = new Client({ name: 'toolcat-test', version: '1.0.0' })
  await client.connect(transport)
  return {
    async call(name, args) {
      const answer = await client.callTool({ name, arguments: args })
      const text = (answer.content as { text: string }[])[0]?.text ?? ''
      return answer.isError === true ? { success: false, error: text } : { success: true, value: JSON.parse(text) }
    },
    close: () => client.close(),
  }
}
