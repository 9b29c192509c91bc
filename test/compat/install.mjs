// Installing the packed toolcat into a fresh app, as a new user would: shared by the compatibility
// tests (test/compat/) and bench/compilers.mjs --apps, so the bench times apps installed exactly as
// the tests prove them installable. Plain JavaScript, so the bench can import it without a build.
import { execFileSync, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** pnpm 12, a devDependency of this repository (installed from the npm registry, never global). */
export const pnpmBin = path.join(repoRoot, 'node_modules/.bin/pnpm')

/** Packs this checkout (dist/ as built) into `folder`; the tarball's path. */
export function packToolcat(folder) {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { cwd: repoRoot, encoding: 'utf8' }))
  if (packed === undefined) throw new Error('npm pack reported no tarball')
  return path.join(folder, packed.filename)
}

/**
 * Runs `npm install --no-fund --no-audit <packages…>` (or, with `manager` 'pnpm', `pnpm add
 * <packages…>`) in `cwd`; resolves with everything it printed (stdout, then stderr), rejects with it
 * when the install fails. `env` replaces the environment (a bench puts another Node first on PATH).
 */
export function installPackages(cwd, packages, { manager = 'npm', env = process.env } = {}) {
  const [command, args] = manager === 'pnpm' ? [pnpmBin, ['add', ...packages]] : ['npm', ['install', '--no-fund', '--no-audit', ...packages]]
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (data) => (stdout += String(data)))
    child.stderr.on('data', (data) => (stderr += String(data)))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(`${stdout}${stderr}`) : reject(new Error(`${manager} ${args.join(' ')} exited with ${code}:\n${stdout}${stderr}`))))
  })
}

/**
 * The lines of npm's install output that toolcat caused: a peer conflict met while resolving
 * toolcat, an engine toolcat requires, or an install script of a package toolcat brought (esbuild
 * was one). A framework's own conflicts among its dependencies may name toolcat in their lists of
 * dependents; those are the framework's.
 */
export function toolcatWarnings(installed) {
  return installed.split('\n').filter((line) => /While resolving: toolcat@|package: 'toolcat@|install-scripts\s+(?:toolcat|esbuild)@/.test(line))
}

/** Whether an install's output mentions an install script run or held back for approval (npm's install-scripts, pnpm 12's ignored builds). */
export function askedApproval(installed) {
  return /install-scripts|IGNORED_BUILDS|approve-builds/.test(installed)
}
