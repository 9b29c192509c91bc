/**
 * The one place code mode turns a program's TypeScript into JavaScript: types, interfaces and
 * annotations erased, nothing else changed (no bundling, no module transform). esbuild's transform
 * does it: the app's native `esbuild` when it resolves, else `esbuild-wasm`, toolcat's dependency.
 */
interface Transformer {
  transform(source: string, options: { loader: 'ts'; target: string; sourcefile: string }): Promise<{ code: string }>
}

let transformer: Promise<Transformer> | undefined

// Specifiers held in variables: a bundler building `toolcat` for a browser must not pull esbuild in
// (a browser passes `runCode` a `stripTypes` of its own).
const nativeEsbuild = 'esbuild'
const wasmEsbuild = 'esbuild-wasm'

function loadTransformer(): Promise<Transformer> {
  transformer ??= (import(/* @vite-ignore */ nativeEsbuild) as Promise<Transformer>).catch(() => import(/* @vite-ignore */ wasmEsbuild) as Promise<Transformer>)
  return transformer
}

/** A program's TypeScript as JavaScript; a syntax error rejects with esbuild's message (`program.ts:3:7: …`). */
export async function stripTypes(source: string, file = 'program.ts'): Promise<string> {
  const { transform } = await loadTransformer()
  try {
    return (await transform(source, { loader: 'ts', target: 'es2022', sourcefile: file })).code
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors
    const first = errors?.[0]
    if (first === undefined) throw error
    const where = first.location === undefined ? file : `${first.location.file}:${first.location.line}:${first.location.column + 1}`
    throw new SyntaxError(`${where}: ${first.text}`)
  }
}
