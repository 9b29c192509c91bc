// Preloaded with `node --import` into a measured child: on exit it writes the child's own CPU
// seconds (µs resolution) to stderr as `BENCH-CHILD {json}`, for the probe that spawned it.
process.on('exit', () => {
  const usage = process.resourceUsage()
  process.stderr.write(`BENCH-CHILD ${JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6 })}\n`)
})
