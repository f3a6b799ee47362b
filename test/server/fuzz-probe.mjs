/* global process, performance, setTimeout */
// The fuzzer's probe (fuzz.test.ts), in a process of its own so that the fuzzer's own load does
// not show in its figures: each judge socket given in argv speaks at its table, one command
// every 20 ms (a busy table, not a flood), and the round-trips are kept. A line "mark" on stdin prints the round-trips since the
// last mark as JSON and starts afresh; "stop" ends it.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const [url, ...tokens] = process.argv.slice(2);
let rtts = [];
let running = true;
let n = 0;

async function speak(token) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${token}`);
  const waiting = new Map();
  ws.on('message', (d) => {
    const f = JSON.parse(String(d));
    if ((f.type === 'ack' || f.type === 'error') && waiting.has(f.nonce)) {
      waiting.get(f.nonce)();
      waiting.delete(f.nonce);
    }
  });
  await new Promise((res, rej) => {
    ws.once('open', res);
    ws.once('error', rej);
  });
  while (running && ws.readyState === WebSocket.OPEN) {
    const nonce = `P${process.pid}-${++n}`;
    const t0 = performance.now();
    await new Promise((res) => {
      waiting.set(nonce, res);
      ws.send(JSON.stringify({ type: 'command', nonce, command: { do: 'say', by: 1, text: 'проба' } }));
    });
    const rtt = performance.now() - t0;
    rtts.push(rtt);
    await new Promise((res) => setTimeout(res, Math.max(0, 20 - rtt)));
  }
  ws.close();
}

const speakers = tokens.map(speak);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'mark') {
    process.stdout.write(JSON.stringify(rtts) + '\n');
    rtts = [];
  } else if (line === 'stop') {
    running = false;
    void Promise.allSettled(speakers).then(() => process.exit(0));
  }
});
