import { execFile } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** What the fixture app's `main()` returns. */
export interface AppOutput {
  readonly names: string[]
  readonly result: { readonly success: boolean; readonly value?: unknown; readonly error?: string }
}

/** Imports a built app in a fresh Node process, calls its `main()` and returns what it answered. */
export async function runApp(entry: string): Promise<AppOutput> {
  const script = `const app = await import(${JSON.stringify(pathToFileURL(entry).href)}); console.log(JSON.stringify(await app.main()))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 })
  return JSON.parse(stdout) as AppOutput
}
