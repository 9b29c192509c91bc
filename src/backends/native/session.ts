import type { ChildProcess } from 'node:child_process'
import path from 'node:path'
import type { API, Project, Snapshot } from 'typescript/unstable/sync'
import { defaultCompilerOptions } from '../compiler-defaults.js'
import type { NativeModules } from './load.js'

/** What the project asks of the native program: its roots and the tsconfig it extends. */
export interface SessionRequest {
  readonly root: string
  readonly tsconfig: string | undefined
  readonly toolFiles: readonly string[]
}

/**
 * One Go checker process (`typescript/unstable/sync` spawns it) and the latest snapshot of the
 * project in it. The program is the tool modules over the user's tsconfig options, as with
 * ts-morph: a tsconfig that exists only in this process (the API reads it through a `readFile`
 * callback) extends the user's and lists the tool modules as its files. Updates hand the API the
 * changed files, which re-reads only those.
 */
export class NativeSession {
  private readonly api: API
  private readonly child: ChildProcess | undefined
  private readonly configFile: string
  private configText: string
  private snapshot: Snapshot
  private closing: Promise<void> | undefined
  project: Project

  constructor(
    private readonly modules: NativeModules,
    private readonly request: SessionRequest,
  ) {
    const folder = request.tsconfig === undefined ? request.root : path.dirname(request.tsconfig)
    // Beside the user's tsconfig, so that everything it resolves relative to its folder resolves the same.
    this.configFile = path.join(folder, `.toolcat-${process.pid}.tsconfig.json`).split(path.sep).join('/')
    this.configText = this.config(request.toolFiles)
    this.api = new modules.sync.API({
      cwd: request.root,
      fs: { readFile: (file) => (file === this.configFile ? this.configText : undefined) },
    })
    this.child = childOf(this.api)
    try {
      this.snapshot = this.api.updateSnapshot({ openProjects: [this.configFile] })
      this.project = this.projectOf(this.snapshot)
    } catch (error) {
      void this.close()
      throw error
    }
  }

  /** Config-file problems of the user's tsconfig (syntax, unknown options, a missing `extends`). */
  configProblems(): string[] {
    return this.project.program.getConfigFileParsingDiagnostics().map((diagnostic) => diagnostic.text)
  }

  /** A new snapshot in which only the changed files (and the list of tool modules) are read again. */
  update(changed: readonly string[], added: readonly string[], removed: readonly string[], toolFiles: readonly string[]): void {
    const configText = this.config(toolFiles)
    const configChanged = configText !== this.configText
    this.configText = configText
    const previous = this.snapshot
    this.snapshot = this.api.updateSnapshot({
      fileChanges: { changed: [...changed, ...(configChanged ? [this.configFile] : [])], created: [...added], deleted: [...removed] },
    })
    this.project = this.projectOf(this.snapshot)
    previous.dispose()
  }

  /**
   * Ends the Go process and resolves once it has exited (so its CPU and memory are accounted to
   * this process, and nothing outlives it). Safe to call more than once. A signal needs no handler
   * here: it ends this process at once (no JavaScript runs during a synchronous build anyway), and
   * the Go process, its input closed, exits on its own.
   */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      const child = this.child
      const exited = child === undefined || child.exitCode !== null || child.signalCode !== null
      if (!exited) {
        // The API unreferences its child; referencing it again keeps the event loop alive until it is reaped.
        child.ref()
        child.once('exit', () => resolve())
      }
      // SIGKILL, not the API's SIGTERM: the checker holds nothing to flush, and on SIGTERM it may
      // print `context canceled` to the stderr it shares with toolcat (seen under load in CI).
      if (!exited) child.kill('SIGKILL')
      try {
        this.api.close()
      } catch {
        // already gone
      }
      if (exited) resolve()
    })
    return this.closing
  }

  private projectOf(snapshot: Snapshot): Project {
    const project = snapshot.getProject(this.configFile) ?? snapshot.getProjects()[0]
    if (project === undefined) throw new Error('toolcat: the native checker opened no project')
    return project
  }

  private config(toolFiles: readonly string[]): string {
    const { tsconfig } = this.request
    return JSON.stringify({
      ...(tsconfig === undefined ? { compilerOptions: defaultCompilerOptions } : { extends: tsconfig, compilerOptions: { noEmit: true } }),
      files: toolFiles.map((file) => file.split(path.sep).join('/')),
      include: [],
    })
  }
}

/** The Go process behind an API instance (a private field of the client: absent if a release moves it). */
function childOf(api: API): ChildProcess | undefined {
  const child = (api as unknown as { client?: { channel?: { child?: unknown } } }).client?.channel?.child
  return child !== null && typeof child === 'object' && 'once' in child ? (child as ChildProcess) : undefined
}
