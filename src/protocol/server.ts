// What the server sends (docs/protocol.md): every frame with its zod schema. The server builds
// frames with the types below; clients (the web app, bots, the load generator) parse with
// `parseServerFrame`. Views and events are the engine's own types (view()/visibleEvents()): the
// schemas check their envelope, not their content, which the engine alone defines.
import { z } from 'zod';
import type { Command, GameEvent, GameView, Team, TimerKind as StageTimerKind, Viewer } from '../engine/index.js';

const seatNo = z.number().int().min(1).max(64);
/** The engine's values, taken as they come (the engine's types say what is inside). */
const engineView = z.custom<GameView>((v) => typeof v === 'object' && v !== null);
const engineEvent = z.custom<GameEvent>((v) => typeof v === 'object' && v !== null);
const engineCommand = z.custom<Command>((v) => typeof v === 'object' && v !== null);
const engineViewer = z.custom<Viewer>((v) => typeof v === 'object' && v !== null);
const team = z.custom<Team>((v) => typeof v === 'string');

export const TableSeatInfo = z.object({ seat: seatNo, name: z.string(), bot: z.boolean(), connected: z.boolean() });
export type TableSeatInfo = z.infer<typeof TableSeatInfo>;

/** A table's public info (no game content): `table` frames, welcomes, the lobby. */
export const TableInfo = z.object({
  id: z.string(),
  preset: z.string(),
  mode: z.enum(['online', 'judge']),
  status: z.enum(['lobby', 'playing', 'finished']),
  size: z.number().int(),
  seats: z.array(TableSeatInfo),
  /** null when nobody committed to the deal (a judge entered the cards drawn). */
  commitment: z.string().nullable().optional(),
  /** `cards`, `app` or `fixed` when the server did not deal. */
  dealSource: z.string().optional(),
  createdAt: z.union([z.string(), z.number()]).optional(),
  winner: team.nullable().optional(),
  /** Storage failed and the server is retrying what it owes the table. */
  degraded: z.boolean().optional(),
});
export type TableInfo = z.infer<typeof TableInfo>;

/** The engine's stage timers (day-flow.ts), and `judge`: a judge table's own speech timer. */
export type TimerKind = StageTimerKind | 'judge';
export const Timer = z.object({
  kind: z.custom<TimerKind>((v) => typeof v === 'string').nullable(),
  seat: seatNo.optional(),
  deadline: z.number().optional(),
  warning: z.boolean().optional(),
  /** Judge timers, and a server timer the host paused (running: false): the time left when sent. */
  running: z.boolean().optional(),
  leftMs: z.number().optional(),
  totalMs: z.number().optional(),
});
export type Timer = z.infer<typeof Timer>;

export const You = z.object({ canCommand: z.boolean(), judge: z.boolean(), host: z.boolean() });
export type You = z.infer<typeof You>;

const message = z.object({ ru: z.string(), en: z.string() });

export const WelcomeFrame = z.object({
  type: z.literal('welcome'),
  table: TableInfo,
  viewer: engineViewer,
  view: engineView,
  lastEvent: z.number().int(),
  timer: Timer.nullable(),
  you: You,
  legal: z.array(engineCommand).optional(),
});
/**
 * After a command. Whole (`view`; `legal` absent: none), or — to a client that asked for patch
 * frames — a patch: the top-level fields of the view that changed since the view it holds
 * (`patch`), and `legal` only when it changed. Either way exactly one of `view` and `patch`.
 */
export const EventsFrame = z.object({
  type: z.literal('events'),
  events: z.array(engineEvent),
  view: engineView.optional(),
  patch: z.custom<Partial<GameView>>((v) => typeof v === 'object' && v !== null).optional(),
  lastEvent: z.number().int(),
  legal: z.array(engineCommand).optional(),
  timer: Timer.optional(),
});
export const AckFrame = z.object({ type: z.literal('ack'), nonce: z.string(), lastEvent: z.number().int(), duplicate: z.boolean().optional() });
export const ErrorFrame = z.object({
  type: z.literal('error'),
  nonce: z.string().optional(),
  code: z.string(),
  message,
  rule: z.string().optional(),
  detail: z.string().optional(),
});
export const TimerFrame = Timer.extend({ type: z.literal('timer') });
export const ResyncFrame = z.object({
  type: z.literal('resync'),
  view: engineView,
  lastEvent: z.number().int(),
  reason: z.string(),
  legal: z.array(engineCommand).optional(),
});
export const TableFrame = z.object({ type: z.literal('table'), table: TableInfo });
export const FinalFrame = z.object({ type: z.literal('final'), view: engineView, record: z.string() });
export const PongFrame = z.object({ type: z.literal('pong') });

/** Every frame of the game socket (`/ws`). */
export const ServerFrame = z.discriminatedUnion('type', [WelcomeFrame, EventsFrame, AckFrame, ErrorFrame, TimerFrame, ResyncFrame, TableFrame, FinalFrame, PongFrame]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type WelcomeFrame = z.infer<typeof WelcomeFrame>;
export type EventsFrame = z.infer<typeof EventsFrame>;
export type AckFrame = z.infer<typeof AckFrame>;
export type ResyncFrame = z.infer<typeof ResyncFrame>;
export type FinalFrame = z.infer<typeof FinalFrame>;

/** A frame as text (from a socket) checked against the protocol; null when it is not one. */
export function parseServerFrame(text: string): ServerFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const r = ServerFrame.safeParse(json);
  return r.success ? r.data : null;
}

/** Close codes of the game socket: the credential stopped working; the server restarts (reconnect). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_RESTART = 1012;
