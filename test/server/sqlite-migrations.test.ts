// Several server processes may open one SQLite file at the same moment (the cluster's servers share
// the accounts' file; CI once failed with "table accounts already exists" when two of them migrated
// together). Each migration must run exactly once, whoever gets there first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, openSqlite, type Migration } from '../../src/server/sqlite-open.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Many small migrations: the more of them, the wider the window two processes could both open.
const MIGRATIONS: Migration[] = [
  { id: 1, name: 'people', sql: 'CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)' },
  ...Array.from({ length: 30 }, (_, i) => ({ id: i + 2, name: `column ${i}`, sql: `ALTER TABLE people ADD COLUMN c${i} INTEGER` })),
];

const ROOT = resolve(import.meta.dirname, '../..');
const CHILD = `
import { applyMigrations, openSqlite } from ${JSON.stringify(join(ROOT, 'src/server/sqlite-open.ts'))};
const db = openSqlite(process.argv[1], 20000);
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  const applied = applyMigrations(db, 'test_migrations', ${JSON.stringify(MIGRATIONS)});
  process.stdout.write(JSON.stringify(applied));
  db.close();
});
`;

interface Run {
  ready: Promise<void>;
  go(): void;
  done: Promise<{ code: number | null; out: string; err: string }>;
}

function child(file: string): Run {
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, file], { cwd: ROOT });
  let out = '';
  let err = '';
  let onReady = (): void => {};
  const ready = new Promise<void>((r) => (onReady = r));
  p.stdout.on('data', (d) => {
    out += d;
    if (out.startsWith('ready\n')) onReady();
  });
  p.stderr.on('data', (d) => (err += d));
  const done = new Promise<{ code: number | null; out: string; err: string }>((res) =>
    p.on('exit', (code) => res({ code, out: out.replace(/^ready\n/, ''), err })),
  );
  return { ready, go: () => p.stdin.end('go\n'), done };
}

describe('migrations of a SQLite file shared by several processes', () => {
  it('four processes migrating one file at once: each migration runs once, none fails', async () => {
    const file = join(dir, 'shared.sqlite');
    const runs = [child(file), child(file), child(file), child(file)];
    await Promise.all(runs.map((r) => r.ready)); // every process has the file open before any migrates
    for (const r of runs) r.go();
    const results = await Promise.all(runs.map((r) => r.done));
    for (const r of results) expect(r.code, r.err).toBe(0);
    const applied = results.flatMap((r) => JSON.parse(r.out) as number[]).sort((a, b) => a - b);
    expect(applied).toEqual(MIGRATIONS.map((m) => m.id));
    const db = openSqlite(file);
    expect(applyMigrations(db, 'test_migrations', MIGRATIONS)).toEqual([]);
    expect((db.prepare("SELECT name FROM pragma_table_info('people')").all() as { name: string }[]).length).toBe(32);
    db.close();
  }, 60_000);
});
