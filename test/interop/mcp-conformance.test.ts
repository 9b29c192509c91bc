import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { conformance } from '../setup/conformance.js'
import { builtProject, startHttpServer, type HttpServer } from './mcp-served.js'

// The official conformance suite (@modelcontextprotocol/conformance) against
// `toolcat serve --mcp out --http`, serving fixtures/mcp-served, under the Node of the test pass.

/** The server scenarios that apply to a tools-only server; each must pass with no failure. */
const applicable = ['server-initialize', 'ping', 'tools-list', 'tools-call-simple-text', 'tools-call-error', 'dns-rebinding-protection', 'server-sse-multiple-streams', 'server-sse-polling']

/** The scenarios skipped, and why: what they test is something a toolcat server does not offer. */
const skipped: Record<string, string> = {
  'logging-set-level': 'no logging capability: a tool has no channel to log to the client',
  'completion-complete': 'no completions capability: there are no prompts or resource templates to complete',
  'tools-call-image': 'a tool result is its JSON value as text (and structuredContent); tools cannot return images',
  'tools-call-audio': 'tools cannot return audio content',
  'tools-call-embedded-resource': 'tools cannot return embedded resources',
  'tools-call-mixed-content': 'tools cannot return image or resource content blocks',
  'tools-call-with-logging': 'no logging capability',
  'tools-call-with-progress': 'no progress notifications: a tool reports no progress',
  'tools-call-sampling': 'no sampling: a tool cannot ask the client for a model completion',
  'tools-call-elicitation': 'elicitation is used only to confirm consequential tools; a tool cannot elicit its own form',
  'elicitation-sep1034-defaults': 'as tools-call-elicitation: no tool-defined elicitation forms',
  'elicitation-sep1330-enums': 'as tools-call-elicitation: no tool-defined elicitation forms',
  'json-schema-2020-12': 'toolcat lists draft-07 schemas (declared with $schema), never 2020-12',
  'resources-list': 'tools only: no resources',
  'resources-read-text': 'tools only: no resources',
  'resources-read-binary': 'tools only: no resources',
  'resources-templates-read': 'tools only: no resources',
  'resources-subscribe': 'tools only: no resources',
  'resources-unsubscribe': 'tools only: no resources',
  'prompts-list': 'tools only: no prompts',
  'prompts-get-simple': 'tools only: no prompts',
  'prompts-get-with-args': 'tools only: no prompts',
  'prompts-get-embedded-resource': 'tools only: no prompts',
  'prompts-get-with-image': 'tools only: no prompts',
}

let built: ReturnType<typeof builtProject>
let server: HttpServer

beforeAll(async () => {
  conformance()
  built = builtProject()
  server = await startHttpServer(built.project, [])
}, 180_000)
afterAll(async () => {
  await server?.stop()
  built?.remove()
})

test('the suite lists no server scenario that is neither run nor skipped with a reason', () => {
  const list = spawnSync(conformance(), ['list'], { encoding: 'utf8' })
  const serverPart = list.stdout.split('Client scenarios')[0] ?? ''
  const scenarios = [...serverPart.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1])
  expect(scenarios.length).toBeGreaterThan(20)
  expect(scenarios.filter((name) => !applicable.includes(name as string) && skipped[name as string] === undefined)).toEqual([])
})

test.each(applicable)('%s passes', (scenario) => {
  const run = spawnSync(conformance(), ['server', '--url', server.url, '--scenario', scenario], { encoding: 'utf8', timeout: 60_000 })
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(run.stdout)
  expect(summary, run.stdout + run.stderr).not.toBeNull()
  expect(summary?.[3], run.stdout).toBe('0')
  expect(run.status, run.stdout).toBe(0)
}, 90_000)
