// Before `npm start`: build the web app if web/dist is missing or older than its sources, so
// `npm install && npm start` serves the app on a fresh clone without a separate build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'web', 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    t = Math.max(t, name.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(join(root, 'web', 'index.html'))) process.exit(0);
const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const sources = Math.max(newest(join(root, 'web', 'src')), statSync(join(root, 'web', 'index.html')).mtimeMs);
if (built >= sources) process.exit(0);
console.log('Building the web app (web/dist)…');
const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'web'], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
