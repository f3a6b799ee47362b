// The console's store: the local game (always saved), its replayed state, the outcome of the last
// entry (accepted with the events and rules it produced, or the rejection with its reason), and the
// outbox to the server when the table lives on one.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Command, GameEvent, GameState, Rejection } from '../../../src/engine/index.js';
import { tableChannel } from './broadcast.js';
import { enqueue, enqueueAll, loadGame, loadOutbox, saveGame, saveOutbox, settle, type KV, type Outbox, type SyncOp, type SendResult } from './offline.js';
import { addEntry, stateOf, tryBatch, undoEntry, type JudgeGame } from './session.js';

export type Flash =
  | { kind: 'ok'; label: string; events: GameEvent[]; note?: string[] }
  | { kind: 'error'; label: string; error: Rejection; command: Command }
  | { kind: 'undo'; label: string };

export interface Transport {
  /** Is the server reachable now? */
  online(): boolean;
  /** `nonce` is the outbox item's own (kept across reloads): a resend is applied at most once. */
  send(op: SyncOp, nonce: string): Promise<SendResult>;
}

function storage(): KV {
  return globalThis.localStorage;
}

export function useJudge(id: string, transport: Transport | null) {
  const [game, setGameRaw] = useState<JudgeGame | null>(() => loadGame(storage(), id));
  const [outbox, setOutboxRaw] = useState<Outbox>(() => loadOutbox(storage(), id));
  const [flash, setFlash] = useState<Flash | null>(null);
  const state: GameState | null = useMemo(() => (game ? stateOf(game) : null), [game]);
  const channel = useMemo(() => tableChannel(id), [id]);
  useEffect(() => () => channel?.close(), [channel]);

  const setGame = useCallback(
    (g: JudgeGame) => {
      saveGame(storage(), g);
      setGameRaw(g);
      channel?.postMessage({ type: 'game', id });
    },
    [channel, id],
  );
  const boxRef = useRef(outbox);
  const inflight = useRef<number | null>(null);
  const setOutbox = useCallback(
    (b: Outbox) => {
      boxRef.current = b;
      saveOutbox(storage(), id, b);
      setOutboxRaw(b);
    },
    [id],
  );

  const gameRef = useRef(game);
  gameRef.current = game;

  /** Enter a batch of commands as one entry; all apply or none. */
  const submit = useCallback(
    (label: string, commands: Command[], opts: { closeIfOpen?: boolean; note?: string[] } = {}): boolean => {
      const g = gameRef.current;
      if (!g) return false;
      const s = stateOf(g);
      const r = tryBatch(s, commands, opts);
      if (!r.ok) {
        setFlash({ kind: 'error', label, error: r.error, command: r.command });
        return false;
      }
      if (r.commands.length === 0) return false;
      const { game: next } = addEntry(g, label, r.commands, Date.now());
      setGame(next);
      if (transport) setOutbox(enqueueAll(boxRef.current, r.commands.map((cmd) => ({ kind: 'cmd', cmd }) as SyncOp), inflight.current));
      const f: Flash = { kind: 'ok', label, events: r.events };
      if (opts.note) f.note = opts.note;
      setFlash(f);
      return true;
    },
    [setGame, setOutbox, transport],
  );

  const undo = useCallback(() => {
    const g = gameRef.current;
    if (!g) return;
    const u = undoEntry(g, Date.now());
    if (!u) return;
    setGame(u.game);
    if (transport) {
      let b = boxRef.current;
      for (let i = 0; i < u.undone.commands.length; i++) b = enqueue(b, { kind: 'undo' }, inflight.current);
      setOutbox(b);
    }
    setFlash({ kind: 'undo', label: u.undone.label });
  }, [setGame, setOutbox, transport]);

  const create = useCallback(
    (g: JudgeGame) => {
      setGame(g);
      setFlash(null);
    },
    [setGame],
  );

  // Sync: send the outbox in order, one item at a time, while the server is there. Each item
  // leaves the outbox only when the server answered it; what was queued meanwhile stays behind it.
  const flushing = useRef(false);
  const [syncError, setSyncError] = useState<string | null>(null);
  useEffect(() => {
    if (!transport || flushing.current || outbox.items.length === 0 || !transport.online()) return;
    flushing.current = true;
    let refused = 0;
    void (async () => {
      try {
        for (;;) {
          const first = boxRef.current.items[0];
          if (!first || !transport.online()) break;
          inflight.current = first.seq;
          let r: SendResult;
          try {
            r = await transport.send(first.op, first.nonce);
          } catch {
            r = 'offline';
          }
          inflight.current = null;
          if (r === 'offline') break;
          if (r === 'rejected') refused++;
          setOutbox(settle(boxRef.current, first.seq));
        }
      } finally {
        flushing.current = false;
        inflight.current = null;
        if (refused > 0) setSyncError(String(refused));
      }
    })();
  }, [outbox, transport, setOutbox]);

  return { game, state, flash, setFlash, submit, undo, create, outbox, syncError };
}
