import { buildCommand } from './build-command.js'
import { checkCommand } from './check-command.js'
import type { Command } from './command.js'
import { diffCommand } from './diff-command.js'
import { exportCommand } from './export-command.js'
import { serveCommand } from './serve-command.js'
import { verifyCommand } from './verify-command.js'

/** Every subcommand, in the order `toolcat --help` lists them; a new command is one more entry. */
export const commands: readonly Command[] = [buildCommand, checkCommand, exportCommand, diffCommand, verifyCommand, serveCommand]
