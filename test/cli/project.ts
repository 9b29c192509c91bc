import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { temporaryFolder } from './run-cli.js'

/** Writes `files` (relative path → contents) under a fresh temporary folder and returns it. */
export function projectWith(files: Readonly<Record<string, string>>): string {
  const root = temporaryFolder()
  for (const [file, contents] of Object.entries(files)) writeFile(root, file, contents)
  return root
}

/** Writes one file of a project, creating its folder. */
export function writeFile(root: string, file: string, contents: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), contents)
}

/** A tool module whose parameters are `params` (a TypeScript type), named by its file. */
export function toolSource(description: string, params: string, imports = ''): string {
  return `import { defineTool } from 'toolcat'\n${imports}\n/** ${description} */\nexport default defineTool({\n  execute(args: ${params}) {\n    return 'done'\n  },\n})\n`
}

/**
 * A project of `count` tools that all take their parameters from one shared type file, so that
 * touching it rebuilds every tool: a build long enough to interrupt midway.
 */
export function largeProject(count: number): string {
  const files: Record<string, string> = {
    'package.json': '{ "name": "large", "version": "1.0.0", "type": "module" }\n',
    'types/shared.ts': 'export interface Shared {\n  /** @minLength 1 */ name: string\n  tags?: string[]\n  mode: "a" | "b" | "c"\n}\n',
  }
  for (let index = 0; index < count; index++) {
    files[`tools/tool-${index}.ts`] = toolSource(`Tool number ${index}.`, `Shared & { n${index}: number; label?: string }`, "import type { Shared } from '../types/shared.js'")
  }
  return projectWith(files)
}
