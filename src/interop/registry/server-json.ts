import { repositoryOf, type RepositoryField } from './repository.js'

/** The `$id` of the MCP Registry's server.json schema this module writes to. */
export const serverSchemaId = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'

/** The registry's server name: reverse-DNS namespace, one slash, server name (its schema's pattern). */
export const serverNamePattern = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/
/** A version range or tag the registry refuses in place of one exact version. */
const notExactVersion = /^(latest|[~^<>=*]|.*(\.[xX*]|\s-\s|\|\|))/
const maxDescription = 100

/** The package.json fields a server.json is made from. */
export interface PackageFields {
  readonly name?: unknown
  readonly version?: unknown
  readonly description?: unknown
  /** The registry's server name; npm packages are verified by it. */
  readonly mcpName?: unknown
  /** Shown as the server's `title`. */
  readonly displayName?: unknown
  readonly homepage?: unknown
  readonly repository?: RepositoryField
}

/** An environment variable the server reads. */
export interface ServerEnvironmentVariable {
  readonly name: string
  readonly description?: string
  readonly isSecret?: boolean
}

/** What the package's own fields do not say. */
export interface ServerJsonOptions {
  /** Streamable HTTP endpoints where the same server runs (`remotes`). */
  readonly remotes?: readonly string[]
  /** Environment variables the tools read, each required. */
  readonly environment?: readonly ServerEnvironmentVariable[]
}

/** A server.json value as the registry's schema reads it (the fields this module writes). */
export type ServerJson = Record<string, unknown> & { readonly name: string; readonly version: string; readonly description: string }

/** What keeps a package from having a server.json, one sentence per problem. */
export class ServerJsonError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'))
  }
}

/**
 * A tool package's server.json for the MCP Registry: name from `mcpName`, version, description,
 * title, repository and website from package.json, and one npm package run as `npx --yes <name>`
 * on stdio — the `bin` that serves the package's build (`mcp-server.js`), with its `--confirm`
 * option — plus a Streamable HTTP remote per `remotes` URL. Throws a `ServerJsonError`
 * listing every field the registry would refuse.
 */
export function serverJson(pkg: PackageFields, options: ServerJsonOptions = {}): ServerJson {
  const problems: string[] = []
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)
  const name = text(pkg.name)
  const version = text(pkg.version)
  const mcpName = text(pkg.mcpName)
  const description = text(pkg.description)
  if (name === undefined) problems.push('package.json has no "name": the registry names the npm package it runs')
  if (mcpName === undefined) problems.push(`package.json has no "mcpName": add the server's registry name, e.g. "mcpName": "${suggestedName(pkg)}" (the registry checks the npm package by it)`)
  else if (!serverNamePattern.test(mcpName) || mcpName.length > 200) problems.push(`package.json "mcpName" ${JSON.stringify(mcpName)} is not a registry server name: a reverse-DNS namespace, one slash, a name (e.g. "${suggestedName(pkg)}")`)
  if (version === undefined) problems.push('package.json has no "version": the registry lists one exact version')
  else if (notExactVersion.test(version)) problems.push(`package.json "version" ${JSON.stringify(version)} is not one exact version`)
  if (description === undefined) problems.push('package.json has no "description": the registry shows it (at most 100 characters)')
  else if (description.length > maxDescription) problems.push(`package.json "description" has ${description.length} characters; the registry takes at most ${maxDescription}: shorten it`)
  const remotes = (options.remotes ?? []).map((url) => {
    if (!/^https?:\/\/\S+$/.test(url)) problems.push(`--remote ${JSON.stringify(url)} is not an http(s) URL`)
    return { type: 'streamable-http', url }
  })
  const repository = repositoryOf(pkg.repository)
  if (repository !== undefined && 'problem' in repository) problems.push(repository.problem)
  const website = text(pkg.homepage)
  if (website !== undefined && !/^https?:\/\/\S+$/.test(website)) problems.push(`package.json "homepage" ${JSON.stringify(website)} is not an http(s) URL`)
  const title = text(pkg.displayName)
  if (title !== undefined && title.length > maxDescription) problems.push(`package.json "displayName" has ${title.length} characters; the registry's title takes at most ${maxDescription}`)
  if (problems.length > 0) throw new ServerJsonError(problems)
  const environmentVariables = (options.environment ?? []).map((variable) => ({
    name: variable.name,
    ...(variable.description === undefined ? {} : { description: variable.description }),
    isRequired: true,
    ...(variable.isSecret === true ? { isSecret: true } : {}),
  }))
  return {
    $schema: serverSchemaId,
    name: mcpName as string,
    ...(title === undefined ? {} : { title }),
    description: description as string,
    version: version as string,
    ...(repository === undefined ? {} : { repository }),
    ...(website === undefined ? {} : { websiteUrl: website }),
    packages: [
      {
        registryType: 'npm',
        identifier: name as string,
        version: version as string,
        runtimeHint: 'npx',
        runtimeArguments: [{ type: 'named', name: '--yes', description: 'install the package without asking' }],
        transport: { type: 'stdio' },
        packageArguments: serverArguments,
        ...(environmentVariables.length === 0 ? {} : { environmentVariables }),
      },
    ],
    ...(remotes.length === 0 ? {} : { remotes }),
  }
}

/** The options of the package's bin a client may set: both optional, both with the server's default. */
const serverArguments = [
  {
    type: 'named',
    name: '--confirm',
    description: 'who confirms a consequential tool: ask the person through the client, allow every call, or deny every call',
    choices: ['ask', 'allow', 'deny'],
    default: 'ask',
    isRequired: false,
  },
]

/** `io.github.<owner>/<package>` from a GitHub repository, else a placeholder namespace. */
function suggestedName(pkg: PackageFields): string {
  const bare = typeof pkg.name === 'string' ? pkg.name.replace(/^@[^/]+\//, '') : 'my-tools'
  const repository = repositoryOf(pkg.repository)
  const owner = repository !== undefined && 'url' in repository && repository.source === 'github' ? /github\.com\/([^/]+)/.exec(repository.url)?.[1] : undefined
  return `io.github.${owner ?? '<you>'}/${bare}`
}
