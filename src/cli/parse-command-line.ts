import { parseArgs } from 'node:util'
import { UsageError, type Command, type CommandInput } from './command.js'
import { nearestName } from '../nearest-name.js'

type OptionConfig = Command['options'][string]

/**
 * Parses a command's arguments against its `options`. Every mistake is a `UsageError` in toolcat's
 * own words, never Node's parseArgs text: an unknown option names the nearest known one
 * (`--outdir` → did you mean `--outDir`?), a missing value names the option.
 */
export function parseCommandLine(command: Command, args: readonly string[]): CommandInput {
  // Loose first, to see every token as typed; strict only once the tokens are known to be right.
  const { tokens } = parseArgs({ args: [...args], options: command.options, allowPositionals: true, strict: false, tokens: true })
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const option = command.options[token.name]
    if (option === undefined) throw usage(command, unknownOption(command, token.rawName))
    // `-outDir x` reads as `-o utDir`: a long option typed with one dash, not a value for -o.
    const typed = args[token.index] ?? ''
    if (token.inlineValue === true && !typed.startsWith('--') && shortOwner(command, typed.slice(1)) !== undefined) {
      throw usage(command, unknownOption(command, typed))
    }
    checkValue(command, token.rawName, option, token)
  }
  const parsed = parseArgs({ args: [...args], options: command.options, allowPositionals: true, strict: true })
  if (parsed.positionals.length > command.maxPositionals) {
    throw new UsageError(`too many arguments for ${command.name}: ${parsed.positionals.join(' ')}`)
  }
  return parsed
}

function checkValue(command: Command, rawName: string, option: OptionConfig, token: { value?: string | undefined; inlineValue?: boolean | undefined }): void {
  const name = displayName(command, rawName)
  if (option.type === 'boolean') {
    if (token.inlineValue) throw usage(command, `${name} takes no value`)
    return
  }
  if (token.value === undefined) throw usage(command, `${name} needs a value`)
  // `--out --json` would take `--json` as the file: almost always a forgotten value.
  if (!token.inlineValue && token.value.startsWith('-')) {
    throw usage(command, `${name} needs a value, got the option ${token.value} (write ${name}=${token.value} if that is the value)`)
  }
}

function unknownOption(command: Command, rawName: string): string {
  const long = Object.keys(command.options)
  const typed = rawName.replace(/^-+/, '')
  const guess = rawName.startsWith('--') ? nearestName(typed, long) : shortOwner(command, typed)
  return `unknown option ${rawName}${guess === undefined ? '' : `; did you mean --${guess}?`}`
}

/** A single-dash option that is really a long one typed with one dash (`-outDir`). */
function shortOwner(command: Command, typed: string): string | undefined {
  return typed.length > 1 ? nearestName(typed, Object.keys(command.options)) : undefined
}

/** `-o` is shown as typed; a long option as `--name`. */
function displayName(command: Command, rawName: string): string {
  if (rawName.startsWith('--')) return rawName
  const long = Object.entries(command.options).find(([, option]) => `-${option.short}` === rawName)?.[0]
  return long === undefined ? rawName : `${rawName} (--${long})`
}

function usage(command: Command, message: string): UsageError {
  return new UsageError(`${message}\nrun toolcat ${command.name} --help for its options`)
}
