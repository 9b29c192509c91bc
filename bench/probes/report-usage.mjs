/** Prints this process's own CPU seconds (µs resolution) as the `BENCH {json}` line that measure.mjs reads. */
export function reportUsage(extra = {}) {
  const usage = process.resourceUsage()
  console.log(`BENCH ${JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6, ...extra })}`)
}
