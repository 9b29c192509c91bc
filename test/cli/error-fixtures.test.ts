import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { codes } from '../../src/analyze/codes.js'
import { runCli, temporaryFolder } from './run-cli.js'

const cases = [
  { fixture: 'bad-name', code: codes.invalidName, at: 'weather.ts:5:9' },
  { fixture: 'duplicate', code: codes.duplicateName, at: 'search-web.ts:5:9' },
  { fixture: 'side-effect', code: codes.sideEffect, at: 'fetch-rates.ts:4:1' },
  { fixture: 'non-json', code: codes.nonJsonType, at: 'schedule.ts:6:34' },
  { fixture: 'non-object', code: codes.nonObjectParameters, at: 'echo.ts:6:20' },
  { fixture: 'computed-name', code: codes.nonStaticField, at: 'translate.ts:6:9' },
  { fixture: 'syntax-error', code: codes.syntaxError, at: 'broken.ts:9:1' },
  { fixture: 'missing-import', code: codes.unresolvedImport, at: 'geocode.ts:2:34' },
  // The module resolves but has no such export: the type would be read as any, the schema accept anything.
  { fixture: 'missing-export', code: codes.unresolvedImport, at: 'plan-route.ts:2:15' },
  // A misplaced annotation would let a consequential tool run unconfirmed: refused, not ignored.
  { fixture: 'misplaced-annotation', code: codes.unknownField, at: 'delete-repo.ts:6:3' },
  { fixture: 'no-tools', code: codes.noTools, at: '' },
]

test.each(cases)('$fixture: $code at $at, exit 1, the previous catalog untouched', ({ fixture, code, at }) => {
  const out = path.join(temporaryFolder(), 'catalog.json')
  const previous = '{"previous":"catalog"}\n'
  writeFileSync(out, previous)
  const run = runCli(['build', `fixtures/errors/${fixture}/tools`, '--out', out])
  expect(run.status).toBe(1)
  const location = at ? `fixtures/errors/${fixture}/tools/${at}` : `fixtures/errors/${fixture}/tools`
  expect(run.stderr).toContain(`${location} - error ${code}: `)
  expect(run.stderr).toMatch(/✖ \d+ tools? · [1-9]\d* errors? · 0 warnings · \d+ ms · native TypeScript 7\.\d+\.\d+\n$/)
  expect(run.stderr).not.toMatch(/\n\s+at .*\.js:\d+/)
  expect(readFileSync(out, 'utf8')).toBe(previous)
})

test('fields and annotations toolcat does not know are each an error at the key, saying what was meant', () => {
  const run = runCli(['check', 'fixtures/errors/misplaced-annotation/tools'])
  const lines = run.stderr.split('\n').filter((line) => line.includes(' - error ') || line.startsWith('  hint: '))
  expect(lines).toEqual([
    'fixtures/errors/misplaced-annotation/tools/annotations.ts:6:18 - error TC1015: unknown annotation `consequentail`: did you mean `consequential`?',
    '  hint: the annotations are pure, untrusted, consequential',
    'fixtures/errors/misplaced-annotation/tools/annotations.ts:15:18 - error TC1015: annotation `pure` must be true or false',
    '  hint: write `pure: true`',
    'fixtures/errors/misplaced-annotation/tools/annotations.ts:17:3 - error TC1015: unknown field `descripton` in defineTool: did you mean `description`?',
    '  hint: the fields are name, title, description, summary, annotations, execute',
    'fixtures/errors/misplaced-annotation/tools/delete-repo.ts:6:3 - error TC1015: `consequential` is an annotation; as a field of the definition it has no effect',
    '  hint: write it inside annotations: `annotations: { consequential: true }`',
  ])
  expect(run.status).toBe(1)
})

test('a diagnostic shows the source line with a caret under the node at fault', () => {
  const run = runCli(['check', 'fixtures/errors/side-effect/tools'])
  expect(run.stderr).toContain(
    [
      'fixtures/errors/side-effect/tools/fetch-rates.ts:4:1 - error TC1004: a call at the top level runs whenever the module is loaded: `console.log(\'rates tool loaded\')`',
      "  4 | console.log('rates tool loaded')",
      '    | ' + '^'.repeat(32),
      '  hint: a tool module may only import and declare; move the work into execute()',
    ].join('\n'),
  )
})

test('a problem in a shared file names the tools that reach it, the first few and a count', () => {
  const run = runCli(['check', 'fixtures/errors/shared-non-json/tools'])
  const at = run.stderr.split('\n').findIndex((line) => line.startsWith('fixtures/errors/shared-non-json/tools/shared/stamp.ts:4:3 - error TC1005: '))
  expect(at).toBeGreaterThanOrEqual(0)
  const usedBy = run.stderr.split('\n').slice(at).find((line) => line.startsWith('  used by '))
  const tool = (name: string) => `fixtures/errors/shared-non-json/tools/${name}.ts (${name})`
  expect(usedBy).toBe(`  used by ${tool('archive_note')}, ${tool('close_ticket')}, ${tool('flag_order')} and 2 more`)
  expect(run.stderr.match(/ - error TC1005: /g)).toHaveLength(1)
  expect(run.status).toBe(1)
})

test('--json carries every tool a shared problem reaches', () => {
  const run = runCli(['check', 'fixtures/errors/shared-non-json/tools', '--json'])
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { file: string; usedBy?: { module: string; name: string }[] }[] }
  const shared = diagnostics.find((diagnostic) => diagnostic.file.endsWith('shared/stamp.ts'))
  expect(shared?.usedBy?.map((tool) => tool.name)).toEqual(['archive_note', 'close_ticket', 'flag_order', 'publish_post', 'reopen_ticket'])
})
