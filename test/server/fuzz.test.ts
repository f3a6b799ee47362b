// The protocol fuzzer (issue 12): fast-check drives a server process with FUZZ_FRAMES (default
// 100,000) generated WebSocket frames and HTTP requests (fuzz-arbitraries.ts) across every
// message type and every viewer — seats, hosts, judges, spectators, sockets that say hello with
// any token — of tables of four kinds, while probe tables of their own measure command
// round-trips (p99 printed before and during, never asserted). It checks:
// - no crash: the process answers throughout and stops cleanly on SIGTERM;
// - no state change from a refused input: the stored logs hold exactly the acknowledged commands
//   (an undone one is in the edit history), no refused nickname or minted token was stored;
// - no leak: every frame each socket received passes the canary scan (no token, salt or seed;
//   no role or event its viewer may not see), and so does every HTTP answer but those that hand
//   out a credential or publish a finished record.
// FUZZ_FRAMES=1000000 for a longer run; FUZZ_SEED to replay one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { defaultOptions, startGame, type GameState, type PresetId, type Viewer } from '../../src/engine/index.js';
import type { TableRow } from '../../src/server/storage.js';
import { scanFrames } from './canary.js';
import { httpInput, wsInput, type HttpInput, type Pick, type WsInput } from './fuzz-arbitraries.js';
import type { Frame } from './helpers.js';
import { activate, freePort, kill9, spawnStandby, type Proc } from './process.js';

const TOTAL = Number(process.env['FUZZ_FRAMES'] ?? 100_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const BATCH = 1000;
const HTTP_PER_BATCH = 100;
const MANY = 1e9;
// The fuzzer is one client: lift the rate limits, keep the others (frame size, sockets per link).
const LIMITS = {
  ws: { socket: { burst: MANY, perSecond: MANY }, credential: { burst: MANY, perSecond: MANY }, address: { burst: MANY, perSecond: MANY }, connectionsPerAddress: MANY },
  say: { messages: { burst: MANY, perSecond: MANY }, chars: { burst: MANY, perSecond: MANY } },
  http: { perAddress: { max: MANY }, createTable: { max: MANY }, claim: { max: MANY } },
};

let server: Proc | null = null;
const dir = mkdtempSync(join(tmpdir(), 'gorod-fuzz-'));
afterAll(async () => {
  if (server) await kill9(server);
  rmSync(dir, { recursive: true, force: true });
});

/** What the fuzzer knows: every credential it was handed and every table id. */
const pools = { tokens: [] as string[], tables: [] as string[] };
const minted = new Set<string>();
/**
 * What no frame and no answer but those handing them out may hold: every host and seat
 * credential, every table's salt and seed (spectator tokens are public).
 */
const secrets = new Set<string>();
function learn(body: unknown): void {
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (/token$/i.test(k) && typeof v === 'string' && /^[0-9a-f]{32}$/.test(v) && !minted.has(v)) {
          minted.add(v);
          pools.tokens.push(v);
          if (k !== 'spectatorToken') secrets.add(v);
        } else walk(v);
      }
    }
  };
  walk(body);
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id === 'string' && !pools.tables.includes(id)) {
    pools.tables.push(id);
    infoOf(id);
  }
}
/** A secret in a text: each run of 32 or 64 hex digits (a token, a seed, a salt) is looked up. */
const HEX_RUN = /(?<![0-9a-f])(?:[0-9a-f]{64}|[0-9a-f]{32})(?![0-9a-f])/g;
function secretIn(text: string): string | null {
  for (const m of text.matchAll(HEX_RUN)) if (secrets.has(m[0])) return m[0];
  return null;
}
const fromPool = (p: Pick | string, pool: string[]): string => (typeof p === 'string' ? p : (pool[p.pick % Math.max(1, pool.length)] ?? ''));

/** What a table's stored row says, for the canary: its secrets and the state its roles come from. */
let db: Database.Database | null = null;
const tableInfo = new Map<string, { state: GameState; secrets: string[] }>();
function infoOf(id: string): { state: GameState; secrets: string[] } | null {
  let got = tableInfo.get(id);
  if (got) return got;
  const r = db!.prepare('SELECT body FROM game_tables WHERE id = ?').get(id) as { body: string } | undefined;
  if (!r) return null;
  const row = JSON.parse(r.body) as TableRow;
  got = { state: startGame(row.setup), secrets: [row.salt, String(row.setup.seed)].filter((s) => s.length >= 16) };
  for (const x of got.secrets) secrets.add(x);
  for (const t of [row.hostToken, ...row.seats.map((x) => x.token)]) if (t) secrets.add(t);
  tableInfo.set(id, got);
  return got;
}

interface Tally {
  frames: number;
  http: number;
  types: Map<string, number>;
  viewers: Map<string, number>;
  acked: Set<string>;
  refused: Set<string>;
  /** Commands whose socket closed before their answer (replaced, revoked): stored or not. */
  unknown: Set<string>;
  unanswered: number;
  leaks: string[];
  refusedNames: Set<string>;
  acceptedNames: Set<string>;
  /** The error code each refused command got. */
  errors: Map<string, string>;
}
const tally: Tally = { frames: 0, http: 0, types: new Map(), viewers: new Map(), acked: new Set(), refused: new Set(), unknown: new Set(), unanswered: 0, leaks: [], refusedNames: new Set(), acceptedNames: new Set(), errors: new Map() };
const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);

/** What one WebSocket connection knows: whom it speaks for and the answers it awaits. */
interface Link {
  ws: WebSocket;
  viewer: Viewer | null;
  table: string;
  sender: string;
  legal: Record<string, unknown>[];
  /** Seats whose role its viewer was shown (revealed roles stay known). */
  revealed: Set<number>;
  waiting: Map<string, { resolve: () => void; kind: string }>;
}

/**
 * One fuzzing socket: reconnects when the server closed it (a new Link each time, so that an
 * answer is always counted for the connection and the viewer that sent its message).
 */
class Sock {
  link: Link | null = null;

  constructor(
    private url: string,
    public token: string | null,
  ) {}

  get open(): boolean {
    return this.link !== null && this.link.ws.readyState === WebSocket.OPEN;
  }
  get viewer(): Viewer | null {
    return this.link?.viewer ?? null;
  }
  get sender(): string {
    return this.link?.sender ?? '';
  }
  get legal(): Record<string, unknown>[] {
    return this.link?.viewer ? this.link.legal : [];
  }

  async connect(): Promise<void> {
    const u = new URL('/ws', this.url.replace(/^http/, 'ws'));
    if (this.token) u.searchParams.set('token', this.token);
    const ws = new WebSocket(u);
    const link: Link = { ws, viewer: null, table: '', sender: '', legal: [], revealed: new Set(), waiting: new Map() };
    this.link = link;
    ws.on('message', (d) => receive(link, String(d)));
    ws.on('close', () => {
      for (const [nonce, w] of link.waiting) {
        if (w.kind === 'command') tally.unknown.add(`${link.table}|${link.sender}|${nonce}`);
        w.resolve();
      }
      link.waiting.clear();
    });
    ws.on('error', () => undefined);
    await new Promise<void>((res) => {
      ws.once('open', () => res());
      ws.once('error', () => res());
      ws.once('unexpected-response', () => res());
    });
  }

  /** Sends; resolves once a message with a nonce is answered (or the socket closes). */
  send(data: string | Buffer, nonce?: string, kind = ''): Promise<void> {
    const link = this.link;
    if (!link || !this.open) return Promise.resolve();
    if (nonce === undefined || link.waiting.has(nonce)) {
      link.ws.send(data, { binary: Buffer.isBuffer(data) });
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (link.waiting.delete(nonce) && link.ws.readyState === WebSocket.OPEN) tally.unanswered++;
        resolve();
      }, 15_000);
      link.waiting.set(nonce, {
        kind,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      link.ws.send(data);
    });
  }

  close(): void {
    this.link?.ws.close();
  }

  cork(on: boolean): void {
    const socket = (this.link?.ws as unknown as { _socket?: { cork(): void; uncork(): void } } | undefined)?._socket;
    if (on) socket?.cork();
    else socket?.uncork();
  }
}

function receive(link: Link, text: string): void {
  const f = JSON.parse(text) as Frame;
  if (f.type === 'welcome') {
    link.viewer = f['viewer'] as Viewer;
    link.table = (f['table'] as { id: string }).id;
    const you = f['you'] as { judge: boolean; host: boolean };
    link.sender = link.viewer.kind === 'seat' ? `seat:${link.viewer.seat}` : you.judge ? 'judge' : you.host ? 'host' : 'spectator';
  }
  if (Array.isArray(f['legal'])) link.legal = f['legal'] as Record<string, unknown>[];
  // The canary, frame by frame (roles of these presets never change team).
  const secret = secretIn(text);
  if (secret) tally.leaks.push(`${link.sender}@${link.table}: secret ${secret.slice(0, 8)}… in ${text.slice(0, 80)}`);
  if (link.viewer && link.table) {
    const info = infoOf(link.table);
    if (info) {
      const leaks = scanFrames([], [f], link.viewer, { strings: [] }, info.state, link.revealed);
      if (leaks.length) tally.leaks.push(`${link.sender}@${link.table}: ${leaks[0]}`);
    }
  }
  const nonce = f['nonce'];
  if ((f.type === 'ack' || f.type === 'error') && typeof nonce === 'string') {
    const w = link.waiting.get(nonce);
    if (!w) return;
    link.waiting.delete(nonce);
    const key = `${link.table}|${link.sender}|${nonce}`;
    if (f.type === 'ack' && f['duplicate'] === false && w.kind === 'command') tally.acked.add(key);
    if (f.type === 'error' && w.kind === 'command') {
      tally.refused.add(key);
      tally.errors.set(key, String(f['code']));
    }
    w.resolve();
  }
}

let nonceN = 0;

async function sendWs(sockets: Sock[], input: WsInput): Promise<void> {
  // A legal command goes to one of the sockets that have any (the speaker, the night's actors).
  const able = input.kind === 'legal' ? sockets.filter((x) => x.open && x.legal.length > 0) : [];
  const s = able.length ? able[input.socket % able.length]! : sockets[input.socket % sockets.length]!;
  if (!s.open) await s.connect();
  tally.frames++;
  bump(tally.viewers, s.viewer ? s.sender : 'anonymous');
  switch (input.kind) {
    case 'legal': {
      const c = s.legal[input.pick % Math.max(1, s.legal.length)];
      bump(tally.types, 'command(legal)');
      if (!c) return s.send('{"type":"ping"}');
      const nonce = `L${++nonceN}`;
      const { by, ...rest } = c;
      const command = s.sender === 'judge' ? c : rest;
      void by;
      return s.send(JSON.stringify({ type: 'command', nonce, command }), nonce, 'command');
    }
    case 'hello':
      bump(tally.types, 'hello');
      return s.send(JSON.stringify({ type: 'hello', token: fromPool(input.token, pools.tokens), ...(input.lastEvent !== undefined ? { lastEvent: input.lastEvent } : {}) }));
    case 'raw':
      bump(tally.types, 'raw');
      return s.send(input.text);
    case 'binary':
      bump(tally.types, 'binary');
      return s.send(Buffer.from(input.bytes));
    case 'message': {
      const m = { ...input.msg };
      bump(tally.types, String(m['type']));
      // A unique nonce for well-formed nonces, so that each answer is found.
      if (typeof m['nonce'] === 'string' && /^[0-9a-f-]{36}$/.test(m['nonce'])) m['nonce'] = `F${++nonceN}`;
      const nonce = typeof m['nonce'] === 'string' && (m['type'] === 'command' || m['type'] === 'undo' || m['type'] === 'clock') && m['nonce'].length >= 1 && m['nonce'].length <= 64 ? m['nonce'] : undefined;
      let text: string;
      try {
        text = JSON.stringify(m);
      } catch {
        text = '{}';
      }
      return s.send(text, nonce, m['type'] === 'command' ? 'command' : '');
    }
  }
}

/** A plain keep-alive HTTP call (fetch costs the fuzzer more than the server spends answering). */
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
function httpCall(url: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((res, rej) => {
    const req = request(
      { host: u.hostname, port: u.port, method, path, agent, headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (d: Buffer) => chunks.push(d));
        r.on('end', () => res({ status: r.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        r.on('error', rej);
      },
    );
    req.on('error', rej);
    req.end(body);
  });
}

const HANDS_OUT = /\/claim$|\/link$|^\/api\/tables$|\/judge\/record$|^\/api\/games\/[^/]+\/(record|verify)$/;

async function sendHttp(url: string, input: HttpInput): Promise<void> {
  tally.http++;
  const table = fromPool(input.table, pools.tables);
  const token = fromPool(input.token, pools.tokens);
  const path = input.path.replace('{table}', encodeURIComponent(table)).replace('{seat}', String(input.seat)).replace('{token}', token);
  let body = input.body;
  if (body && typeof body === 'object' && 'token' in body) body = { ...body, token: fromPool((body as { token: Pick | string }).token, pools.tokens) };
  let payload: string | undefined;
  if (input.method !== 'GET') {
    payload = input.rawBody;
    if (payload === undefined) {
      try {
        payload = JSON.stringify(body) ?? '{}';
      } catch {
        payload = '{}';
      }
    }
  }
  let r: { ok: boolean; status: number };
  let text: string;
  try {
    const got = await httpCall(url, input.method, path, payload);
    text = got.text;
    r = { status: got.status, ok: got.status >= 200 && got.status < 300 };
  } catch (e) {
    tally.leaks.push(`HTTP ${input.method} ${path} failed: ${String(e)}`);
    return;
  }
  bump(tally.types, `HTTP ${input.method} ${input.path}`);
  const nickname = (body as { nickname?: unknown } | null)?.nickname;
  if (typeof nickname === 'string' && /\/(claim|name)$/.test(path)) (r.ok ? tally.acceptedNames : tally.refusedNames).add(nickname.trim().normalize('NFC'));
  const names = (body as { names?: unknown } | null)?.names;
  if (r.ok && Array.isArray(names)) for (const n of names) if (typeof n === 'string') tally.acceptedNames.add(n.trim().normalize('NFC'));
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* the web app's page, or nothing */
  }
  const route = path.split('?')[0]!;
  if (r.ok && HANDS_OUT.test(route)) learn(json);
  else if (!HANDS_OUT.test(route) && secretIn(text)) tally.leaks.push(`secret in ${input.method} ${route} (${r.status})`);
  if (r.status >= 500) tally.leaks.push(`HTTP ${r.status} from ${input.method} ${route}: ${text.slice(0, 120)}`);
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
}

async function create(url: string, body: Record<string, unknown>): Promise<{ id: string; hostToken: string; spectatorToken: string; seats: { token: string | null }[] }> {
  const r = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`create ${r.status} ${await r.text()}`);
  const t = (await r.json()) as { id: string; hostToken: string; spectatorToken: string; seats: { token: string | null }[] };
  learn(t);
  return t;
}

/**
 * Long timers, so that nothing but the fuzzer changes a table once the introduction night is over;
 * a night ends when everyone owing an action has acted, so the games go on.
 */
function slow(preset: PresetId): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const d = defaultOptions(preset) as unknown as Record<string, unknown>;
  for (const k of ['speechSeconds', 'tieSpeechSeconds', 'lastWordSeconds']) if (k in d) o[k] = 600;
  if ('nightEnds' in d) o['nightEnds'] = 'allActed';
  return { options: o, clock: { introNightSeconds: 0, nightSeconds: 86_400, voteSeconds: 86_400 } };
}

describe('protocol fuzzer', () => {
  it(`${TOTAL} generated frames and requests: no crash, no change from a refused input, no leak`, async () => {
    const file = join(dir, 'fuzz.sqlite');
    // SQLITE_SYNC=normal: the fuzzer is after logic, not power cuts; a commit without the fsync
    // keeps the run within its time.
    const child = spawnStandby(await freePort(), file, { GOROD_LIMITS: JSON.stringify(LIMITS), SQLITE_SYNC: 'normal' });
    server = await activate(child);
    const url = server.url;
    // The server's own log (errors only): shown if a check fails.
    let serverLog = '';
    let serverErrors = 0;
    child.stdout!.on('data', (d: Buffer) => {
      const text = d.toString();
      serverErrors += (text.match(/"level":(50|60)/g) ?? []).length;
      serverLog = (serverLog + text).slice(-20_000);
    });
    db = new Database(file, { readonly: true });

    const kinds: Record<string, unknown>[] = [
      { preset: 'classic', ...slow('classic') },
      { preset: 'classic', open: true, reserve: [1, 2], ...slow('classic') },
      { preset: 'club', ...slow('club') },
      { preset: 'tournament', ...slow('tournament') },
      { preset: 'classic', mode: 'judge' },
      { preset: 'club', mode: 'judge' },
    ];
    const lanes: Sock[][] = [];
    for (const body of kinds) {
      const t = await create(url, body);
      const socks = [t.hostToken, t.spectatorToken, ...t.seats.map((s) => s.token), null, null].filter((x) => x !== undefined).map((tok) => new Sock(url, tok));
      for (const s of socks) if (s.token !== null) await s.connect();
      lanes.push(socks);
    }
    // Probe tables the fuzzer never touches (their tokens are not in its pools): their judges
    // speak at a day speech, one command at a time, from a process of their own.
    const judges: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', mode: 'judge' }) });
      const t = (await r.json()) as { id: string; hostToken: string; seats: { token: string }[] };
      for (const x of t.seats) minted.add(x.token);
      infoOf(t.id);
      const judge = new Sock(url, t.hostToken);
      await judge.connect();
      await judge.send('{"type":"start"}');
      await judge.send(JSON.stringify({ type: 'command', nonce: `S${i}`, command: { do: 'endNight', by: 'clock' } }), `S${i}`);
      judge.close();
      judges.push(t.hostToken);
    }
    const probe = spawn(process.execPath, [join(import.meta.dirname, 'fuzz-probe.mjs'), url, ...judges], { stdio: ['pipe', 'pipe', 'inherit'] });
    const marks = createInterface({ input: probe.stdout! });
    const mark = (): Promise<number[]> =>
      new Promise((res) => {
        marks.once('line', (l) => res(JSON.parse(l) as number[]));
        probe.stdin!.write('mark\n');
      });
    await new Promise((r) => setTimeout(r, 2000));
    const before = await mark();

    const t0 = performance.now();
    let inFlight: Promise<void> = Promise.resolve();
    const batches = Math.ceil(TOTAL / BATCH);
    const wsArb = fc.array(wsInput, { minLength: BATCH - HTTP_PER_BATCH, maxLength: BATCH - HTTP_PER_BATCH });
    const httpArb = fc.array(httpInput, { minLength: HTTP_PER_BATCH, maxLength: HTTP_PER_BATCH });
    await fc.assert(
      fc.asyncProperty(wsArb, httpArb, async (ws, http) => {
        const sent: Promise<void>[] = [];
        // The batch leaves each socket in as few writes as it can (a client that pipelines), so
        // that the server reads many frames at once.
        const all = lanes.flat();
        for (const x of all) x.cork(true);
        ws.forEach((input, i) => sent.push(sendWs(lanes[i % lanes.length]!, input)));
        for (const x of all) x.cork(false);
        // HTTP sixteen at a time, beside the frames.
        const queue = [...http];
        const workers = Array.from({ length: 16 }, async () => {
          for (let x = queue.shift(); x; x = queue.shift()) await sendHttp(url, x);
        });
        // The previous batch's answers are awaited now, this one's in the next run: the server
        // always has a batch to work on.
        await inFlight;
        inFlight = Promise.all([...sent, ...workers]).then(() => undefined);
        // Still serving.
        expect(child.exitCode).toBeNull();
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
      }),
      { numRuns: batches, seed: SEED, endOnFailure: true },
    );
    await inFlight;
    const fuzzMs = performance.now() - t0;
    const during = await mark();
    probe.stdin!.write('stop\n');
    console.log(
      `fuzz: ${tally.frames} frames + ${tally.http} HTTP requests in ${(fuzzMs / 1000).toFixed(1)} s (seed ${SEED}); ` +
        `${tally.acked.size} commands acknowledged, ${tally.refused.size} refused; ` +
        `other tables' round-trip p50/p99 before ${pct(before, 50).toFixed(1)}/${pct(before, 99).toFixed(1)} ms (${before.length}), during ${pct(during, 50).toFixed(1)}/${pct(during, 99).toFixed(1)} ms (${during.length})`,
    );

    // Every message type and every kind of viewer was exercised.
    for (const type of ['command', 'command(legal)', 'hello', 'resume', 'start', 'undo', 'timer', 'clock', 'ping', 'raw', 'binary']) expect(tally.types.get(type) ?? 0, type).toBeGreaterThan(0);
    for (const who of ['judge', 'host', 'spectator', 'seat:1', 'anonymous']) expect(tally.viewers.get(who) ?? 0, who).toBeGreaterThan(0);
    expect(tally.frames + tally.http).toBeGreaterThanOrEqual(TOTAL);

    // Nothing went wrong inside the server (its log has no error), no leak, and every command
    // with a nonce was answered.
    expect(serverErrors, serverLog.slice(-3000)).toBe(0);
    expect(tally.leaks.slice(0, 5)).toEqual([]);
    expect(tally.unanswered).toBe(0);

    // Stop gracefully, then compare what is stored with what was acknowledged.
    for (const lane of lanes) for (const s of lane) s.close();
    const exited = new Promise<number | null>((res) => child.once('exit', (c) => res(c)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    server = null;
    db.close();
    db = new Database(file, { readonly: true });
    const stored = new Set<string>();
    for (const r of db.prepare("SELECT table_id, sender, nonce FROM game_commands WHERE nonce LIKE 'L%' OR nonce LIKE 'F%'").all() as { table_id: string; sender: string; nonce: string }[]) stored.add(`${r.table_id}|${r.sender}|${r.nonce}`);
    for (const r of db.prepare('SELECT table_id, meta FROM game_edits WHERE meta IS NOT NULL').all() as { table_id: string; meta: string }[]) {
      const u = (JSON.parse(r.meta) as { undone?: { sender: string; nonce: string | null } }).undone;
      if (u?.nonce) stored.add(`${r.table_id}|${u.sender}|${u.nonce}`);
    }
    const probeTables = new Set((db.prepare("SELECT DISTINCT table_id FROM game_commands WHERE nonce LIKE 'P%' OR nonce LIKE 'S%'").all() as { table_id: string }[]).map((r) => r.table_id));
    const fuzzStored = [...stored].filter((k) => !probeTables.has(k.split('|')[0]!));
    const unacked = fuzzStored.filter((k) => !tally.acked.has(k) && !tally.unknown.has(k));
    expect(unacked.slice(0, 5).map((k) => `${k}: ${tally.errors.get(k) ?? 'no answer'}`), `stored but never acknowledged\n${serverLog.slice(-3000)}`).toEqual([]);
    expect([...tally.acked].filter((k) => !stored.has(k)).slice(0, 5), 'acknowledged but not stored').toEqual([]);
    expect([...tally.refused].filter((k) => stored.has(k)).slice(0, 5), 'refused but stored').toEqual([]);
    // No refused nickname and no credential the fuzzer was not handed made it into a stored row.
    const rows = (db.prepare('SELECT body FROM game_tables').all() as { body: string }[]).map((r) => JSON.parse(r.body) as TableRow);
    for (const row of rows) {
      for (const s of row.seats) {
        if (s.name !== String(s.seat) && tally.refusedNames.has(s.name)) expect(tally.acceptedNames.has(s.name), `refused nickname ${JSON.stringify(s.name)} stored`).toBe(true);
        if (s.token) expect(minted.has(s.token), 'a stored seat token nobody was handed').toBe(true);
      }
    }
    db.close();
    db = null;
  }, 600_000);
});
