/** Writes bench/results.json (every figure) and bench/RESULTS.md (the same as tables, with target verdicts). */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { judge, judgeIssue26 } from './targets.mjs'
import { repoRoot } from './toolcat.mjs'
import { searchSection } from './search-report.mjs'

const spread = (stat, digits) => (stat ? `${stat.median.toFixed(digits)} (${stat.min.toFixed(digits)}–${stat.max.toFixed(digits)})` : '—')

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

function contestantTable(contestants) {
  return table(['contestant', 'CPU s, median (min–max)', 'wall s', 'peak RSS MB'], Object.entries(contestants).map(([id, entry]) =>
    entry.error ? [id, `failed: ${entry.error.replaceAll('|', '\\|')}`, '', ''] : [entry.note ? `${id} (${entry.note})` : id, spread(entry.cpu, 3), spread(entry.wall, 3), spread(entry.rssMB, 0)]))
}

function ratioLine(ratios) {
  const entries = Object.entries(ratios ?? {})
  return entries.length ? `Paired CPU ratios (median of per-repetition a ÷ b): ${entries.map(([pair, value]) => `${pair} = ${value}`).join(', ')}.` : ''
}

/** A suite this run did not run keeps the figures of the run that did, and says so. */
const carried = (suite) => (suite?.carriedFrom ? `Figures from the run of ${suite.carriedFrom} (this run did not run the suite).` : '')

function sizeSections(title, suite, extra) {
  if (!suite) return [`## ${title}\n\nNot run.`]
  return Object.entries(suite.sizes).map(([size, entry]) => entry.contestants
    ? [`## ${title} @ ${size} tools`, carried(suite), contestantTable(entry.contestants), ratioLine(entry.ratios), ...extra(entry)].filter(Boolean).join('\n\n')
    : `## ${title} @ ${size} tools\n\nSkipped: ${entry.skipped}`)
}

const ms = (stat) => (stat ? `${stat.median} ms (${stat.min}–${stat.max})` : '—')

function mcpNotes(entry) {
  const serve = entry.contestants['serve-first-tools-list']
  const parse = entry.contestants['node-e-parse-catalog']
  const load = entry.load
  const worker = entry.worker
  return [
    `Start-up is the child's own CPU (µs, through \`--import\` of probes/exit-usage.mjs in both contestants); wall from spawn to the first answer: serve ${ms(serve?.firstAnswerMs)}, node -e ${ms(parse?.firstAnswerMs)}. The serve request is a 2026-07-28 \`tools/list\` (no handshake) on stdio.`,
    load?.error
      ? `HTTP load failed: ${load.error}`
      : load && `tools/call over Streamable HTTP on loopback, ${load.connections} keep-alive connections × ${load.seconds} s, ${load.rounds} round(s): ${load.callsPerSecond.median} calls/s (${load.callsPerSecond.min}–${load.callsPerSecond.max}), p50 ${ms(load.p50Ms)}, p99 ${ms(load.p99Ms)}; server CPU ${load.serverCpuPerCallMs.median} ms per call, ${load.serverCpuShare.median} of a core.`,
    worker && `Worker-style handler (README's, bundled and minified by esbuild with the registry and every tool): ${worker.bytes} bytes (${worker.gzipBytes} gzipped); cold start to a tools/list and a first tools/call through its fetch: CPU ${worker.coldStart?.cpu ? `${worker.coldStart.cpu.median} s (${worker.coldStart.cpu.min}–${worker.coldStart.cpu.max})` : worker.coldStart?.error}.`,
  ]
}

function buildNotes(entry) {
  if (!entry.toolcatBuilds) return [`toolcat skipped: ${entry.skipped}.`]
  return [`toolcat builds measured: ${Object.entries(entry.toolcatBuilds).map(([id, what]) => `${id} = ${what}`).join('; ')}. The schema generators emit schemas only, so the catalog builds are the like-for-like comparison and the full builds the cost of everything an app imports. \`tsc\` is TypeScript 6's tsc --noEmit, \`tsc7\` TypeScript 7's (native); CPU counts every child process waited for (the native checker's Go process, esbuild, tsc7's Go binary).`]
}

function runtimeNotes(entry) {
  return [
    `Entry chunk: ${entry.entryChunk.bytes} bytes of generated code in ${entry.entryChunk.files} file(s), plus ${entry.entryChunk.toolcatBytes} bytes of toolcat runtime in ${entry.entryChunk.toolcatFiles} file(s); other packages imported (not counted): ${entry.entryChunk.external.join(', ') || 'none'}.`,
    entry.eagerSkipped ? `Eager contestant skipped: ${entry.eagerSkipped}.` : '',
  ]
}

function incrementalSection(suite) {
  if (!suite) return '## Incremental\n\nNot run.'
  if (suite.carriedFrom) return `${incrementalSection({ ...suite, carriedFrom: undefined })}\n\n${carried(suite)}`
  if (suite.skipped) return `## Incremental @ ${suite.size} tools\n\nSkipped: ${suite.skipped}`
  const native = suite.native ? ` Native checker: median ${suite.native.updateMs.median} ms (${suite.native.updateMs.min}–${suite.native.updateMs.max}); process peak RSS ${suite.native.processRssMB} MB.` : ''
  return `## Incremental @ ${suite.size} tools\n\n${suite.edits} one-file edits through \`update()\` on the ts-morph checker: median ${suite.updateMs.median} ms (${suite.updateMs.min}–${suite.updateMs.max}); process peak RSS ${suite.processRssMB} MB.${native}`
}

function callsTable(contestants) {
  const rows = Object.entries(contestants).map(([id, entry]) => [id, entry.error ? `failed: ${entry.error.replaceAll('|', '\\|')}` : `${entry.callsPerSecond.median} (${entry.callsPerSecond.min}–${entry.callsPerSecond.max})`])
  return table(['validators', 'calls/s, median (min–max)'], rows)
}

function ratiosLine(ratios) {
  const entries = Object.entries(ratios ?? {})
  return entries.length ? `\n\nMedian calls/s ratios: ${entries.map(([pair, value]) => `${pair.replace('/', ' ÷ ')} = ${value}`).join('; ')}.` : ''
}

function unionSection(unions) {
  if (!unions) return ''
  if (unions.skipped) return `\n\n## Validation, union-heavy tool (${unions.tool})\n\nSkipped: ${unions.skipped}`
  return `\n\n## Validation, union-heavy tool (${unions.tool}, ${unions.calls} calls per run)\n\nFirst branch: every union takes its first branch; every branch: each line kind appears.\n\n${callsTable(unions.contestants)}${ratiosLine(unions.ratios)}`
}

function validationSection(suite) {
  if (!suite) return '## Validation\n\nNot run.'
  if (suite.carriedFrom) return `${validationSection({ ...suite, carriedFrom: undefined })}\n\n${carried(suite)}`
  if (suite.skipped) return `## Validation @ ${suite.size} tools\n\nSkipped: ${suite.skipped}`
  const ratio = suite.ratios ? `\n\nPrecompiled ÷ runtime, median calls/s: ${suite.ratios['precompiled/runtime']}.` : ''
  return `## Validation @ ${suite.size} tools (${suite.tool}, ${suite.calls} calls per run)\n\n${callsTable(suite.contestants)}${ratio}${unionSection(suite.unions)}`
}

function caution({ machine, options }) {
  const busy = machine.loadAverage1m > machine.cores
  if (!busy && options.reps >= 3) return ''
  return `**Not a speed measurement**: ${busy ? `the machine was busy (load ${machine.loadAverage1m} on ${machine.cores} cores)` : ''}${busy && options.reps < 3 ? ' and ' : ''}${options.reps < 3 ? `${options.reps} repetition(s) give no spread` : ''}; these figures only show that the harness works.`
}

/** Links the hand-written findings, kept in their own file so that a new run does not overwrite them. */
export const FINDINGS_LINK = 'Findings (CPU profiles, why targets are missed, what was tried) are kept by hand in [FINDINGS.md](FINDINGS.md); a run does not change them.'

function lazySizeLine(size) {
  if (!size?.listing) return ''
  const figures = (figure) => `${figure.plain} B (${figure.plainGzip} B gzipped), minified ${figure.minified} B (${figure.minifiedGzip} B gzipped)`
  return `\`toolcat/lazy\` bundled alone (scripts/lazy-size.mjs): the listing path (static imports) ${figures(size.listing)}; with the first call's code ${figures(size.all)}.`
}

function rebuildSections(suite) {
  if (!suite) return []
  if (suite.skipped) return [`## Rebuild\n\nSkipped: ${suite.skipped}`]
  return Object.entries(suite.sizes).map(([size, entry]) => entry.contestants
    ? [`## Rebuild @ ${size} tools`, contestantTable(entry.contestants), ratioLine(entry.ratios), `\`toolcat build tools --outDir … --cache-dir …\` (default checker): cold = no output and an empty cache; no-change = the same again; one-edit = after adding an optional property to ${entry.edited}'s parameter type.`].join('\n\n')
    : `## Rebuild @ ${size} tools\n\nSkipped: ${entry.skipped}`)
}

/** Returns the text of RESULTS.md for `results` (as run.mjs collects them). */
export function renderMarkdown(results) {
  const { machine, versions } = results
  const verdicts = judge(results).map((row) => [row.label, row.limit, row.size, row.value ?? '—', row.verdict])
  return `${[
    '# toolcat benchmark results',
    `Run ${results.date} with \`node bench/run.mjs ${results.options.argv}\` (${results.options.reps} repetitions) on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, ${machine.os}; 1-minute load average at start ${machine.loadAverage1m}.`,
    `Versions: ${Object.entries(versions).map(([name, version]) => `${name} ${version}`).join(', ')}.`,
    caution(results),
    `## Issue 33: the targets carried over from issue 26, on Node ${String(versions.node).replace(/^v/, '')}`,
    table(['target', 'limit', 'size', 'measured', 'verdict'], judgeIssue26(results).map((row) => [row.label, row.limit, row.size, row.value ?? '—', row.verdict])),
    lazySizeLine(results.runtime?.lazySize),
    '## Targets (issues 6, 16 and 23)',
    table(['target', 'limit', 'size', 'measured', 'verdict'], verdicts),
    ...sizeSections('Build', results.build, buildNotes),
    results.build?.scaling ? `## Scaling (CPU at 3,000 ÷ at 1,000)\n\n${table(['contestant', 'ratio'], Object.entries(results.build.scaling))}` : '',
    ...rebuildSections(results.rebuild),
    incrementalSection(results.incremental),
    ...sizeSections('Runtime', results.runtime, runtimeNotes),
    validationSection(results.validation),
    ...sizeSections('MCP', results.mcp, mcpNotes),
    searchSection(results.search),
    FINDINGS_LINK,
  ].filter(Boolean).join('\n\n')}\n`
}

// Error messages quoted from children may name files by absolute path; results name them from the repo.
const relativeToRepo = (text) => text.replaceAll(`${repoRoot}/`, '')

/** The two result files of a run named `name` (`--name`; the default run has none), relative to the repository. */
export function resultFiles(name) {
  const suffix = name === undefined ? '' : `-${name}`
  return { json: `bench/results${suffix}.json`, markdown: `bench/RESULTS${suffix}.md` }
}

/** Writes both result files (of the run named `name`, if any); returns their paths relative to the repository. */
export function writeResults(results, name) {
  const withVerdicts = { ...results, targets: judge(results) }
  const files = resultFiles(name)
  writeFileSync(join(repoRoot, files.json), relativeToRepo(`${JSON.stringify(withVerdicts, null, 2)}\n`))
  writeFileSync(join(repoRoot, files.markdown), relativeToRepo(renderMarkdown(results)))
  return [files.json, files.markdown]
}
