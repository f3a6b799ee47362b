// The protocol fuzzer (test/server/fuzz.test.ts) on its own: 100,000 inputs against a server
// process in well under a minute when nothing else runs beside it. FUZZ_FRAMES for a longer run.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/server/fuzz.test.ts'],
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
