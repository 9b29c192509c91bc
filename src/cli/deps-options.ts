import type { DependencyOption } from '../analyze/deps/index.js'
import { UsageError, type CommandInput } from './command.js'

/** The flags that merge the catalogs of installed dependencies into the analysed one. */
export const depsOptions = {
  deps: { type: 'boolean' },
  'deps-prefix': { type: 'string', multiple: true },
} as const

/** Help lines for `depsOptions`, descriptions starting at `column` like the rest of a command's help. */
export function depsHelp(column: number): string {
  const line = (flag: string, text: string): string => `  ${flag}`.padEnd(column) + text
  return [
    line('--deps', 'merge the catalogs published by the dependencies in package.json'),
    '  --deps-prefix <package>=<prefix>',
    line('', "rename that package's tools with a prefix (implies --deps; repeatable)"),
  ].join('\n')
}

/** `--deps` and every `--deps-prefix pkg=prefix` as the analyzer's `deps` option; off when neither is given. */
export function dependencyOptionOf(input: CommandInput): DependencyOption {
  const pairs = input.values['deps-prefix']
  if (!Array.isArray(pairs)) return input.values.deps === true
  const prefix: Record<string, string> = {}
  for (const pair of pairs) {
    const match = typeof pair === 'string' ? /^([^=]+)=(.*)$/.exec(pair) : null
    if (match === null) throw new UsageError(`--deps-prefix takes <package>=<prefix>, got ${JSON.stringify(pair)}`)
    prefix[match[1] as string] = match[2] as string
  }
  return { prefix }
}
