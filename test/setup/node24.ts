// Node 24 (what users run) for the suites that need it; the installer is shared with the Node 24
// pass of `.ci/run` (scripts/test-node24.mjs), which runs before anything is compiled.
export { NODE24_VERSION, node24, node24Env } from '../../scripts/node24.mjs'
