/**
 * The one place code mode turns a program's TypeScript into JavaScript: types, interfaces and
 * annotations erased, nothing else changed (no bundling, no module transform). oxc's transformer
 * does it, the one rolldown carries (`rolldown/utils`), which toolcat depends on: a fresh install
 * strips with no esbuild of the app's own.
 */
interface TransformLog {
  readonly message?: string
  readonly loc?: { readonly file?: string; readonly line: number; readonly column: number }
}

interface Transformer {
  transform(file: string, source: string, options: { lang: 'ts'; sourceType: 'module'; target: string }): Promise<{ code: string; errors: readonly TransformLog[] }>
}

let transformer: Promise<Transformer> | undefined

// The specifier held in a variable: a bundler building `toolcat` for a browser must not pull the
// native transformer in (a browser passes `runCode` a `stripTypes` of its own).
const oxcTransformer = 'rolldown/utils'

function loadTransformer(): Promise<Transformer> {
  transformer ??= import(/* @vite-ignore */ oxcTransformer) as Promise<Transformer>
  return transformer
}

/** A program's TypeScript as JavaScript; a syntax error rejects as `program.ts:3:7: message`. */
export async function stripTypes(source: string, file = 'program.ts'): Promise<string> {
  const { transform } = await loadTransformer()
  const result = await transform(file, source, { lang: 'ts', sourceType: 'module', target: 'es2022' })
  const first = result.errors[0]
  if (first === undefined) return result.code
  const text = (first.message ?? 'syntax error').split('\n').find((line) => line.trim() !== '')?.trim() ?? 'syntax error'
  throw new SyntaxError(first.loc === undefined ? `${file}: ${text}` : `${first.loc.file ?? file}:${first.loc.line}:${first.loc.column + 1}: ${text}`)
}
