/** Renders bench/PROFILE.md from CPU profiles of toolcat runs: where the time goes, top frames, call trees. */
import { callTree, groupTimes, inclusiveTimes, selfTimes, totalMs } from './cpu-profile.mjs'

const TOP_SELF = 15
const TOP_INCLUSIVE = 25
const TREE_DEPTH = 3
const TREE_MIN_SHARE = 0.01
const VM_FRAMES = new Set(['(root)', '(program)', '(idle)'])
const TREE_ROOTS = ['deriveModules', 'deriveEntry', 'standaloneValidator', 'writeOutDir', 'createLazyRegistry']

// Named groups, claimed by the innermost frame of a sample's stack that matches.
const GROUPS = [
  ['TypeScript program (parse, bind)', /^(createProgram|createSourceFile|addSourceFileAtPath|addSourceFilesAtPaths) /],
  ['checker: return types (`getReturnType`)', /^getReturnType /],
  ['checker: parameter walk (`parameters` of schema/index.js)', /^parameters schema\/index\.js:/],
  ['validators (`standaloneValidator`)', /^standaloneValidator /],
  ['idle (`(idle)`: in a build, waiting for esbuild)', /^\(idle\)$/],
  ['GC (`(garbage collector)`)', /^\(garbage collector\)$/],
]
const MODULE_LOADING = 'module loading (cjs/loader, esm/, Node builtins)'
const LOADER_FRAME = / (cjs\/loader|esm\/[\w-]+|bootstrap\/realm):\d+$/
const GROUP_ORDER = [MODULE_LOADING, ...GROUPS.map(([name]) => name), 'rest']

// A named function of the program itself (not a dependency, not a module's top level): the
// module loader frames below it only ran the program, so they no longer make its time "loading".
function isOwnFunction({ callFrame }) {
  return callFrame.functionName !== '' && callFrame.url.startsWith('file:') && !callFrame.url.includes('/node_modules/')
}

/** Names the "where the time goes" group of a stack (innermost frame first): the innermost named group, else module loading when a loader frame comes before the program's own code, else rest. */
export function timeGroupOf(stack) {
  let ownCodeSeen = false
  for (const frame of stack) {
    const group = GROUPS.find(([, pattern]) => pattern.test(frame.key))
    if (group) return group[0]
    if (!ownCodeSeen && LOADER_FRAME.test(frame.key)) return MODULE_LOADING
    ownCodeSeen ||= isOwnFunction(frame)
  }
  return 'rest'
}

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`
const share = (value, total) => `${total > 0 ? ((100 * value) / total).toFixed(1) : '0.0'}%`
const cell = (text) => `\`${text.replaceAll('|', '\\|')}\``

function topFrames(times, count, total, keep = () => true) {
  const rows = [...times].filter(([key]) => keep(key)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count)
  return ['| ms | share | frame |', '|---:|---:|---|', ...rows.map(([key, value]) => `| ${Math.round(value)} | ${share(value, total)} | ${cell(key)} |`)]
}

function whereTimeGoes(profile, total) {
  const groups = groupTimes(profile, timeGroupOf)
  return ['| group | time | share |', '|---|---:|---:|', ...GROUP_ORDER.map((name) => `| ${name} | ${ms(groups.get(name) ?? 0)} | ${share(groups.get(name) ?? 0, total)} |`)]
}

function treeLines(node, indent = '') {
  return [`${indent}${ms(node.ms)}  ${node.key}`, ...node.children.flatMap((child) => treeLines(child, `${indent}  `))]
}

function callTrees(profile, total) {
  const trees = TREE_ROOTS.map((name) => [name, callTree(profile, new RegExp(`^${name} `), { depth: TREE_DEPTH, minMs: total * TREE_MIN_SHARE })])
  const found = trees.filter(([, tree]) => tree)
  if (!found.length) return ['None of these toolcat frames was sampled in this run.']
  return found.flatMap(([name, tree]) => ['', '```text', ...treeLines({ ...tree, key: name }), '```'])
}

function machineLine({ machine, versions }) {
  return `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, ${machine.os}; 1-minute load average ${machine.loadAverage1m} before the run; Node ${versions.node}, TypeScript ${versions['typescript (ts-morph)']} (ts-morph), toolcat ${versions.toolcat}.`
}

/** Returns the markdown section of one profiled run `{ title, command, intervalUs, profile, machine }`. */
export function renderRun({ title, command, intervalUs, profile, machine }) {
  const total = totalMs(profile)
  return [
    `## ${title}`,
    '',
    `\`${command}\``,
    '',
    machineLine(machine),
    '',
    `Total sampled: ${ms(total)} (one sample every ${intervalUs.toLocaleString('en-US')} µs).`,
    '',
    '### Where the time goes',
    '',
    ...whereTimeGoes(profile, total),
    '',
    `### Top ${TOP_SELF} frames by self time`,
    '',
    ...topFrames(selfTimes(profile), TOP_SELF, total),
    '',
    `### Top ${TOP_INCLUSIVE} frames by inclusive time`,
    '',
    ...topFrames(inclusiveTimes(profile), TOP_INCLUSIVE, total, (key) => !VM_FRAMES.has(key)),
    '',
    `### Call trees (depth ${TREE_DEPTH}, callees of at least ${TREE_MIN_SHARE * 100}% of the total)`,
    ...callTrees(profile, total),
  ].join('\n')
}

/** Returns the whole PROFILE.md for `runs` profiled on a corpus of `size` tools. */
export function renderProfile(size, runs) {
  return [
    '# Where toolcat spends its time',
    '',
    `Written by \`node bench/profile.mjs --size ${size}\` from \`node --cpu-prof\` profiles of each run on the bench corpus of ${size.toLocaleString('en-US')} tools (\`bench/.corpus/${size}\`, where each command below runs); the \`.cpuprofile\` files stay in a temporary folder (open them in Chrome DevTools).`,
    'Sampled time is the main thread\'s wall time: on a busy machine it includes time the process waited for a core (the load average of each run is given).',
    'Frames read `function file:line`, the file cut to its last two path segments. Self time is time on top of the stack; inclusive time is time anywhere on it (a recursive frame once per sample).',
    `"Where the time goes" gives each sample to the innermost frame of its stack that names a group; module loading claims a sample only when a loader frame comes before any named function of the program itself, and the unclaimed rest is toolcat's own code, ts-morph and the checker work outside the named frames, and esbuild's JavaScript side.`,
    '',
    ...runs.flatMap((run) => [renderRun(run), '']),
  ].join('\n')
}
