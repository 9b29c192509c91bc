import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ts } from 'ts-morph'
import { expect, test } from 'vitest'
import { repoRoot } from '../registry/out-dir.js'
import { LTS_NODES } from '../../scripts/lts-node.mjs'
import { testedLines } from './versions.js'

// README's compatibility table says what package.json accepts and what the tests installed: each
// range cell is package.json's range, each tested cell lists exactly the versions test/compat
// installs, and each of those is inside the range.
const tsMorphVersion = (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/ts-morph/package.json'), 'utf8')) as { version: string }).version
const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string }
  peerDependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** The table's rows after `<!-- compatibility-table -->`: first cell, range cell, tested cell. */
function tableRows(): Map<string, { accepted: string; tested: string }> {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  const table = readme.split('<!-- compatibility-table -->\n')[1]?.split('\n\n')[0] ?? ''
  const rows = table.split('\n').slice(2).map((line) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim().replaceAll('\\|', '|')))
  return new Map(rows.map(([name = '', accepted = '', tested = '']) => [name.replace(/ \(.*\)$/, '').replaceAll('`', ''), { accepted, tested }]))
}

/** Whether `version` is inside a range made of `^a.b.c` and `>=a.b.c <d` parts joined by `||` (the forms package.json uses). */
function satisfies(version: string, range: string): boolean {
  const number = (text: string): number[] => text.split('.').map(Number)
  const compare = (a: number[], b: number[]): number => a.map((part, index) => part - (b[index] ?? 0)).find((difference) => difference !== 0) ?? 0
  const v = number(version)
  return range.split('||').some((part) => {
    const caret = /^\^(\d+\.\d+\.\d+)$/.exec(part.trim())
    if (caret?.[1] !== undefined) {
      const low = number(caret[1])
      const high = low[0] === 0 ? [0, (low[1] ?? 0) + 1, 0] : [(low[0] ?? 0) + 1, 0, 0]
      return compare(v, low) >= 0 && compare(v, high) < 0
    }
    const bounds = /^>=(\d+\.\d+\.\d+) <(\d+(?:\.\d+\.\d+)?)$/.exec(part.trim())
    if (bounds?.[1] === undefined || bounds[2] === undefined) throw new Error(`range form not understood: ${part}`)
    return compare(v, number(bounds[1])) >= 0 && compare(v, number(bounds[2])) < 0
  })
}

test('every peer dependency has a row whose range is package.json\'s, and whose tested versions are the ones test/compat installs, each inside the range', () => {
  const rows = tableRows()
  for (const [name, range] of Object.entries(pkg.peerDependencies)) {
    const row = rows.get(name)
    expect(row, `README's table has no row for ${name}`).toBeDefined()
    expect(row?.accepted, name).toBe(`\`${range}\``)
    const lines = (testedLines as Record<string, readonly { version: string }[]>)[name]
    const tested = lines?.map((line) => line.version) ?? [pkg.devDependencies[name] ?? '']
    // What follows a `;` is a remark (the fallback the esbuild row names), not a tested version.
    const listed = (row?.tested ?? '').split(';')[0] ?? ''
    expect([...listed.matchAll(/\b\d+\.\d+\.\d+\b/g)].map((match) => match[0]), name).toEqual(tested)
    for (const version of tested) expect(satisfies(version, range), `${name}@${version} in ${range}`).toBe(true)
  }
})

test('the Node and TypeScript rows say what package.json and the test passes use', () => {
  const rows = tableRows()
  expect(rows.get('Node.js')?.accepted).toBe(`\`${pkg.engines.node}\``)
  // The tested cell lists exactly the LTS lines `npm test` runs on, and this pass runs on one of them.
  const tested = (rows.get('Node.js')?.tested ?? '').split(';')[0] ?? ''
  expect([...tested.matchAll(/\b\d+\.\d+\.\d+\b/g)].map((match) => match[0])).toEqual(Object.values(LTS_NODES))
  expect(Object.values(LTS_NODES)).toContain(process.versions.node)
  // The TypeScript 6 a user's build runs is the one ts-morph bundles, which the summary line names
  // (`ts-morph TypeScript 6.0.2`), not the repository's own typescript6 (a user saw both and wondered).
  expect(rows.get('TypeScript')?.tested).toBe(`${ts.version} (ts-morph ${tsMorphVersion}'s), ${pkg.devDependencies.typescript}`)
})
