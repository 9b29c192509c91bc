import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { afterAll, describe, expect, it } from 'vitest'
import { generateCorpus, paramsTypeNames } from '../corpus/generate.mjs'
import { repoRoot } from '../lib/toolcat.mjs'

const scratch = mkdtempSync(join(tmpdir(), 'toolcat-corpus-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const read = (dir, path) => readFileSync(join(dir, path), 'utf8')

describe('generateCorpus', () => {
  const small = join(scratch, 'small')
  const large = join(scratch, 'large')
  generateCorpus(small, 60)
  generateCorpus(large, 120)

  it('writes the same bytes for the same size, and a larger corpus extends a smaller one', () => {
    const again = join(scratch, 'again')
    generateCorpus(again, 60)
    for (const file of readdirSync(join(small, 'tools'))) {
      expect(read(again, `tools/${file}`)).toBe(read(small, `tools/${file}`))
      expect(read(large, `tools/${file}`)).toBe(read(small, `tools/${file}`))
    }
    expect(read(again, 'samples.json')).toBe(read(small, 'samples.json'))
  })

  it('gives every 50th tool a recursive type (2%)', () => {
    const recursive = readdirSync(join(large, 'tools')).filter((file) => read(large, `tools/${file}`).includes('../shared/recursive.js'))
    expect(recursive).toEqual(['tool_0007.ts', 'tool_0057.ts', 'tool_0107.ts'])
  })

  it('type-checks with tsc against the real toolcat', () => {
    const tsc = spawnSync('node', [join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', small], { encoding: 'utf8' })
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  })

  it("writes samples that ts-json-schema-generator's schemas of the same types accept", () => {
    const out = join(scratch, 'tsjsg.json')
    const cli = join(repoRoot, 'node_modules/ts-json-schema-generator/bin/ts-json-schema-generator.js')
    const run = spawnSync('node', [cli, '--path', 'tools/*.ts', '--type', '*', '--tsconfig', 'tsconfig.json', '-o', out], { cwd: small, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    const ajv = new Ajv({ strict: false })
    addFormats(ajv)
    ajv.addSchema(JSON.parse(readFileSync(out, 'utf8')), 'corpus')
    const samples = JSON.parse(read(small, 'samples.json'))
    const names = paramsTypeNames(60)
    const rejected = names.filter((name, i) => !ajv.getSchema(`corpus#/definitions/${name}`)?.(samples[`tool_${String(i + 1).padStart(4, '0')}`]))
    expect(rejected).toEqual([])
  })

  it('rejects a size it cannot number', () => {
    expect(() => generateCorpus(join(scratch, 'bad'), 0)).toThrow('corpus size must be an integer in 1..9999, got 0')
  })
})
