import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The fenced block that follows `<!-- readme-example: <name> -->` in README.md. */
function readmeExample(name: string): string {
  const readme = readFileSync(`${root}README.md`, 'utf8')
  const match = new RegExp(`<!-- readme-example: ${name} -->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(readme)
  if (!match?.[1]) throw new Error(`README.md has no example named ${name}`)
  return match[1]
}

test.each(['runtime', 'code-mode'])("README's %s example prints exactly what its comments claim", (name) => {
  const code = readmeExample(name)
  const claimed = code.split('\n').filter((line) => line.startsWith('// ')).map((line) => line.slice(3))
  // Inside the repository, so `import 'toolcat'` resolves to the built package by self-reference.
  mkdirSync(`${root}.tmp`, { recursive: true })
  const file = `${root}.tmp/readme-${name}.mjs`
  // One printed line per logged value, as the comments write them.
  writeFileSync(file, `import { inspect } from 'node:util'\ninspect.defaultOptions.breakLength = Infinity\n${code}`)
  const printed = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd().split('\n')
  expect(claimed.length).toBeGreaterThan(0)
  expect(printed).toEqual(claimed)
})
