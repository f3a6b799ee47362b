// Offline: the console keeps its game and an outbox of what the server has not yet acknowledged,
// both in local storage. Commands go out in order when the connection is back; a command and the
// undo that cancels it while both are still unsent never reach the server at all. Each item has its
// nonce from the moment it is queued, and the outbox is saved with it: after a reload (or a lost
// ack) the same item goes out with the same nonce, and the server applies it at most once.
import type { Command } from '../../../src/engine/index.js';
import { parseStoredGame, type JudgeGame } from './session.js';

export type SyncOp = { kind: 'cmd'; cmd: Command } | { kind: 'undo' };

export interface Outbox {
  items: { seq: number; op: SyncOp; nonce: string }[];
  nextSeq: number;
  /** Random per outbox: nonces are `prefix-seq`, unique for this console and table. */
  prefix: string;
}

function randomPrefix(): string {
  const b = new Uint8Array(6);
  globalThis.crypto.getRandomValues(b);
  return `j${[...b].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

export function emptyOutbox(): Outbox {
  return { items: [], nextSeq: 1, prefix: randomPrefix() };
}

/** `inflight`: the seq being sent right now (it may already be applied: an undo must follow it). */
export function enqueue(box: Outbox, op: SyncOp, inflight: number | null = null): Outbox {
  if (op.kind === 'undo') {
    const last = box.items[box.items.length - 1];
    // Undo of a command the server never saw: drop it here instead of sending both.
    if (last && last.op.kind === 'cmd' && last.seq !== inflight) return { ...box, items: box.items.slice(0, -1) };
  }
  return { ...box, items: [...box.items, { seq: box.nextSeq, op, nonce: `${box.prefix}-${box.nextSeq}` }], nextSeq: box.nextSeq + 1 };
}

export function enqueueAll(box: Outbox, ops: SyncOp[], inflight: number | null = null): Outbox {
  let b = box;
  for (const op of ops) b = enqueue(b, op, inflight);
  return b;
}

/** Drop an acknowledged (or refused) item, whatever was queued behind it meanwhile. */
export function settle(box: Outbox, seq: number): Outbox {
  return { ...box, items: box.items.filter((x) => x.seq !== seq) };
}

export type SendResult = 'ok' | 'rejected' | 'offline';

/**
 * Send the outbox in order. Stops at the first item the transport could not deliver; an item the
 * server rejected is dropped and reported (the local record is the judge's, the server mirrors it).
 */
export async function flush(
  box: Outbox,
  send: (op: SyncOp, nonce: string) => Promise<SendResult>,
  onProgress?: (box: Outbox) => void,
): Promise<{ box: Outbox; sent: number; rejected: SyncOp[]; offline: boolean }> {
  let b = box;
  let sent = 0;
  const rejected: SyncOp[] = [];
  while (b.items.length > 0) {
    const first = b.items[0]!;
    let r: SendResult;
    try {
      r = await send(first.op, first.nonce);
    } catch {
      r = 'offline';
    }
    if (r === 'offline') return { box: b, sent, rejected, offline: true };
    if (r === 'rejected') rejected.push(first.op);
    else sent++;
    b = { ...b, items: b.items.slice(1) };
    onProgress?.(b);
  }
  return { box: b, sent, rejected, offline: false };
}

export interface KV {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const GAME = (id: string): string => `gorod.judge.game.${id}`;
const BOX = (id: string): string => `gorod.judge.outbox.${id}`;

export function saveGame(kv: KV, g: JudgeGame): void {
  kv.setItem(GAME(g.id), JSON.stringify(g));
}

export function loadGame(kv: KV, id: string): JudgeGame | null {
  const raw = kv.getItem(GAME(id));
  if (!raw) return null;
  try {
    return parseStoredGame(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function forgetGame(kv: KV, id: string): void {
  kv.removeItem(GAME(id));
  kv.removeItem(BOX(id));
}

export function saveOutbox(kv: KV, id: string, box: Outbox): void {
  kv.setItem(BOX(id), JSON.stringify(box));
}

export function loadOutbox(kv: KV, id: string): Outbox {
  const raw = kv.getItem(BOX(id));
  if (!raw) return emptyOutbox();
  try {
    const b = JSON.parse(raw) as Partial<Outbox>;
    if (!Array.isArray(b.items) || typeof b.nextSeq !== 'number') return emptyOutbox();
    // Outboxes saved before nonces were kept get theirs now (stable from here on).
    const prefix = typeof b.prefix === 'string' && b.prefix ? b.prefix : randomPrefix();
    const items = b.items.map((x) => ({ ...x, nonce: typeof x.nonce === 'string' && x.nonce ? x.nonce : `${prefix}-${x.seq}` }));
    return { items, nextSeq: b.nextSeq, prefix };
  } catch {
    return emptyOutbox();
  }
}

export function storageKeyOfGame(id: string): string {
  return GAME(id);
}
