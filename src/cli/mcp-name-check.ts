import { readFileSync } from 'node:fs'
import path from 'node:path'
import { mcpServerFile } from '../emit/out-dir/mcp-server-module.js'
import { serverNamePattern } from '../interop/registry/server-json.js'
import { nearestPackageJson } from './package-json.js'

/**
 * What `toolcat build --outDir` says about a package served through its bin (one whose `bin`
 * names the outDir's `mcp-server.js`, or that states an `mcpName`): the MCP Registry verifies an
 * npm package by `mcpName`, so a missing one, one that is not a registry server name, or one that
 * differs from the `name` of the package's server.json is a warning, one sentence each.
 */
export function mcpNameWarnings(root: string, outDir: string): string[] {
  const found = nearestPackageJson(root)
  if (found === undefined) return []
  const { folder, fields } = found
  const bins = typeof fields.bin === 'string' ? [fields.bin] : typeof fields.bin === 'object' && fields.bin !== null ? Object.values(fields.bin) : []
  const served = bins.some((bin) => typeof bin === 'string' && path.resolve(folder, bin) === path.join(outDir, mcpServerFile))
  const mcpName = fields.mcpName
  if (!served && mcpName === undefined) return []
  const where = path.relative(process.cwd(), path.join(folder, 'package.json')) || 'package.json'
  if (typeof mcpName !== 'string') return [`${where} has no "mcpName": the MCP Registry lists an npm package only under the name it states (e.g. "mcpName": "io.github.<you>/${String(fields.name ?? 'tools').replace(/^@[^/]+\//, '')}"); toolcat export --format server-json needs it`]
  if (!serverNamePattern.test(mcpName)) return [`${where} "mcpName" ${JSON.stringify(mcpName)} is not an MCP Registry server name: a reverse-DNS namespace, one slash, a name (e.g. io.github.<you>/tools)`]
  const listed = serverJsonName(path.join(folder, 'server.json'))
  if (listed !== undefined && listed !== mcpName) return [`${where} "mcpName" ${JSON.stringify(mcpName)} does not match server.json's name ${JSON.stringify(listed)}: the registry refuses the package (run toolcat export --format server-json --out server.json again)`]
  return []
}

function serverJsonName(file: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name
    return typeof name === 'string' ? name : undefined
  } catch {
    return undefined
  }
}
