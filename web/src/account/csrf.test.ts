// @vitest-environment jsdom
// Every write the web app sends carries the session's CSRF token (docs/accounts.md): the table API,
// the tournament API and the forum API alike; reads do not need it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, csrfToken } from '../lib/api.js';
import { call as forumCall } from '../forum/api.js';
import { tapi } from '../tournament/tapi.js';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'gorod_csrf=; max-age=0';
});

function stubFetch(): ReturnType<typeof vi.fn> {
  const f = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', f);
  return f;
}
const headersOf = (f: ReturnType<typeof vi.fn>, i = 0): Record<string, string> => ((f.mock.calls[i] as unknown[])[1] as RequestInit).headers as Record<string, string>;

describe('CSRF header', () => {
  it('reads the readable cookie; none without a session', () => {
    expect(csrfToken()).toBeNull();
    document.cookie = 'gorod_csrf=abc123';
    expect(csrfToken()).toBe('abc123');
  });

  it('writes carry it, reads do not, for the table and the tournament API', async () => {
    document.cookie = 'gorod_csrf=tok-1';
    const f = stubFetch();
    await api.start('t1', 'host');
    await api.tables();
    await tapi.create({ name: 'x' });
    expect(headersOf(f, 0)['x-csrf-token']).toBe('tok-1');
    expect(headersOf(f, 1)['x-csrf-token']).toBeUndefined();
    expect(headersOf(f, 2)['x-csrf-token']).toBe('tok-1');
  });

  it('the forum API too: a signed-in player can post, vote and poll what needs them', async () => {
    document.cookie = 'gorod_csrf=tok-2';
    const f = stubFetch();
    await forumCall('POST', '/games/g1/votes', 'seat-key-123', { target: 2, reason: 'тихий' });
    await forumCall('POST', '/needs', undefined, { games: [] });
    await forumCall('GET', '/games/g1');
    expect(headersOf(f, 0)['x-csrf-token']).toBe('tok-2');
    expect(headersOf(f, 0)['authorization']).toBe('Bearer seat-key-123');
    expect(headersOf(f, 1)['x-csrf-token']).toBe('tok-2');
    expect(headersOf(f, 2)['x-csrf-token']).toBeUndefined();
  });

  it("the forum's writes carry it too (a signed-in player's posts and votes were refused without it)", async () => {
    document.cookie = 'gorod_csrf=tok-2';
    const f = stubFetch();
    await forumCall('POST', '/games/g1/posts', 'seat-key', { text: 'Доброе утро' });
    await forumCall('GET', '/games/g1', 'seat-key');
    expect(headersOf(f, 0)['x-csrf-token']).toBe('tok-2');
    expect(headersOf(f, 0)['authorization']).toBe('Bearer seat-key');
    expect(headersOf(f, 1)['x-csrf-token']).toBeUndefined();
  });

  it('a guest sends none', async () => {
    const f = stubFetch();
    await api.start('t1', 'host');
    expect(headersOf(f)['x-csrf-token']).toBeUndefined();
  });
});
