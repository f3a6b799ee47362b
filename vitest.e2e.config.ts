// End-to-end browser tests (test/e2e): Debian's chromium through playwright-core, one fork,
// generous timeouts. Run with `npm run test:e2e` (builds web/dist first).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
