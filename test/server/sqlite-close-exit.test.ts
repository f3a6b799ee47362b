// A script whose last step is `await storage.close()` ends with exit code 0: the storage worker
// stays referenced until it has exited, so node does not find an empty event loop with close()'s
// promise unsettled (exit code 13, "unsettled top-level await") — which is how the CLI's and the
// benches' storage-only scripts used to end.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('SqliteStorage.close()', () => {
  it('lets a script that ends with it exit with code 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gorod-close-'));
    try {
      const storage = pathToFileURL(join(__dirname, '../../src/server/storage-sqlite.ts')).href;
      const script = join(dir, 'close.mts');
      writeFileSync(
        script,
        `import { SqliteStorage } from ${JSON.stringify(storage)};\n` +
          `const s = new SqliteStorage(${JSON.stringify(join(dir, 'g.db'))});\n` +
          `if ((await s.getTable('none')) !== null) process.exit(2);\n` +
          `await s.close();\n`,
      );
      for (let i = 0; i < 3; i++) {
        const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
