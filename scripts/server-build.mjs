// The compiled server (dist/server-build, from `tsc -p tsconfig.server.json`): starting it takes
// a fraction of loading the TypeScript sources through tsx, which matters for restarts.
// `isFresh()` is what bin/gorod.js checks; run this file (prestart, `npm run build:server`) to
// build when the output is missing or older than its sources. A failed build is not fatal:
// bin/gorod.js then runs the sources through tsx as before.
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const entry = join(root, 'dist', 'server-build', 'src', 'cli', 'main.js');
const SOURCES = ['src/engine', 'src/protocol', 'src/tournament', 'src/bots', 'src/server', 'src/cli'].map((d) => join(root, d));
const CONFIGS = ['tsconfig.json', 'tsconfig.server.json', 'package.json'].map((f) => join(root, f));

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/** Whether the compiled entry exists and is newer than every source it was built from. */
export function isFresh() {
  if (!existsSync(entry)) return false;
  const built = statSync(entry).mtimeMs;
  const sources = Math.max(...SOURCES.map(newest), ...CONFIGS.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  return built >= sources;
}

export function build() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) return false;
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.server.json')], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) return false;
  // tsc leaves an unchanged file's output alone: mark the entry as built now.
  const now = new Date();
  utimesSync(entry, now, now);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // --strict (benchmarks): exit 1 when no fresh build could be made, instead of falling back.
  if (isFresh()) process.exit(0);
  console.log('Building the server (dist/server-build)…');
  if (build() && isFresh()) process.exit(0);
  console.log('Server build failed or unavailable: gorod will run the TypeScript sources through tsx.');
  process.exit(process.argv.includes('--strict') ? 1 : 0);
}
