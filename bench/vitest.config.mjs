// The bench's own tests, kept out of `npm test`: npx vitest run --config bench/vitest.config.mjs
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { root: 'bench', include: ['test/**/*.test.mjs'], testTimeout: 120_000, pool: 'forks' },
})
