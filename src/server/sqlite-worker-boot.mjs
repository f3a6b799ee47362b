// Starts the storage worker from the TypeScript sources (tests, `node --import tsx`, bin/gorod.js
// without a build): a worker thread does not inherit the main thread's tsx loader, so it registers
// its own. The compiled build (dist/server-build) starts sqlite-worker.js directly.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
