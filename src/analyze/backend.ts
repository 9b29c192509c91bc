import type { Finding } from './locate.js'
import type { AnalysisView } from './view.js'

/** The checker backends toolcat can read types with. */
export type CheckerName = 'native' | 'ts-morph'

/** What `--checker` / the `checker` option accept: a backend, or `auto` to pick one for the project. */
export type CheckerChoice = 'auto' | CheckerName

/** The checker choices, in the order help texts list them. */
export const checkerChoices: readonly CheckerChoice[] = ['auto', 'native', 'ts-morph']

/** Which backend a builder reads types with, and why when `auto` could not pick the native one. */
export interface CheckerInfo {
  readonly name: CheckerName
  /** The TypeScript version the backend checks with, e.g. `7.0.2`. */
  readonly typescript: string
  /** One line saying why `auto` fell back to ts-morph although the project has a TypeScript 7. */
  readonly notice?: string
}

/** Files that changed on disk since the backend last read them (absolute paths). */
export interface BackendChanges {
  readonly changed: readonly string[]
  readonly added: readonly string[]
  readonly removed: readonly string[]
  /** The tool modules after the changes, the roots of the program. */
  readonly toolFiles: readonly string[]
}

/** One program over a project's tool modules, read through one checker. */
export interface CheckerBackend {
  readonly info: CheckerInfo
  /** The view of the current program; valid until the next `update`. */
  readonly view: AnalysisView
  /** Absolute paths of every source file of the current program but TypeScript's default libs (node_modules files included). */
  programFiles(): string[]
  /** Reads the changed files again, keeping everything else the checker already knows. */
  update(changes: BackendChanges): void
  /** Releases the checker; for the native backend, ends its process and resolves once it has exited. */
  close(): Promise<void>
}

/** What opening a backend needs to know about the project. */
export interface BackendRequest {
  readonly root: string
  /** The tsconfig named by the user, absolute; else `<root>/tsconfig.json` when it exists. */
  readonly tsconfig: string | undefined
  readonly toolFiles: readonly string[]
}

/** An open backend, or the reason the project's tsconfig cannot be used. */
export type BackendSetup =
  | { readonly backend: CheckerBackend }
  | { readonly problem: Finding; readonly tsconfig: string; readonly info: CheckerInfo }

/** Which checkers could answer a choice, as the build cache keys on them: their versions, null when not used or not found. */
export interface CheckerIdentity {
  /** The project's TypeScript (the native checker's), unless the choice is `ts-morph`. */
  readonly typescript: string | null
  /** The ts-morph toolcat resolves, unless the choice is `native`. */
  readonly tsMorph: string | null
}

/**
 * The checkers an entry point (the CLI, the bundler plugins, `toolcat/build`) hands the analysis:
 * how to open one for a project, and what identifies those a choice may use. The analysis never
 * chooses or loads a checker itself.
 */
export interface Checkers {
  /** Opens the backend a choice names (see `CheckerChoice`); throws `CheckerUnavailableError` when `native` cannot run. */
  open(choice: CheckerChoice, request: BackendRequest): BackendSetup
  /** The versions of the checkers a choice may use for the project at `root`, read without starting any. */
  identity(root: string, choice: CheckerChoice): CheckerIdentity
}

/** An explicitly requested checker that cannot run for this project; the message is one line saying why. */
export class CheckerUnavailableError extends Error {
  override readonly name = 'CheckerUnavailableError'
}
