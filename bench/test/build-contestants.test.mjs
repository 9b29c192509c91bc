import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generateCorpus } from '../corpus/generate.mjs'
import { runAlternating } from '../lib/alternate.mjs'
import { cliPath, outDirOf, repoRoot } from '../lib/toolcat.mjs'
import { buildContestants, perTypeReps } from '../suites/build-contestants.mjs'

const scratch = mkdtempSync(join(tmpdir(), 'toolcat-build-suite-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('perTypeReps', () => {
  it('runs every repetition up to 1,000 tools', () => {
    expect(perTypeReps(1000, 5)).toEqual({ reps: 5 })
  })

  it('runs once above 1,000 tools and says so', () => {
    expect(perTypeReps(3000, 5)).toEqual({ reps: 1, note: '1 repetition of 5: above 1,000 tools it runs 1 repetition unless `--reps-per-type N` is given' })
  })

  it('takes --reps-per-type above 1,000 tools, with no note once it runs them all', () => {
    expect(perTypeReps(3000, 5, 2)).toMatchObject({ reps: 2 })
    expect(perTypeReps(3000, 2, 2)).toEqual({ reps: 2 })
  })

  it('is what the tsjsg-per-type contestant gets, and no other', () => {
    const capped = buildContestants('corpus', 3000, { reps: 2 }).filter((contestant) => contestant.reps !== undefined)
    expect(capped.map(({ id, reps, note }) => ({ id, reps, note }))).toEqual([{ id: 'tsjsg-per-type', ...perTypeReps(3000, 2) }])
  })
})

describe.skipIf(!existsSync(cliPath))('the four toolcat builds', () => {
  const dir = join(scratch, 'corpus')
  generateCorpus(dir, 4)
  // Outside the repository the corpus installs its own TypeScript 7, as a TS 7 project does.
  symlinkSync(join(repoRoot, 'node_modules/typescript'), join(dir, 'node_modules/typescript'), 'dir')
  const toolcat = buildContestants(dir, 4, { reps: 1 }).filter((contestant) => contestant.id.startsWith('toolcat'))
  const runs = runAlternating(toolcat, 1, () => {})

  it('measures each on its checker and lets none fail', () => {
    expect(runs.map((run) => [run.id, run.error, run.samples.length])).toEqual([
      ['toolcat-full', undefined, 1],
      ['toolcat-catalog', undefined, 1],
      ['toolcat-native-full', undefined, 1],
      ['toolcat-native-catalog', undefined, 1],
    ])
    expect(toolcat.map((contestant) => contestant.args.at(-1))).toEqual(['ts-morph', 'ts-morph', 'native', 'native'])
  })

  it('writes catalog.json alone for the catalog builds, the registry and compiled tools for the full ones', () => {
    for (const id of ['toolcat-catalog', 'toolcat-native-catalog']) expect(readdirSync(join(outDirOf(dir), id))).toEqual(['catalog.json'])
    for (const id of ['toolcat-full', 'toolcat-native-full']) {
      expect(readdirSync(join(outDirOf(dir), id))).toEqual(expect.arrayContaining(['catalog.json', 'registry.js', 'tools']))
    }
  })
})

describe('--contestants', () => {
  it('keeps the named contestants alone, in their order', () => {
    expect(buildContestants('corpus', 10, { reps: 1, only: ['tsc7', 'toolcat-native-catalog'] }).map((contestant) => contestant.id)).toEqual(['toolcat-native-catalog', 'tsc7'])
  })
})
