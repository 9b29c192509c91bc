import { readFileSync } from 'node:fs'
import { repoRoot } from './paths.js'

/** The code of the fenced block (any language) that follows `<!-- readme-example: <name> -->` in README.md, exactly as written. */
export function readmeBlock(name: string): string {
  const readme = readFileSync(`${repoRoot}README.md`, 'utf8')
  const code = new RegExp(`<!-- readme-example: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1]
  if (code === undefined) throw new Error(`README.md has no block named ${name}`)
  return code
}

/** The lines a block claims it prints: its comment lines that start with `// ` and nothing else. */
export function claimedOutput(code: string): string[] {
  return code.split('\n').filter((line) => line.startsWith('// ') && !/^\/\/ \S+\.(ts|js)\b/.test(line)).map((line) => line.slice(3))
}
