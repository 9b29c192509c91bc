/** package.json's `repository`: a URL or shorthand string, or `{ type, url, directory }`. */
export type RepositoryField = unknown

/** server.json's `repository`: a browsable URL, the forge it is on, and the package's folder in it. */
export interface ServerRepository {
  readonly url: string
  readonly source: string
  readonly subfolder?: string
}

const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+)$/

/**
 * Reads package.json's `repository` as the registry wants it: `git+https://github.com/o/r.git`,
 * `git@github.com:o/r.git`, `github:o/r` and `o/r` all become `https://github.com/o/r`; the forge
 * is the host's name (`github`, `gitlab`, …); `directory` is the subfolder. Undefined when there
 * is none; a problem when it is not a URL.
 */
export function repositoryOf(field: RepositoryField): ServerRepository | { problem: string } | undefined {
  const given = typeof field === 'string' ? field : typeof field === 'object' && field !== null ? (field as { url?: unknown }).url : undefined
  if (given === undefined) return undefined
  const directory = typeof field === 'object' && field !== null ? (field as { directory?: unknown }).directory : undefined
  const url = typeof given === 'string' ? browsable(given.trim()) : undefined
  if (url === undefined) return { problem: `package.json "repository" ${JSON.stringify(given)} is not a repository URL` }
  const source = new URL(url).hostname.replace(/^www\./, '').split('.')[0] as string
  const subfolder = typeof directory === 'string' && directory.replace(/^\.?\/+|\/+$/g, '') !== '' ? directory.replace(/^\.?\/+|\/+$/g, '') : undefined
  return { url, source, ...(subfolder === undefined ? {} : { subfolder }) }
}

function browsable(given: string): string | undefined {
  const short = shorthand.exec(given)
  if (short !== null) return `https://${short[1] ?? 'github'}.${short[1] === 'bitbucket' ? 'org' : 'com'}/${short[2]}/${short[3]?.replace(/\.git$/, '')}`
  const scp = /^git@([^:]+):(.+?)(?:\.git)?$/.exec(given)
  const candidate = scp !== null ? `https://${scp[1]}/${scp[2]}` : given.replace(/^git\+/, '').replace(/^(git|ssh):\/\/(git@)?/, 'https://').replace(/\.git$/, '')
  try {
    const url = new URL(candidate)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    return `https://${url.host}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return undefined
  }
}
