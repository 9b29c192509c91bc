import { serverJson, ServerJsonError, type ServerEnvironmentVariable } from '../interop/registry/server-json.js'
import { UsageError, UserError, type CommandInput } from './command.js'
import { nearestPackageJson } from './package-json.js'

/**
 * `export --format server-json`: the server.json of the package holding the positional path (or
 * the current folder), from its package.json alone — no analysis. Every field the registry would
 * refuse is listed at once.
 */
export function exportServerJson(input: CommandInput): string {
  const from = input.positionals[0] ?? (typeof input.values.catalog === 'string' ? input.values.catalog : '.')
  const found = nearestPackageJson(from)
  if (found === undefined) throw new UserError(`no package.json at or above ${from}: server.json describes an npm package`)
  const environment = [...variables(input, 'env', false), ...variables(input, 'secret-env', true)]
  try {
    const remotes = (input.values.remote as string[] | undefined) ?? []
    return `${JSON.stringify(serverJson(found.fields, { remotes, environment }), null, 2)}\n`
  } catch (error) {
    if (error instanceof ServerJsonError) throw new UserError(`cannot write server.json for ${found.folder}:\n  ${error.problems.join('\n  ')}`)
    throw error
  }
}

/** `--env NAME[=description]` (repeatable); `--secret-env` marks the value secret. */
function variables(input: CommandInput, option: string, isSecret: boolean): ServerEnvironmentVariable[] {
  return ((input.values[option] as string[] | undefined) ?? []).map((given) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/s.exec(given)
    if (match === null) throw new UsageError(`--${option} takes NAME or NAME=description, got ${JSON.stringify(given)}`)
    return { name: match[1] as string, ...(match[2] ? { description: match[2] } : {}), ...(isSecret ? { isSecret } : {}) }
  })
}
