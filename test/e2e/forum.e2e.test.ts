// A forum game in Debian's chromium (issue 15) on a fake clock: a player reads the thread,
// quotes a post, votes with a reason, sends a night move with its confirmation and reads the
// host's answer; the host (signed in, a club's owner) extends a phase, replaces a player and opens
// the club's season. Screenshots at 390×844 and at desktop width: test-results/forum/*.png.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T12 } from '../fixtures/forum-cases.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { FakeClock } from '../../src/server/forum/clock.js';
import { done } from '../../src/server/forum/errors.js';
import { advanceForumTo } from '../server/forum-client.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

const OUT = 'test-results/forum';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const T0 = Date.parse('2026-03-02T04:00:00Z');
const HOUR = 3_600_000;

let browser: Browser;
let webDir: string;
let srv: RunningServer;
const clock = new FakeClock(T0);
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  webDir = mkdtempSync(join(tmpdir(), 'gorod-web-'));
  cpSync('web/dist', webDir, { recursive: true });
  srv = await startServer({ port: 0, databaseUrl: 'memory:', logLevel: false, webDir, forumClock: clock });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await srv?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function page(size: { width: number; height: number }): Promise<Page> {
  const phone = size.width < 900;
  const c = await browser.newContext({ viewport: size, ...(phone ? { isMobile: true, hasTouch: true } : {}), locale: 'ru-RU' });
  c.setDefaultTimeout(20_000);
  // The browser's notifications, allowed and recorded (a headless browser shows none).
  await c.addInitScript(() => {
    const w = window as unknown as { __notes: { title: string; body: string }[]; Notification: unknown };
    w.__notes = [];
    w.Notification = class {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, o: { body: string }) {
        w.__notes.push({ title, body: o.body });
      }
    };
  });
  contexts.push(c);
  return c.newPage();
}
const notes = (p: Page) => p.evaluate(() => (window as unknown as { __notes: { title: string; body: string }[] }).__notes);

const shot = (p: Page, name: string, fullPage = false) => p.screenshot({ path: join(OUT, `${name}.png`), fullPage });

const advanceTo = (t: number): Promise<void> => advanceForumTo(srv, clock, t);

/** The page is no wider than the screen (nothing to scroll sideways on a phone). */
const fits = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('forum in the browser (issue 15)', () => {
  it('a player quotes, votes with a reason, sends a night move and reads the host; the host extends and replaces', async () => {
    // Seat 5 is the commissar (T12), played in the browser; seat 6 will be replaced; the rest are bots.
    const players = T12.map((_, i) => ({ name: i === 4 ? 'Анна' : i === 5 ? 'Борис' : `Бот ${i + 1}`, ...(i === 4 || i === 5 ? {} : { bot: true }) }));
    const r = await fetch(`${srv.url}/api/forum/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Форумная мафия: весна', players }) });
    const c = (await r.json()) as { id: string; hostKey: string; seatKeys: Record<string, string> };
    await srv.forum.run(c.id, (g) => {
      g.doc.setup = { ...g.doc.setup, deal: T12.slice(), seed: 'e2e-forum' };
      return done(true);
    });
    await srv.forum.start(c.id);
    const g = (await srv.forum.game(c.id))!;
    const w = g.voteWindow()!;
    await advanceTo(w.opens + 4 * HOUR);

    // The player reads the thread on a phone and quotes a bot's post.
    const me = await page(PHONE);
    await me.goto(`${srv.url}/f/${c.id}?key=${c.seatKeys['5']}`);
    await me.getByTestId('forum-post').first().waitFor();
    expect(me.url()).not.toContain('key=');
    // What needs her shows at once (the key just kept), and as a browser notification.
    await me.getByTestId('forum-needs').getByText('Голосование открыто').waitFor();
    await expect.poll(async () => (await notes(me)).map((n) => n.body)).toContain('Голосование открыто — вы ещё не голосовали');
    await shot(me, `thread-${PHONE.width}x${PHONE.height}`);
    expect(await fits(me)).toBe(true);
    await me.getByTestId('forum-quote').nth(1).click();
    await me.getByTestId('forum-text').fill('Согласна: слишком тихо. Кто за?');
    await me.getByTestId('forum-send').click();
    await me.locator('.f-post blockquote').first().waitFor();
    await me.locator('.f-post', { hasText: 'Согласна: слишком тихо' }).waitFor();
    await shot(me, `quote-${PHONE.width}x${PHONE.height}`, true);

    // The vote with its reason; the count shows it.
    await me.getByTestId('tab-votes').click();
    await me.getByTestId('vote-target').selectOption('1');
    await me.getByTestId('vote-reason').fill('Дон прячется за чужими версиями.');
    await me.getByTestId('vote-send').click();
    await me.locator('.f-ok').waitFor();
    await me.getByTestId('vote-post').filter({ hasText: 'Дон прячется' }).waitFor();
    // Voted: the banner no longer calls her to the vote.
    await expect.poll(() => me.getByTestId('forum-needs').getByText('Голосование открыто').count()).toBe(0);
    await shot(me, `votes-${PHONE.width}x${PHONE.height}`, true);
    expect(await fits(me)).toBe(true);

    // The host, at a desk: extends the vote by 30 minutes and replaces seat 6.
    const host = await page(DESKTOP);
    // The host has an account and owns a club: signed in, every forum write carries the session's
    // CSRF header (without it the server refuses a signed-in browser's writes).
    const api = host.context().request;
    expect((await api.post(`${srv.url}/api/auth/signup`, { data: { nickname: 'Ведущая Ольга', password: 'correct horse battery' } })).ok()).toBe(true);
    const csrf = (await host.context().cookies()).find((x) => x.name === 'gorod_csrf')!.value;
    expect((await api.post(`${srv.url}/api/club-admin`, { data: { id: 'vesna', name: 'Весенний клуб' }, headers: { 'x-csrf-token': csrf } })).ok()).toBe(true);
    await host.goto(`${srv.url}/f/${c.id}/host?key=${c.hostKey}`);
    await host.getByTestId('desk-extend').click();
    await host.locator('.f-card', { hasText: 'продлил' }).waitFor();
    await host.getByTestId('desk-seat').selectOption('6');
    await host.getByTestId('desk-name').fill('Вера');
    await host.getByTestId('desk-replace').click();
    await host.getByTestId('desk-link').waitFor();
    await shot(host, `desk-${DESKTOP.width}x${DESKTOP.height}`, true);
    const link = await host.getByTestId('desk-link').locator('a').getAttribute('href');
    expect(link).toContain(`/f/${c.id}?key=`);
    await host.goto(`${srv.url}/f/${c.id}?page=1`);
    await host.getByTestId('forum-post').first().waitFor();
    await shot(host, `thread-${DESKTOP.width}x${DESKTOP.height}`);
    // A reader of the English pages reads the host's generated lines in English, not the stored Russian.
    const en = await page(DESKTOP);
    await en.addInitScript(() => localStorage.setItem('gorod.lang', 'en'));
    await en.goto(`${srv.url}/f/${c.id}?page=1`);
    await en.getByTestId('forum-post').first().waitFor();
    const hostPosts = (await en.locator('.f-post.host .f-text').allTextContents()).join('\n');
    expect(hostPosts).toContain('The town wakes up');
    expect(hostPosts).toContain('The host extended the deadline by 30 min');
    expect(hostPosts).toContain('Replacement: seat #6 — Вера instead of Борис');
    expect(hostPosts).not.toMatch(/просыпается|продлил|Замена/);
    await shot(en, `thread-en-${DESKTOP.width}x${DESKTOP.height}`);

    // The night: the commissar's move with a confirmation, then the host's answer.
    await advanceTo(w.closes + 31 * 60_000 + 2 * HOUR);
    await me.goto(`${srv.url}/f/${c.id}/private`);
    await me.getByTestId('night-form').waitFor();
    await me.getByTestId('night-target').selectOption('1');
    await me.getByTestId('night-send').click();
    await me.getByTestId('night-confirm').click();
    await me.locator('.f-msg.kind-confirm').waitFor();
    await host.goto(`${srv.url}/f/${c.id}/private`);
    await host.getByTestId('channel-text-seat-5').fill('Ход принят. Итоги — утром в 10:00.');
    await host.getByTestId('channel-text-seat-5').press('Enter');
    await host.locator('.f-msg', { hasText: 'Итоги — утром' }).waitFor();
    await me.reload();
    await me.locator('.f-msg', { hasText: 'Итоги — утром' }).waitFor();
    await shot(me, `private-${PHONE.width}x${PHONE.height}`, true);
    expect(await fits(me)).toBe(true);
    // The host opens a season for the club (a club's owner, signed in, picks it from the form).
    await host.goto(`${srv.url}/f`);
    await host.getByTestId('season-name').fill('Весна 2026');
    await host.getByTestId('season-club').selectOption('vesna');
    await host.getByTestId('season-club-season').fill('Весна');
    await host.getByTestId('season-create').click();
    const adminLink = await host.getByTestId('season-created').locator('a').getAttribute('href');
    const seasonId = /\/f\/s\/([^?]+)\?key=/.exec(adminLink ?? '')![1]!;
    await shot(host, `seasons-${DESKTOP.width}x${DESKTOP.height}`, true);
    await host.goto(adminLink!);
    await host.getByTestId('season-posts').waitFor();
    expect(await host.getByTestId('season-about').textContent()).toContain('Весенний клуб');
    expect(host.url()).not.toContain('key=');

    // What needs me is on every page: nothing is owed now (the move is in, the message read).
    await me.goto(`${srv.url}/f`);
    await me.locator('h1').waitFor();
    await me.getByTestId('forum-seasons').getByText('Весна 2026').waitFor();
    // The game in play reads as in play, not as not started.
    expect(await me.locator('.f-list li', { hasText: 'Форумная мафия: весна' }).textContent()).toContain('идёт');
    await shot(me, `list-${PHONE.width}x${PHONE.height}`, true);
    expect(await fits(me)).toBe(true);
    await me.goto(`${srv.url}/f/s/${seasonId}`);
    await me.getByTestId('season-about').waitFor();
    expect(await me.getByTestId('season-posts').count()).toBe(0);
    await shot(me, `season-${PHONE.width}x${PHONE.height}`, true);
    expect(await fits(me)).toBe(true);
  });
});
