/** Describes where and with what the figures were taken: machine, date and package versions. */
import { readFileSync } from 'node:fs'
import { cpus, loadavg, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from './toolcat.mjs'

const PACKAGES = ['typescript', 'typescript6', 'ts-morph', 'ts-json-schema-generator', 'typescript-json-schema', 'ajv', 'esbuild']

function versionOf(packageDir) {
  try {
    return JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version
  } catch {
    return 'not installed'
  }
}

/** Returns `{ machine, date, versions }` for results.json. */
export function describeRun() {
  return {
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGB: Math.round(totalmem() / 2 ** 30),
      os: `${process.platform} ${release()}`,
      // Other work on the machine skews every figure; recorded so a reader can judge the run.
      loadAverage1m: Math.round(loadavg()[0] * 100) / 100,
    },
    date: new Date().toISOString(),
    versions: {
      node: process.version,
      toolcat: versionOf(repoRoot),
      ...Object.fromEntries(PACKAGES.map((name) => [name, versionOf(join(repoRoot, 'node_modules', name))])),
      'typescript (ts-morph)': tsMorphTypeScript(),
    },
  }
}

function tsMorphTypeScript() {
  const source = readFileSync(join(repoRoot, 'node_modules/@ts-morph/common/dist/typescript.js'), 'utf8')
  return /\bversion = "([^"]+)"/.exec(source)?.[1] ?? 'unknown'
}
