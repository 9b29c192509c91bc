import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { CheckerChoice, CheckerIdentity, Checkers } from '../analyze/backend.js'
import { findTypeScript } from './native/load.js'
import { openBackend } from './select.js'

let ownTsMorph: string | undefined

/** The version of the ts-morph toolcat resolves (its checker when the native one is not used). */
function tsMorphVersion(): string {
  if (ownTsMorph !== undefined) return ownTsMorph
  try {
    const manifest = createRequire(import.meta.url).resolve('ts-morph/package.json')
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }
    ownTsMorph = typeof version === 'string' ? version : 'unknown'
  } catch {
    ownTsMorph = 'unknown'
  }
  return ownTsMorph
}

/** The versions of the checkers `choice` may use for the project at `root`, read without starting any. */
function checkerIdentity(root: string, choice: CheckerChoice): CheckerIdentity {
  const typescript = choice === 'ts-morph' ? undefined : findTypeScript(root)
  return {
    typescript: typescript !== undefined && 'version' in typescript ? typescript.version : null,
    tsMorph: choice === 'native' ? null : tsMorphVersion(),
  }
}

/** toolcat's two checkers, as the entry points hand them to the analysis: the native one and ts-morph (see `openBackend`). */
export const projectCheckers: Checkers = { open: openBackend, identity: checkerIdentity }
