import type { ParseArgsConfig } from 'node:util'

/** The parsed command line a command runs with. */
export interface CommandInput {
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>
  readonly positionals: readonly string[]
}

/** One `toolcat <name>` subcommand: its help and what it does; returns the exit code. */
export interface Command {
  readonly name: string
  /** The full text of `toolcat <name> --help`. */
  readonly help: string
  readonly options: NonNullable<ParseArgsConfig['options']>
  /** Most positional arguments accepted. */
  readonly maxPositionals: number
  run(input: CommandInput): number | Promise<number>
}

/** Wrong usage of the command line: reported with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

/** A failure the user can fix (a file that cannot be written): its message is printed, exit code 1. */
export class UserError extends Error {}
