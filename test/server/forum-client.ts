// A forum client for tests: HTTP calls with a key, every answer kept (raw and parsed) for the
// canary scan, in the order received.
import type { RunningServer } from '../../src/server/index.js';
import type { FakeClock } from '../../src/server/forum/clock.js';
import type { Frame } from './helpers.js';

/**
 * Move the forum's fake clock to `t`, stopping at every deadline on the way so each phase change
 * runs at its own moment (and its work is done) before the next one is due.
 */
export async function advanceForumTo(srv: RunningServer, clock: FakeClock, t: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const w = srv.forum.earliestWake();
    if (w === null || w > t || w < clock.now()) break;
    clock.set(w);
    await srv.forum.idle();
    if (srv.forum.earliestWake() === w) break;
  }
  clock.set(t);
  await srv.forum.idle();
}

export class ForumClient {
  readonly raw: string[] = [];
  readonly frames: Frame[] = [];
  constructor(
    public base: string,
    readonly game: string,
    readonly key: string | null,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers: Record<string, string> = {};
    if (this.key) headers['authorization'] = `Bearer ${this.key}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${this.base}/api/forum/games/${this.game}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await r.text();
    this.raw.push(text);
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { text };
    }
    this.frames.push({ type: 'http', ...json });
    return { status: r.status, json };
  }
  get = (path: string) => this.call('GET', path);
  /** Read the whole thread (every page), then the game: a player who reads before acting. */
  async read(): Promise<Record<string, unknown>> {
    const first = await this.get('/posts?page=1');
    const pages = Number(first.json['pages'] ?? 1);
    for (let p = 2; p <= pages; p++) await this.get(`/posts?page=${p}`);
    return (await this.get('')).json;
  }
  post = (path: string, body: unknown) => this.call('POST', path, body);
}
