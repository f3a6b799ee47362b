// Worker thread: plays the ranges of games it is sent and posts their totals back.
import { parentPort } from 'node:worker_threads';
import { simulateRange, type WorkReply, type WorkRequest } from './run.js';

parentPort?.on('message', (req: WorkRequest) => {
  let reply: WorkReply;
  try {
    reply = { id: req.id, totals: simulateRange(req.spec, req.from, req.to) };
  } catch (e) {
    reply = { id: req.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(reply);
});
