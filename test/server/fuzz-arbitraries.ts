// What the protocol fuzzer (fuzz.test.ts) sends, as fast-check arbitraries: every client message
// type, well-formed and not (wrong types, unknown fields, `__proto__`, deep nesting, forbidden
// characters, frames over the size limit, text that is not JSON), and HTTP requests to every
// route with good and bad bodies, tokens and ids. Tokens and ids are drawn at send time from what
// the fuzzer knows (`pick`: an index into its pools), so a generated input stays reproducible.
import fc from 'fast-check';
import { VERBS } from '../../src/engine/index.js';

/** An index into a pool the driver holds (tokens, table ids, a socket's legal commands). */
export interface Pick {
  pick: number;
}

export type WsInput =
  | { kind: 'message'; socket: number; msg: Record<string, unknown> }
  /** One of the socket's legal commands (so that games move on), with a fresh nonce. */
  | { kind: 'legal'; socket: number; pick: number }
  /** hello with a token from the pool (or a made-up one). */
  | { kind: 'hello'; socket: number; token: Pick | string; lastEvent?: number }
  | { kind: 'raw'; socket: number; text: string }
  | { kind: 'binary'; socket: number; bytes: number[] };

export interface HttpInput {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `{table}`, `{seat}` and `{token}` are filled from the pools at send time. */
  path: string;
  table: Pick | string;
  seat: number;
  token: Pick | string;
  body?: unknown;
  rawBody?: string;
}

const FORBIDDEN = ['\u202e', '\u2066', '\u200b', '\u200d', '\ufeff', '\u0007', '\u0000', '\u2028', '\u061c', '\u001b'];

const pick = fc.nat().map((n) => ({ pick: n }));
const hex32 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 });
const seat = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 10 }) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 80 }) });
const nonce = fc.oneof({ weight: 10, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.string({ maxLength: 70 }) });
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...FORBIDDEN)).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.constantFrom('=HYPERLINK("http://evil.example","x")', '+1', '@SUM(A1)', 'Аня\nБоря', 'x'.repeat(1200)) },
);
const nickname = fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map((s) => `n${s}`) }, { weight: 1, arbitrary: text });
const lastEvent = fc.oneof(fc.integer({ min: -1, max: 300 }), fc.integer({ min: -100, max: 20_000_000 }));

export const command = fc.record(
  {
    do: fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...VERBS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
    by: fc.oneof(seat, fc.constantFrom('judge', 'clock')),
    target: fc.oneof(seat, fc.constant(null)),
    targets: fc.array(seat, { maxLength: 4 }),
    leave: fc.boolean(),
    withdrawn: fc.boolean(),
    reason: text,
    text,
    points: fc.double({ min: -200, max: 200, noNaN: true }),
  },
  { requiredKeys: ['do'] },
);

/** A client message: well formed most of the time, but with every field's wrong values too. */
const message: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 30, arbitrary: fc.record({ type: fc.constant('command'), nonce, command }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('resume'), lastEvent }) },
  { weight: 3, arbitrary: fc.constant({ type: 'start' }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('undo'), nonce }, { requiredKeys: ['type'] }) },
  {
    weight: 3,
    arbitrary: fc.record(
      { type: fc.constant('timer'), kind: fc.constant(null), seat: fc.oneof(seat, fc.constant(null)), running: fc.boolean(), leftMs: fc.integer({ min: -5, max: 100_000_000 }), totalMs: fc.nat() },
      { requiredKeys: ['type'] },
    ),
  },
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('clock'), nonce, action: fc.constantFrom('pause', 'resume', 'extend', 'stop'), seconds: fc.integer({ min: -5, max: 900 }) }, { requiredKeys: ['type', 'action'] }),
  },
  { weight: 3, arbitrary: fc.constant({ type: 'ping' }) },
  // Shapes that are wrong: unknown fields, wrong types, unknown types.
  { weight: 3, arbitrary: fc.record({ type: fc.constantFrom('command', 'hello', 'resume', 'nope', 42), nonce: fc.anything(), command: fc.anything(), extra: fc.anything() }, { requiredKeys: ['type'] }) },
  { weight: 3, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);

/** One WebSocket input on one of the lane's sockets. */
export const wsInput: fc.Arbitrary<WsInput> = fc.oneof(
  { weight: 40, arbitrary: fc.record({ kind: fc.constant('message' as const), socket: fc.nat(), msg: message }) },
  { weight: 25, arbitrary: fc.record({ kind: fc.constant('legal' as const), socket: fc.nat(), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record(
      { kind: fc.constant('hello' as const), socket: fc.nat(), token: fc.oneof(pick, hex32, fc.string({ maxLength: 40 })), lastEvent },
      { requiredKeys: ['kind', 'socket', 'token'] },
    ),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      socket: fc.nat(),
      text: fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.json({ maxDepth: 3 }),
        fc.constant('{"type":"command","nonce":"p","command":{"do":"endSpeech","__proto__":{"polluted":1}}}'),
        fc.constant('{"__proto__":{"type":"ping"}}'),
        fc.nat({ max: 6000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
        fc.constant(`{"type":"ping","pad":"${'x'.repeat(17_000)}"}`),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('binary' as const), socket: fc.nat(), bytes: fc.array(fc.nat({ max: 255 }), { maxLength: 32 }) }) },
);

const createBody = fc.oneof(
  { weight: 6, arbitrary: fc.record({ preset: fc.constantFrom('classic', 'club', 'tournament', 'forum'), mode: fc.constantFrom('online', 'judge'), open: fc.boolean(), names: fc.array(nickname, { maxLength: 3 }), reserve: fc.array(seat, { maxLength: 2 }), clock: fc.record({ auto: fc.boolean(), nightSeconds: fc.integer({ min: -1, max: 90_000 }) }, { requiredKeys: [] }) }, { requiredKeys: ['preset'] }) },
  { weight: 2, arbitrary: fc.record({ preset: fc.oneof(fc.string({ maxLength: 10 }), fc.nat()), size: fc.anything(), options: fc.anything(), deal: fc.anything(), commands: fc.anything(), uploadKey: hex32 }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** One HTTP request to a route (or a path that is none). */
export const httpInput: fc.Arbitrary<HttpInput> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE'),
  path: fc.constantFrom(
    '/api/tables',
    '/api/tables?limit=3',
    '/api/tables?before=zzz&limit=-4',
    '/api/tables/{table}',
    '/api/tables/{table}/claim',
    '/api/tables/{table}/start',
    '/api/tables/{table}/seats/{seat}/name',
    '/api/tables/{table}/seats/{seat}/link',
    '/api/tables/{table}/seats/{seat}/free',
    '/api/tables/{table}/judge/record',
    '/api/games?limit=5&before=abc',
    '/api/games/{table}/record',
    '/api/games/{table}/verify',
    '/api/health',
    '/api/nope',
    '/play/{table}?token={token}',
    '/ws',
  ),
  table: fc.oneof(pick, fc.string({ maxLength: 20 }), fc.constant('..%2f..%2fetc%2fpasswd')),
  seat,
  token: fc.oneof(pick, hex32),
  body: fc.oneof(
    createBody,
    fc.record({ nickname, token: fc.oneof(pick, fc.string({ maxLength: 40 })) }, { requiredKeys: [] }),
    fc.record({ token: fc.oneof(pick, fc.string({ maxLength: 40 })) }),
    fc.anything(),
  ),
  rawBody: fc.oneof(fc.constant(undefined), fc.constant(undefined), fc.constant(undefined), fc.string({ maxLength: 50 }), fc.constant('{"preset":"classic","__proto__":{"x":1}}')),
}, { requiredKeys: ['method', 'path', 'table', 'seat', 'token'] });
