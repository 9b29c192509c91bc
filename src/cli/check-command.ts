import { analysisOptions, checkerHelp } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import type { Command } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'

/** `toolcat check [toolsDir]`: the build's analysis, writing nothing; for CI and editors. */
export const checkCommand: Command = {
  name: 'check',
  help: `Usage: toolcat check [toolsDir] [options]

Reads the tool modules in toolsDir (default: tools) without running them and reports every
problem, exactly as \`toolcat build\` would, but writes no file.

Options:
  --tsconfig <file>  tsconfig to type-check with (default: <root>/tsconfig.json when present)
${checkerHelp(21)}
${depsHelp(21)}
  --json             print { catalog?, diagnostics } as JSON on stdout
  -h, --help         show this help

Exit status: 0 when there is no error, 1 when there is one, 2 on bad usage.`,
  options: { ...analysisOptions, ...depsOptions },
  maxPositionals: 1,
  async run(input) {
    const run = await runAnalysis(input)
    reportAnalysis(run, input)
    return run.failed ? 1 : 0
  },
}
