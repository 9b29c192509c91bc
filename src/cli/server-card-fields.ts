import { repositoryOf } from '../interop/registry/repository.js'
import type { ServerCardFields } from '../interop/mcp/server-card.js'
import { nearestPackageJson } from './package-json.js'

/**
 * The Server Card fields of the package holding `from` (a build folder, a tools folder or a
 * catalog file): `mcpName`, `displayName` as title, `description`, `homepage` and `repository`,
 * each only when package.json says it in a form the card takes.
 */
export function serverCardFieldsAt(from: string): ServerCardFields {
  const fields = nearestPackageJson(from)?.fields ?? {}
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)
  const repository = repositoryOf(fields.repository)
  const name = text(fields.mcpName)
  const title = text(fields.displayName)
  const description = text(fields.description)
  const websiteUrl = text(fields.homepage)
  return {
    ...(name === undefined ? {} : { name }),
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(websiteUrl === undefined || !/^https?:\/\/\S+$/.test(websiteUrl) ? {} : { websiteUrl }),
    ...(repository === undefined || 'problem' in repository ? {} : { repository }),
  }
}
