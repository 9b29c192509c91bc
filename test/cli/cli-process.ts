import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from './run-cli.js'

const bin = path.join(repoRoot, 'dist/src/cli/bin.js')

/** How a child process ended: its exit code, or the signal that ended it. */
export interface Ending {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

/**
 * The built `toolcat` running as a long-lived child process (`build --watch`, or a build to
 * interrupt), its stderr collected line by line. `group` starts it in a process group of its own,
 * so a signal can reach it and its children together, as Ctrl-C in a terminal does; `bin` runs
 * another copy of the CLI (an installed one) than the repository's.
 */
export class CliProcess {
  readonly child: ChildProcess
  readonly ended: Promise<Ending>
  #stderr = ''

  constructor(args: readonly string[], cwd: string, options: { group?: boolean; bin?: string } = {}) {
    this.child = spawn(process.execPath, [options.bin ?? bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: options.group === true })
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.#stderr += chunk))
    this.child.stdout?.resume()
    this.ended = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })))
  }

  /** Everything printed on stderr so far. */
  get stderr(): string {
    return this.#stderr
  }

  /** The summary lines printed so far (`✔ …` or `✖ …`), one per build. */
  summaries(): string[] {
    return this.#stderr.split('\n').filter((line) => /^[✔✖] /.test(line))
  }

  /** Waits until `check` holds for the stderr (up to `ms`); fails with what was printed. */
  async waitFor(check: (stderr: string) => boolean, ms = 60_000): Promise<void> {
    const until = Date.now() + ms
    while (!check(this.#stderr)) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`toolcat ended before that; it printed:\n${this.#stderr}`)
      if (Date.now() > until) throw new Error(`timed out; toolcat printed:\n${this.#stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  /** Waits for the n-th summary line (1-based) and returns it. */
  async summary(n: number, ms?: number): Promise<string> {
    await this.waitFor(() => this.summaries().length >= n, ms)
    return this.summaries()[n - 1] as string
  }

  /** Sends a signal to the process, or to its whole group when it was started with `group`. */
  signal(signal: NodeJS.Signals, group = false): void {
    if (this.child.pid === undefined) throw new Error('toolcat did not start')
    process.kill(group ? -this.child.pid : this.child.pid, signal)
  }

  /** Ends the process if it still runs (for afterEach). */
  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
  }
}

/** Every leftover of an interrupted or failed write under `folder`: temporary files and staging folders. */
export function leftovers(folder: string): string[] {
  // A running build makes and removes folders while this reads: a folder gone in the middle of the
  // walk (ENOENT) is read again from the top, a bounded number of times.
  for (let attempt = 0; ; attempt++) {
    if (!existsSync(folder)) return []
    try {
      return (readdirSync(folder, { recursive: true, encoding: 'utf8' }) as string[]).filter((entry) =>
        entry.split(path.sep).some((segment) => segment.startsWith('.toolcat-staging-')) || entry.endsWith('.tmp'),
      )
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 50) throw error
    }
  }
}
