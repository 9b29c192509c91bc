/** An argument of a server.json package entry, as the registry's schema has it. */
interface Argument {
  readonly type: string
  readonly name?: string
  readonly value?: string
  readonly default?: string
}

/**
 * The command line a client runs for a server.json's first package, as the registry describes it:
 * the runtime, its arguments, the package identifier, then the package's arguments, each named one
 * with its value (or its default) and each positional one as its value.
 */
export function commandOf(written: Record<string, unknown>): string[] {
  const entry = (written.packages as { runtimeHint: string; identifier: string; runtimeArguments?: Argument[]; packageArguments?: Argument[] }[])[0]
  if (entry === undefined) throw new Error('server.json has no package')
  const argv = (args: readonly Argument[] = []) =>
    args.flatMap((arg) => {
      const value = arg.value ?? arg.default
      return arg.type === 'named' ? [arg.name as string, ...(value === undefined ? [] : [value])] : value === undefined ? [] : [value]
    })
  return [entry.runtimeHint, ...argv(entry.runtimeArguments), entry.identifier, ...argv(entry.packageArguments)]
}
