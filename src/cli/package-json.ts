import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { UserError } from './command.js'

/** The nearest package.json at or above `from` (a file or folder): its folder and its fields. */
export function nearestPackageJson(from: string): { folder: string; fields: Record<string, unknown> } | undefined {
  let folder = path.resolve(from)
  if (statSync(folder, { throwIfNoEntry: false })?.isFile() === true) folder = path.dirname(folder)
  for (;;) {
    const file = path.join(folder, 'package.json')
    if (existsSync(file)) {
      let fields: unknown
      try {
        fields = JSON.parse(readFileSync(file, 'utf8'))
      } catch (error) {
        throw new UserError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new UserError(`${file} is not a JSON object`)
      return { folder, fields: fields as Record<string, unknown> }
    }
    const parent = path.dirname(folder)
    if (parent === folder) return undefined
    folder = parent
  }
}
