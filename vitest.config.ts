import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts', 'web/src/**/*.test.tsx', 'web/src/**/*.test.ts'],
    // Browser tests run on their own (npm run test:e2e, vitest.e2e.config.ts), and so does the
    // protocol fuzzer (npm run test:fuzz): alone, it is not slowed by the other files.
    exclude: ['**/node_modules/**', 'test/e2e/**', '**/*.e2e.test.ts', 'test/server/fuzz.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
