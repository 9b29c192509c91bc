import path from 'node:path'
import { checkerChoices, type CheckerChoice } from '../analyze/backend.js'
import type { BuildOptions } from '../analyze/build-options.js'
import { UsageError, type CommandInput } from './command.js'
import { dependencyOptionOf } from './deps-options.js'

/**
 * Options shared by every command that analyses a tools folder. A new analysis flag is declared
 * here and read in `builderOptionsOf`, and every such command has it.
 */
export const analysisOptions = {
  tsconfig: { type: 'string' },
  checker: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The analyzer's options that a command line denotes: `[toolsDir]` and `--tsconfig` relative to the working directory, `--deps`, `--checker`. */
export function builderOptionsOf(input: CommandInput): BuildOptions {
  const tsconfig = input.values.tsconfig
  return {
    tools: path.resolve(input.positionals[0] ?? 'tools'),
    ...(typeof tsconfig === 'string' ? { tsconfig: path.resolve(tsconfig) } : {}),
    deps: dependencyOptionOf(input),
    checker: checkerOf(input),
  }
}

/** Help lines of `--checker`, its description starting at `column` like the rest of a command's help. */
export function checkerHelp(column: number): string {
  return `${'  --checker <name>'.padEnd(column)}${checkerChoices.join(', ')}: the type checker (default auto: the native\n${''.padEnd(column)}TypeScript 7 checker when the project's typescript is one, else ts-morph)`
}

function checkerOf(input: CommandInput): CheckerChoice {
  const value = input.values.checker ?? 'auto'
  if (typeof value === 'string' && (checkerChoices as readonly string[]).includes(value)) return value as CheckerChoice
  throw new UsageError(`--checker must be ${checkerChoices.join(', ')}, not ${String(value)}`)
}
