import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { beforeAll, expect, test } from 'vitest'
import toolcatEsbuild from 'toolcat/esbuild'
import { createApp, createWorkspace } from '../interop/deps-project.js'
import { esbuildOptions } from './helpers/bundlers.js'
import { runApp, type AppOutput } from './helpers/run-app.js'

const main = `import { createRegistry } from '~toolcat/registry'
export async function main() {
  const registry = createRegistry()
  const names = registry.definitions().map((definition) => definition.name)
  const result = await registry.call('forecast', { city: 'Lyon', days: 2 })
  return { names, result }
}
`

let output: AppOutput

beforeAll(async () => {
  const workspace = createWorkspace()
  const app = createApp(workspace, 'app', ['weather-pack'])
  writeFileSync(join(app, 'main.ts'), main)
  const outDir = join(app, 'out')
  await build({ ...esbuildOptions(app, outDir), plugins: [toolcatEsbuild({ deps: true })] })
  output = await runApp(join(outDir, 'main.js'))
}, 120_000)

test("with deps, the plugin's registry lists the app's tools and the package's, and calls a package tool", () => {
  expect(output.names).toEqual(['forecast', 'plan_trip', 'weather_alerts'])
  expect(output.result).toEqual({ id: 'call-1', name: 'forecast', success: true, value: { city: 'Lyon', highs: [20, 21] } })
})
