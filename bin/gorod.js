#!/usr/bin/env node
// Entry point: the compiled build (dist/server-build, made by `npm run build:server` or before
// `npm start`) when it is newer than the sources — it starts in a fraction of tsx's load time —
// otherwise the TypeScript sources through tsx, so a fresh clone needs no build step.
// GOROD_TSX=1 always runs the sources.
import { entry, isFresh } from '../scripts/server-build.mjs';

if (process.env.GOROD_TSX !== '1' && isFresh()) {
  await import(entry);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
