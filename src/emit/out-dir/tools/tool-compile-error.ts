// Its own module, so the CLI can recognise the error without loading esbuild.
/** esbuild could not compile the tool modules (as opposed to a file that could not be written). */
export class ToolCompileError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.name = 'ToolCompileError'
  }
}
