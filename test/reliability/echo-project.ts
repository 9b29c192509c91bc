import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { build } from 'esbuild'
import { Project, SyntaxKind, type Node, type Type } from 'ts-morph'
import { buildCatalog } from '../../src/build.js'
import { writeOutDir } from '../../src/emit/write-out-dir.js'
import { compileSchema, parseArguments, type Catalog, type LazyRegistry } from '../../src/index.js'
import { esbuildOptions } from '../plugin/helpers/bundlers.js'
import { repoRoot } from '../registry/out-dir.js'

/**
 * Golden schema fixtures that are not valid tools on purpose: parameter types that are not JSON
 * object types, classes that are more than data, and JSDoc that is refused (their tests check the
 * diagnostics).
 */
const NOT_TOOLS = new Set(['bad-annotation', 'bad-pattern', 'builtins', 'class-problems', 'jsdoc-checked', 'non-json', 'non-object', 'no-parameter', 'outputs'])

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
  const tools = project.getSourceFiles().filter((file) => file.getFilePath().includes('/tools/')).map((file): EchoTool => {
    const name = file.getBaseNameWithoutExtension()
    const parameter = file.getFirstDescendantByKindOrThrow(SyntaxKind.MethodDeclaration).getParameters()[0]
    if (parameter === undefined) throw new Error(`${name} has no parameter`)
    return { name, type: parameter.getType(), at: parameter }
  })
  const { catalog, diagnostics } = buildCatalog({ root })
  if (diagnostics.length > 0) throw new Error(`the echo project does not build: ${diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`)
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
    if (/export function execute/.test(readFileSync(path.join(fixtures, file), 'utf8'))) tool(name, `import type { execute as source } from '../types/${fixture}.js'`, 'Parameters<typeof source>[0]')
    else tool(name, `import type { Params } from '../types/${fixture}.js'`, 'Params')
  }
  for (const folder of EXAMPLE_FOLDERS) {
    for (const [file, exported] of exampleTools(path.join(repoRoot, 'fixtures', folder, 'tools'))) {
      const name = `${folder}_${exported === 'default' ? file.replaceAll('-', '_') : exported}`
      const imports = exported === 'default' ? `import type source from '../${folder}/${file}.js'` : `import type { ${exported} as source } from '../${folder}/${file}.js'`
      tool(name, imports, 'Parameters<NonNullable<typeof source.execute>>[0]')
    }
  }
  return sources
}

/** Tool folders under fixtures/ whose tools' parameter types the project echoes: the example tools, and issue 12's realistic ones (unions with and without a discriminator, cents, nullable fields). */
const EXAMPLE_FOLDERS = ['basic', 'validation']

function writeSources(root: string): void {
  cpSync(path.join(repoRoot, 'fixtures/schema'), path.join(root, 'types'), { recursive: true, filter: (file) => !file.includes('node_modules') })
  for (const folder of EXAMPLE_FOLDERS) cpSync(path.join(repoRoot, 'fixtures', folder, 'tools'), path.join(root, folder), { recursive: true })
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(repoRoot, path.join(root, 'node_modules/toolcat'), 'dir')
  symlinkSync(path.join(root, 'types/packages/fake-geo'), path.join(root, 'node_modules/fake-geo'), 'dir')
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'echo-project', private: true, type: 'module' }))
  const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['tools', 'types', ...EXAMPLE_FOLDERS] }))
  mkdirSync(path.join(root, 'tools'))
  for (const [name, source] of echoToolSources()) writeFileSync(path.join(root, 'tools', `${name}.ts`), source)
}

/** The example tools (file, export) whose `execute` takes arguments. */
function exampleTools(folder: string): [string, string][] {
  const project = new Project({ tsConfigFilePath: path.join(folder, '../tsconfig.json') })
  const found: [string, string][] = []
  for (const file of project.getSourceFiles(path.join(folder, '*.ts'))) {
    for (const [exported, declarations] of file.getExportedDeclarations()) {
      const execute = declarations[0]?.getType().getProperty('execute')
      const signature = execute?.getTypeAtLocation(file).getNonNullableType().getCallSignatures()[0]
      if (signature !== undefined && signature.getParameters().length > 0) found.push([file.getBaseNameWithoutExtension(), exported])
    }
  }
  return found.sort()
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
