import path from 'node:path'
import type { BuildOptions } from '../analyze/build-options.js'
import type { CommandInput } from './command.js'
import { dependencyOptionOf } from './deps-options.js'

/**
 * Options shared by every command that analyses a tools folder. A new analysis flag is declared
 * here and read in `builderOptionsOf`, and every such command has it.
 */
export const analysisOptions = {
  tsconfig: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The analyzer's options that a command line denotes: `[toolsDir]` and `--tsconfig` relative to the working directory, `--deps`. */
export function builderOptionsOf(input: CommandInput): BuildOptions {
  const tsconfig = input.values.tsconfig
  return {
    tools: path.resolve(input.positionals[0] ?? 'tools'),
    ...(typeof tsconfig === 'string' ? { tsconfig: path.resolve(tsconfig) } : {}),
    deps: dependencyOptionOf(input),
  }
}
