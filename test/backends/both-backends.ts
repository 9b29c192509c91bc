import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BackendSetup, CheckerBackend, CheckerName } from '../../src/analyze/backend.js'
import type { BuildResult } from '../../src/analyze/index.js'
import { createCatalogBuilder } from '../../src/build.js'
import { diagnosticAt } from '../../src/analyze/locate.js'
import { ModuleReader } from '../../src/analyze/module-reader.js'
import { openBackend } from '../../src/backends/select.js'
import { createViewSchemaGenerator, type SchemaOutcome } from '../../src/schema/generator.js'
import { bindingDefaults, type BindingDefault, type BindingSyntax } from '../../src/schema/parameter-defaults.js'

/** The repository root (its `node_modules/typescript` is the pinned TypeScript 7). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Every backend, in the order the parity tests compare them. */
export const backendNames: readonly CheckerName[] = ['ts-morph', 'native']

/** Writes `text` to `file` under `root`, making its folders, and returns the file's path. */
export function writeProjectFile(root: string, file: string, text: string): string {
  const full = path.join(root, file)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, text)
  return full
}

/** Opens a backend by name over a project, failing the test when the tsconfig cannot be used. */
export function open(name: CheckerName, root: string, tsconfig: string | undefined, toolFiles: readonly string[]): CheckerBackend {
  const setup: BackendSetup = openBackend(name, { root, tsconfig, toolFiles })
  if ('problem' in setup) throw new Error(`${name}: ${setup.problem.message}`)
  return setup.backend
}

/** A schema outcome with its problems located (file:line:col, as diagnostics print them), comparable across backends. */
export interface LocatedOutcome {
  readonly schema: SchemaOutcome<unknown>['schema']
  readonly problems: readonly string[]
  readonly stream?: boolean
}

/**
 * The golden schema cases of a module, derived through a backend's views exactly as the builder
 * derives tools: the `Params` interface or alias, and the first parameter and the output of every
 * function.
 */
export function schemaCases(backend: CheckerBackend, root: string, file: string): Record<string, LocatedOutcome | undefined> {
  const { view } = backend
  const module = view.module(file)
  if (module === undefined) throw new Error(`not in the program: ${file}`)
  const reader = new ModuleReader(view, module, root)
  const { k } = reader
  const generator = createViewSchemaGenerator<unknown>()
  const locate = (outcome: SchemaOutcome<unknown> & { stream?: boolean }): LocatedOutcome => ({
    schema: outcome.schema,
    problems: outcome.problems.map((problem) => {
      const at = diagnosticAt(reader, view.syntaxNodeOf(problem.node), { code: problem.code, message: problem.message })
      return `${at.file}:${at.line}:${at.column} ${problem.code} ${problem.path} ${problem.message}${problem.hint === undefined ? '' : ` (${problem.hint})`}`
    }),
    ...(outcome.stream === undefined ? {} : { stream: outcome.stream }),
  })
  const cases: Record<string, LocatedOutcome | undefined> = {}
  for (const statement of reader.statements) {
    const name = reader.nameOf(statement.name)
    if ((statement.kind === k.InterfaceDeclaration || statement.kind === k.TypeAliasDeclaration) && name === 'Params' && statement.name) {
      const [type] = view.typesAt([statement.name])
      cases['Params'] = locate(generator.parameters(type, statement.name))
    } else if (statement.kind === k.FunctionDeclaration && name !== undefined) {
      const [handler] = view.handlerTypes([statement])
      if (handler === undefined) continue
      // As the golden tests ask: the first parameter of any function, at the parameter.
      const at = statement.parameters?.[0] ?? statement
      // As the builder does: the defaults `execute`'s destructuring writes.
      const defaults = bindingDefaults(statement.parameters?.[0] as BindingSyntax | undefined, module.text)
      cases[`${name}(…)`] = locate(generator.parameters(handler.parameter, at, defaults as BindingDefault<unknown>[]))
      const output = generator.output(handler.returns, statement.type ?? statement)
      cases[`${name}()`] = output && locate(output)
    }
  }
  return cases
}

/** A fresh folder outside the repository whose `node_modules/typescript` links the pinned TypeScript 7, as `npm i -D typescript` installs it. */
export function folderResolvingTypeScript7(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix))
  linkTypeScript7(folder)
  return folder
}

/** Links the repository's TypeScript 7 into `folder/node_modules/typescript` (and its platform binary's package). */
export function linkTypeScript7(folder: string): void {
  mkdirSync(path.join(folder, 'node_modules', '@typescript'), { recursive: true })
  for (const name of ['typescript', ...platformPackages()]) {
    const target = path.join(folder, 'node_modules', name)
    if (!existsSync(target)) symlinkSync(path.join(repoRoot, 'node_modules', name), target, 'dir')
  }
}

/** Builds the tools of a temp project (TypeScript 7 linked in) once per checker, closing each builder. */
export async function buildOnEachChecker(root: string): Promise<Map<CheckerName, BuildResult>> {
  linkTypeScript7(root)
  const builds = new Map<CheckerName, BuildResult>()
  for (const checker of backendNames) {
    const builder = createCatalogBuilder({ tools: path.join(root, 'tools'), checker })
    try {
      builds.set(checker, builder.build())
    } finally {
      await builder.close()
    }
  }
  return builds
}

function platformPackages(): string[] {
  const name = `@typescript/typescript-${process.platform}-${process.arch}`
  return existsSync(path.join(repoRoot, 'node_modules', name)) ? [name] : []
}

/** The pids of a process's children that run TypeScript 7's API server (`tsc --api`). */
export function apiServers(parent: number): number[] {
  const tasks = path.join('/proc', String(parent), 'task')
  if (!existsSync(tasks)) return []
  const children = readdirSync(tasks).flatMap((task) => readFileSync(path.join(tasks, task, 'children'), 'utf8').trim().split(/\s+/).filter(Boolean))
  return children.map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('--api')
    } catch {
      return false
    }
  })
}
