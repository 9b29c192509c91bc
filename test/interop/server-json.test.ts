import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { repositoryOf } from '../../src/interop/registry/repository.js'
import { serverJson, ServerJsonError, serverSchemaId } from '../../src/interop/registry/server-json.js'
import { projectWith } from '../cli/project.js'
import { repoRoot, runCli } from '../cli/run-cli.js'
import { commandOf } from './server-json-command.js'

// The MCP Registry's own schema and examples (see server-json/README.md): the oracle for every server.json written.
const here = fileURLToPath(new URL('./server-json/', import.meta.url))
const schema = JSON.parse(readFileSync(path.join(here, '2025-12-11.json'), 'utf8')) as { $id: string }
const ajv = new Ajv({ allErrors: true, strict: false })
formats.default(ajv)
const validate = ajv.compile(schema)
const examples = (kind: 'valid' | 'invalid') => readdirSync(path.join(here, 'examples', kind)).map((file) => [file, JSON.parse(readFileSync(path.join(here, 'examples', kind, file), 'utf8'))] as const)
const weatherPack = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/deps/weather-pack/package.json'), 'utf8')) as Record<string, unknown>

describe("the registry's schema, as kept here", () => {
  test('is the one server.json names in $schema', () => expect(schema.$id).toBe(serverSchemaId))
  test.each(examples('valid'))('accepts its valid example %s', (_, example) => expect(validate(example), JSON.stringify(validate.errors)).toBe(true))
  test.each(examples('invalid'))('refuses its invalid example %s', (_, example) => expect(validate(example)).toBe(false))
})

describe('serverJson', () => {
  test("weather-pack's: valid, run as npx --yes weather-pack on stdio, its --confirm option described", () => {
    const written = serverJson(weatherPack)
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true)
    expect(written).toMatchObject({
      $schema: serverSchemaId,
      name: 'io.github.toolcat-examples/weather-pack',
      version: '1.2.0',
      packages: [{ registryType: 'npm', identifier: 'weather-pack', version: '1.2.0', runtimeHint: 'npx', transport: { type: 'stdio' } }],
    })
    expect(commandOf(written)).toEqual(['npx', '--yes', 'weather-pack', '--confirm', 'ask'])
  })

  test('title, repository, website, environment variables and remotes, all valid', () => {
    const written = serverJson(
      { ...weatherPack, displayName: 'Weather', homepage: 'https://example.com/weather', repository: { type: 'git', url: 'git+https://github.com/acme/tools.git', directory: 'packages/weather' } },
      { remotes: ['https://weather.example.com/mcp'], environment: [{ name: 'WEATHER_API_KEY', description: 'the API key', isSecret: true }, { name: 'WEATHER_REGION' }] },
    )
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true)
    expect(written).toMatchObject({
      title: 'Weather',
      websiteUrl: 'https://example.com/weather',
      repository: { url: 'https://github.com/acme/tools', source: 'github', subfolder: 'packages/weather' },
      remotes: [{ type: 'streamable-http', url: 'https://weather.example.com/mcp' }],
      packages: [{ environmentVariables: [{ name: 'WEATHER_API_KEY', description: 'the API key', isRequired: true, isSecret: true }, { name: 'WEATHER_REGION', isRequired: true }] }],
    })
  })

  test('names every field the registry would refuse, at once', () => {
    const error = (() => {
      try {
        serverJson({ name: 'weather-pack', version: '^1.2.0', description: 'x'.repeat(101) }, { remotes: ['ftp://nope'] })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ServerJsonError)
    expect((error as ServerJsonError).problems).toEqual([
      'package.json has no "mcpName": add the server\'s registry name, e.g. "mcpName": "io.github.<you>/weather-pack" (the registry checks the npm package by it)',
      'package.json "version" "^1.2.0" is not one exact version',
      'package.json "description" has 101 characters; the registry takes at most 100: shorten it',
      '--remote "ftp://nope" is not an http(s) URL',
    ])
  })

  test('whatever package.json says, it writes a server.json the schema accepts or refuses with a reason (property)', () => {
    const text = fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('1.0.0', 'io.github.a/b', 'https://example.com', 'a/b', 'latest', '1.x', 'github:o/r', 'git@gitlab.com:o/r.git'))
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
    const fields = fc.record({ name: maybe(text), version: maybe(text), description: maybe(text), mcpName: maybe(text), displayName: maybe(text), homepage: maybe(text), repository: maybe(fc.oneof(text, fc.record({ url: text, directory: maybe(text) }))) })
    fc.assert(
      fc.property(fields, fc.array(text, { maxLength: 2 }), (pkg, remotes) => {
        let written: unknown
        try {
          written = serverJson(pkg, { remotes })
        } catch (error) {
          expect(error).toBeInstanceOf(ServerJsonError)
          expect((error as ServerJsonError).problems.length).toBeGreaterThan(0)
          return
        }
        expect(validate(written), JSON.stringify(validate.errors)).toBe(true)
      }),
      { numRuns: Number(process.env.TOOLCAT_FUZZ_RUNS ?? 300) },
    )
  })
})

test.each([
  ['https://github.com/o/r', { url: 'https://github.com/o/r', source: 'github' }],
  ['git+https://github.com/o/r.git', { url: 'https://github.com/o/r', source: 'github' }],
  ['git@gitlab.com:group/r.git', { url: 'https://gitlab.com/group/r', source: 'gitlab' }],
  ['github:o/r', { url: 'https://github.com/o/r', source: 'github' }],
  ['o/r', { url: 'https://github.com/o/r', source: 'github' }],
  ['git://github.com/o/r.git', { url: 'https://github.com/o/r', source: 'github' }],
])('repository %s reads as %o', (given, expected) => expect(repositoryOf(given)).toEqual(expected))

describe('the command line', () => {
  test('export --format server-json writes the package holding the given folder, the same JSON', () => {
    const run = runCli(['export', 'fixtures/deps/weather-pack/tools', '--format', 'server-json', '--remote', 'https://weather.example.com/mcp'])
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(serverJson(weatherPack, { remotes: ['https://weather.example.com/mcp'] }))
  })

  test('without mcpName, export says what to add and exits 1; --remote on another format is a usage error', () => {
    const project = projectWith({ 'package.json': JSON.stringify({ name: '@acme/tools', version: '1.0.0', description: 'Tools', repository: 'github:acme/tools' }) })
    const run = runCli(['export', '--format', 'server-json'], project)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('package.json has no "mcpName": add the server\'s registry name, e.g. "mcpName": "io.github.acme/tools"')
    expect(runCli(['export', '--format', 'mcp', '--remote', 'https://x.example/mcp'], project)).toMatchObject({ status: 2, stderr: 'toolcat: --remote applies to --format server-json and server-card\n' })
  })

  test('build --outDir warns when the package serves its build through its bin without an mcpName, or with one server.json does not name', () => {
    const tool = "import { defineTool } from 'toolcat'\n/** Says hi. */\nexport default defineTool({ execute(args: { name: string }) { return `hi ${args.name}` } })\n"
    const manifest = { name: 'hello-pack', version: '1.0.0', type: 'module', bin: { 'hello-pack': './lib/mcp-server.js' } }
    const project = projectWith({ 'package.json': JSON.stringify(manifest), 'tools/hello.ts': tool })
    const missing = runCli(['build', 'tools', '--outDir', 'lib', '--no-cache'], project)
    expect(missing.status).toBe(0)
    expect(missing.stderr).toContain('warning: package.json has no "mcpName": the MCP Registry lists an npm package only under the name it states (e.g. "mcpName": "io.github.<you>/hello-pack")')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ ...manifest, mcpName: 'io.github.acme/hello-pack' }))
    writeFileSync(path.join(project, 'server.json'), JSON.stringify({ name: 'io.github.acme/hello' }))
    expect(runCli(['build', 'tools', '--outDir', 'lib', '--no-cache'], project).stderr).toContain(`warning: package.json "mcpName" "io.github.acme/hello-pack" does not match server.json's name "io.github.acme/hello"`)
    writeFileSync(path.join(project, 'server.json'), JSON.stringify({ name: 'io.github.acme/hello-pack' }))
    expect(runCli(['build', 'tools', '--outDir', 'lib', '--no-cache'], project).stderr).not.toContain('warning:')
    // An app's outDir, not served through a bin: nothing to say.
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module' }))
    expect(runCli(['build', 'tools', '--outDir', 'out', '--no-cache'], project).stderr).not.toContain('warning:')
  }, 60_000)
})

