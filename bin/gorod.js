#!/usr/bin/env -S node --max-semi-space-size=64
// --max-semi-space-size=64 (also in `npm start`): a larger young generation for the server. Every
// command allocates short-lived views, strings and buffers per viewer; with the default (16 MB) the
// scavenger took ~10 % of the server's CPU under W2, with 32 MB ~5 %; 64 MB for W2p's pauses (docs/server.md, "Run").
// V8 reads it only at start: v8.setFlagsFromString later does not grow the young generation.
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
