import { toolcatVersion } from '../analyze/package-info.js'
import { UsageError, UserError } from './command.js'
import { commands } from './commands.js'
import { nearestName } from '../nearest-name.js'
import { parseCommandLine } from './parse-command-line.js'

/** Runs the toolcat command line and returns its exit code; user mistakes never surface as stack traces. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    return await dispatch(argv)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`toolcat: ${error.message}\n`)
      return 2
    }
    if (error instanceof UserError) {
      process.stderr.write(`toolcat: ${error.message}\n`)
      return 1
    }
    throw error
  }
}

async function dispatch(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined) throw new UsageError(`a command is needed\n\n${overview()}`)
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(`${overview()}\n`)
    return 0
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${toolcatVersion()}\n`)
    return 0
  }
  const entry = commands.find((candidate) => candidate.name === first)
  if (!entry) {
    const guess = nearestName(first, commands.map((candidate) => candidate.name))
    throw new UsageError(`unknown command '${first}'; ${guess === undefined ? '' : `did you mean '${guess}'? `}run toolcat --help for the list`)
  }
  const command = await entry.load()
  const input = parseCommandLine(command, rest)
  if (input.values.help) {
    process.stdout.write(`${command.help}\n`)
    return 0
  }
  return command.run(input)
}

function overview(): string {
  const width = Math.max(...commands.map((command) => command.name.length))
  const list = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')
  return `Usage: toolcat <command> [options]

Commands:
${list}

Options:
  -h, --help     show this help (or toolcat <command> --help for a command's)
  -v, --version  print toolcat's version`
}
