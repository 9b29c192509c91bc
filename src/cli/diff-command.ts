import { diffCatalogs, formatDiffTable } from '../interop/diff/index.js'
import { UsageError, type Command } from './command.js'
import { readCatalogFile } from './read-catalog.js'

/** `toolcat diff <old> <new>`: classifies every change between two catalogs; a CI gate for publishers. */
export const diffCommand: Command = {
  name: 'diff',
  help: `Usage: toolcat diff <old catalog> <new catalog> [options]

Compares two catalog files tool by tool and classifies every change: breaking (a tool removed,
a new required parameter, a narrowed type or enum, a tightened constraint, a widened output, an
annotation flipped towards danger, …) or compatible (a tool or optional parameter added, a type
widened, a description changed, …). $refs are followed into $defs.

Options:
  --json      print { changes, breaking } as JSON instead of the table
  -h, --help  show this help

Exit status: 0 when nothing breaks, 1 when a change is breaking, 2 on bad usage or an
unreadable catalog.`,
  options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  maxPositionals: 2,
  run(input) {
    const [oldFile, newFile] = input.positionals
    if (oldFile === undefined || newFile === undefined) throw new UsageError('diff needs two catalog files: toolcat diff <old> <new>')
    const diff = diffCatalogs(readCatalogFile(oldFile), readCatalogFile(newFile))
    process.stdout.write(input.values.json ? `${JSON.stringify(diff, null, 2)}\n` : `${formatDiffTable(diff.changes)}\n`)
    return diff.breaking ? 1 : 0
  },
}
