// The judge's console end to end (issue 7): a real server serving web/dist, Debian's chromium on a
// 768×1024 tablet viewport. A judge enters a whole 10-seat classic game from the console — a tie,
// the revote and an "all leave?" vote, a 4th foul, an undo, a night miss — while a table display in
// the same browser is checked at every step to show no role and no night action; then the protocol
// page is compared with the record. A second test runs a club game through the console.
// Screenshots go to test-results/judge-*.png.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, ROLE_DEFS, type GameRecord, type RoleId } from '../../src/engine/index.js';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { emulateNetworkLoss, setNetwork } from './network.js';

const OUT = 'test-results';
const ARGS = [
  ...CHROMIUM_ARGS,
  // The console and the display share one browser (BroadcastChannel, localStorage): neither tab
  // may be throttled while the other is in front.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];
const TABLET = { width: 768, height: 1024 };

let server: RunningServer;
let browser: Browser;
let base = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false });
  base = server.url;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function tablet(): Promise<BrowserContext> {
  const c = await browser.newContext({ viewport: TABLET, hasTouch: true, locale: 'ru-RU' });
  contexts.push(c);
  return c;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `judge-${name}.png`), fullPage: true });
}

/** Tap a seat in one of the console's seat grids. */
async function tap(page: Page, grid: string, seat: number): Promise<void> {
  await page.locator(`[data-testid="${grid}"] [data-seat="${seat}"]`).click();
}

async function click(page: Page, testid: string): Promise<void> {
  await page.locator(`[data-testid="${testid}"]`).first().click();
}

async function flash(page: Page): Promise<{ kind: string; text: string }> {
  const f = page.locator('[data-testid="flash"]');
  return { kind: (await f.getAttribute('data-kind')) ?? '', text: await f.innerText() };
}

async function expectOk(page: Page): Promise<string> {
  const f = await flash(page);
  expect(f.kind, f.text).toBe('ok');
  return f.text;
}

async function speaker(page: Page): Promise<number> {
  return Number(await page.locator('[data-testid="speaker"]').getAttribute('data-seat'));
}

const ROLE_WORDS_RU = (['civilian', 'sheriff', 'don', 'mafia', 'doctor', 'maniac', 'putana'] as RoleId[]).map((r) => ROLE_DEFS[r].title.ru);
const NIGHT_WORDS_RU = ['стреляет', 'проверяет', 'План дона', 'не стреляет', 'лечит', 'замораживает', 'убивает', 'пропускает ход', 'Проверка'];

/** The display holds no role and no night action (before the end), and has caught up. */
async function checkDisplay(display: Page, judge: Page, step: string, finished = false): Promise<void> {
  const want = await judge.locator('[data-testid="judge"]').getAttribute('data-last-public');
  await display.waitForFunction((n) => document.querySelector('[data-testid="board"]')?.getAttribute('data-last-public') === n, want, { timeout: 10_000, polling: 100 });
  const text = await display.locator('body').innerText();
  if (!finished) {
    expect(await display.locator('.bs-role').count(), step).toBe(0);
    for (const w of ROLE_WORDS_RU) expect(text.includes(w), `${step}: display shows "${w}"`).toBe(false);
  }
  for (const w of NIGHT_WORDS_RU) expect(text.includes(w), `${step}: display shows "${w}"`).toBe(false);
}

/** Don 2, mafia 5 and 8, sheriff 3, the rest civilians (entered from the cards drawn). */
const DEAL: RoleId[] = ['civilian', 'don', 'sheriff', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
const NAMES = ['Анна', 'Борис', 'Вера', 'Глеб', 'Ирина', 'Егор', 'Жанна', 'Захар', 'Илья', 'Кира'];

describe('judge console (issue 7)', () => {
  it('a judge enters a whole classic game; the display never shows a role or a night action; the protocol matches the record', async () => {
    const ctx = await tablet();
    const judge = await ctx.newPage();
    const id = 'e2e-classic';
    await judge.goto(`${base}/judge/${id}`);
    await judge.locator('[data-testid="setup"]').waitFor();
    for (let i = 0; i < 10; i++) await judge.locator(`[data-testid="name-${i + 1}"]`).fill(NAMES[i]!);
    // The app's deal first: its commitment is shown as text and QR before the game (R60).
    await click(judge, 'make-deal');
    await judge.locator('[data-testid="commitment-text"]').waitFor();
    expect(await judge.locator('[data-testid="commitment-text"]').innerText()).toMatch(/^[0-9a-f]{64}$/);
    expect(await judge.locator('[data-testid="commitment-qr"]').count()).toBe(1);
    await shot(judge, '01-setup-commitment');
    // This table drew physical cards instead.
    await click(judge, 'deal-cards');
    for (let i = 0; i < 10; i++) await judge.locator(`[data-testid="card-${i + 1}"]`).selectOption(DEAL[i]!);
    await click(judge, 'start-game');

    const display = await ctx.newPage();
    await display.goto(`${base}/display/${id}`);
    await display.locator('[data-testid="board"]').waitFor();
    // The console stays in front (a background tab gets no animation frames: taps would crawl).
    await judge.bringToFront();
    await checkDisplay(display, judge, 'night 1');

    // Night 1: the script and the don's plan (R17).
    await judge.locator('[data-testid="script"]').waitFor();
    for (const t of [7, 3, 1]) await tap(judge, 'plan-grid', t);
    await click(judge, 'save-plan');
    expect(await judge.locator('[data-testid="plan-saved"]').innerText()).toContain('№7 → №3 → №1');
    await shot(judge, '02-night1-script');
    await checkDisplay(display, judge, 'night 1 plan');
    await click(judge, 'end-night');

    // Day 1: seat 1 opens (R3).
    expect(await speaker(judge)).toBe(1);
    await click(judge, 'timer-toggle');
    await tap(judge, 'nominate-grid', 4);
    expect(await expectOk(judge)).toContain('№4');
    // A second nomination by the same speaker is refused, with the reason and rule (R5).
    await tap(judge, 'nominate-grid', 6);
    let f = await flash(judge);
    expect(f.kind).toBe('error');
    expect(f.text).toContain('R5');
    await judge.waitForTimeout(1200);
    await shot(judge, '03-day1-speech');
    await display.waitForFunction(() => /\d:\d\d/.test(document.querySelector('[data-testid="display-timer"]')?.textContent ?? ''), undefined, { polling: 100 });
    await checkDisplay(display, judge, 'day 1 seat 1');
    await shot(display, '04-display-day1');
    await judge.bringToFront();
    await click(judge, 'end-speech');

    expect(await speaker(judge)).toBe(2);
    await tap(judge, 'nominate-grid', 4);
    f = await flash(judge);
    expect(f.kind).toBe('error'); // already nominated (R5)
    await tap(judge, 'nominate-grid', 6);
    await expectOk(judge);
    await click(judge, 'end-speech');

    // Seat 3 nominates 9 by mistake: the judge undoes it; the history keeps it, struck through.
    expect(await speaker(judge)).toBe(3);
    await tap(judge, 'nominate-grid', 9);
    await expectOk(judge);
    await click(judge, 'undo');
    expect((await flash(judge)).kind).toBe('undo');
    expect(await judge.locator('[data-testid="nominations"] [data-target="9"]').count()).toBe(0);
    await click(judge, 'history-toggle');
    expect(await judge.locator('[data-testid="history"] li.undone').count()).toBe(1);
    await shot(judge, '05-undo-history');
    await click(judge, 'history-toggle');
    await checkDisplay(display, judge, 'after undo');
    await click(judge, 'end-speech');

    // Three fouls to seat 10 before its speech: it loses today's speech (R6, R19).
    for (let k = 0; k < 3; k++) await tap(judge, 'foul-grid', 10);
    expect(await judge.locator('[data-testid="foul-grid"] [data-seat="10"]').innerText()).toContain('3');
    for (let seat = 4; seat <= 9; seat++) {
      expect(await speaker(judge)).toBe(seat);
      await click(judge, 'end-speech');
    }
    await checkDisplay(display, judge, 'day 1 end');

    // Vote: 4 vs 6; five hands for 4, the other five default to 6 (R8) → tie (R9).
    await judge.locator('[data-testid="ballot"]').waitFor();
    for (const seat of [1, 2, 3, 4, 5]) await tap(judge, 'hands-grid', seat);
    await shot(judge, '06-vote-hands');
    await click(judge, 'apply-hands');
    expect(await judge.locator('[data-testid="defaults"]').innerText()).toContain('№6, №7, №8, №9, №10');
    await checkDisplay(display, judge, 'vote');
    await click(judge, 'close-vote');
    f = await flash(judge);
    expect(f.text).toContain('R9');
    // Tie speeches, 30 s each, in nomination order.
    expect(await speaker(judge)).toBe(4);
    expect(await judge.locator('[data-testid="timer-clock"]').innerText()).toBe('0:30');
    await click(judge, 'end-speech');
    expect(await speaker(judge)).toBe(6);
    await click(judge, 'time-up');
    // Revote: the same split → "all leave?" (R9).
    await judge.locator('[data-testid="hand-count"]').fill('5');
    await click(judge, 'apply-hands');
    await click(judge, 'close-vote');
    await judge.locator('text=«Кто за то, чтобы все покинули стол?»').waitFor();
    await checkDisplay(display, judge, 'all leave?');
    for (const seat of [1, 2, 3, 4]) await tap(judge, 'hands-grid', seat);
    await shot(judge, '07-all-leave');
    await click(judge, 'apply-hands');
    f = await flash(judge);
    expect(f.text).toContain('все остаются');
    expect(f.text).toContain('R9');

    // Night 2: a miss — seat 8 shoots elsewhere (R12); the don finds the sheriff.
    await judge.locator('[data-testid="all-at"]').waitFor();
    await tap(judge, 'slot-grid-2-shoot', 7);
    await tap(judge, 'slot-grid-5-shoot', 7);
    await tap(judge, 'slot-grid-8-shoot', 1);
    await checkDisplay(display, judge, 'night 2 shots');
    await tap(judge, 'slot-grid-2-check', 3);
    expect(await judge.locator('[data-testid="check-answer"]').first().innerText()).toContain('шериф');
    await shot(judge, '08-night2-checks');
    await checkDisplay(display, judge, 'night 2 don check');
    await tap(judge, 'slot-grid-3-check', 5);
    f = await flash(judge);
    expect(f.text).toContain('чёрный');
    expect(f.text).toContain('Промах');
    await judge.locator('[data-testid="morning"]').waitFor();
    expect(await judge.locator('[data-testid="morning"]').innerText()).toContain('промахнулась');
    await shot(judge, '09-morning-miss');
    await checkDisplay(display, judge, 'morning 2');

    // Day 2 opens at seat 2 (R3). The 4th foul removes seat 10 (R6).
    expect(await speaker(judge)).toBe(2);
    await tap(judge, 'foul-grid', 10);
    f = await flash(judge);
    expect(f.text).toContain('№10');
    expect(f.text).toContain('R6');
    await checkDisplay(display, judge, '4th foul');
    await click(judge, 'end-speech');
    expect(await speaker(judge)).toBe(3);
    await tap(judge, 'nominate-grid', 5);
    await click(judge, 'end-speech');
    for (const seat of [4, 5, 6, 7, 8, 9, 1]) {
      expect(await speaker(judge)).toBe(seat);
      await click(judge, 'end-speech');
    }
    // A single candidate on day 2 leaves (R7); last word.
    expect(await speaker(judge)).toBe(5);
    await click(judge, 'end-speech');

    // Night 3: "all at 3"; both checks.
    await tap(judge, 'all-at-grid', 3);
    await tap(judge, 'slot-grid-2-check', 1);
    await tap(judge, 'slot-grid-3-check', 8);
    await checkDisplay(display, judge, 'night 3');
    // Day 3: last word of 3, then from seat 4 (R3).
    expect(await speaker(judge)).toBe(3);
    await click(judge, 'end-speech');
    expect(await speaker(judge)).toBe(4);
    await tap(judge, 'nominate-grid', 2);
    await click(judge, 'end-speech');
    expect(await speaker(judge)).toBe(6);
    await tap(judge, 'nominate-grid', 8);
    await click(judge, 'end-speech');
    for (const seat of [7, 8, 9, 1, 2]) {
      expect(await speaker(judge)).toBe(seat);
      await click(judge, 'end-speech');
    }
    for (const seat of [1, 4, 6, 7, 9]) await tap(judge, 'hands-grid', seat);
    await click(judge, 'apply-hands');
    await click(judge, 'close-vote');
    expect(await speaker(judge)).toBe(2);
    await click(judge, 'end-speech');
    await checkDisplay(display, judge, 'day 3');

    // Night 4: the last mafia shoots 9. Day 4: 1 nominates 8, a single candidate → red win (R15).
    await tap(judge, 'slot-grid-8-shoot', 9);
    expect(await speaker(judge)).toBe(9);
    await click(judge, 'end-speech');
    for (const seat of [6, 7]) {
      expect(await speaker(judge)).toBe(seat);
      await click(judge, 'end-speech');
    }
    expect(await speaker(judge)).toBe(8);
    await click(judge, 'end-speech');
    expect(await speaker(judge)).toBe(1);
    await tap(judge, 'nominate-grid', 8);
    await click(judge, 'end-speech');
    expect(await speaker(judge)).toBe(4);
    await click(judge, 'end-speech');
    await judge.locator('[data-testid="game-over"]').waitFor();
    await shot(judge, '10-game-over');
    await checkDisplay(display, judge, 'game over', true);
    expect(await display.locator('[data-testid="display-winner"]').innerText()).toContain('красные');
    expect(await display.locator('.bs-role').count()).toBe(10);
    await shot(display, '11-display-final');

    // The protocol page against the record.
    const stored = await judge.evaluate((k) => localStorage.getItem(k), `gorod.judge.game.${id}`);
    const game = JSON.parse(stored!) as { setup: Record<string, unknown>; entries: { commands: GameRecord['commands'] }[] };
    const record = { ...game.setup, format: 'gorod-record/1', commands: game.entries.flatMap((e) => e.commands) };
    const r = replay(record);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.rejected).toEqual([]);
    const st = r.value.state;
    expect(st.finished).toBe(true);
    expect(st.winner).toBe('red');
    await click(judge, 'to-protocol');
    await judge.locator('[data-testid="protocol"]').waitFor();
    const rows = judge.locator('[data-testid="proto-seats"] tbody tr');
    expect(await rows.count()).toBe(10);
    for (let i = 0; i < 10; i++) {
      const seat = st.seats[i]!;
      const row = rows.nth(i);
      expect(await row.locator('[data-testid="proto-role"]').innerText()).toBe(ROLE_DEFS[seat.role].title.ru);
      expect(Number(await row.locator('[data-testid="proto-fouls"]').innerText())).toBe(seat.fouls);
      expect(await row.innerText()).toContain(NAMES[i]!);
    }
    const rounds = st.log.filter((e) => e.t === 'voteClosed').length;
    expect(await judge.locator('[data-testid="proto-vote"]').count()).toBe(rounds);
    expect(await judge.locator('[data-testid="proto-allleave"]').count()).toBe(1);
    expect(await judge.locator('[data-testid="proto-result"]').innerText()).toContain('красные');
    const nights = judge.locator('[data-testid="proto-nights"] tbody tr');
    expect(await nights.nth(1).innerText()).toContain('промах');
    await shot(judge, '12-protocol');
    const [download] = await Promise.all([judge.waitForEvent('download'), click(judge, 'csv')]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n').filter((l) => l.startsWith('seat,')).length).toBe(10);
    expect(csv).toContain('allLeave');
    expect(csv).toContain('result,,winner,,,red');
    await display.setViewportSize({ width: 1280, height: 720 });
    await display.goto(`${base}/display/${id}?overlay=1`);
    await display.locator('[data-testid="board"].overlay').waitFor();
    await shot(display, '13-overlay');

    // The console is an installable PWA: with the network gone it still opens the game (R: offline).
    await judge.goto(`${base}/judge/${id}`);
    await judge.locator('[data-testid="game-over"]').waitFor();
    expect(await judge.locator('link[rel="manifest"]').getAttribute('href')).toBe('/judge/manifest.webmanifest');
    await expect
      .poll(
        () =>
          judge.evaluate(async () => {
            const keys = await (await caches.open('gorod-judge-v1')).keys();
            return keys.some((k) => k.url.includes('/assets/index-')) && keys.some((k) => k.url.includes('JudgePage'));
          }),
        { timeout: 15_000 },
      )
      .toBe(true);
    await ctx.setOffline(true);
    await judge.reload();
    await judge.locator('[data-testid="game-over"]').waitFor({ timeout: 15_000 });
    await ctx.setOffline(false);

    // Publishing stays possible after the game ends (issue 13.8): the finished game goes up, and
    // its protocol opens from the server on any device. (Loaded again with the network back: the
    // page the worker served offline does not count.)
    await judge.reload();
    await judge.locator('[data-testid="game-over"]').waitFor();
    await click(judge, 'publish-finished');
    await judge.waitForURL(/\/judge\/t[0-9a-f]+\?token=/).catch(async (e: Error) => {
      await shot(judge, '13x-publish-failed');
      throw new Error(`${e.message}: ${(await judge.locator('[data-testid="upload-error"]').allInnerTexts()).join(' ')} at ${judge.url()}`);
    });
    const published = decodeURIComponent(new URL(judge.url()).pathname.split('/')[2]!);
    expect(server.hub.tables.get(published)!.state.finished).toBe(true);
    const elsewhere = await (await tablet()).newPage();
    await elsewhere.goto(`${base}/protocol/${published}`);
    await elsewhere.locator('[data-testid="protocol-grid"]').waitFor();
    await shot(elsewhere, '13b-published-protocol-elsewhere');
  });

  it('a club game through the console: giving the floor, freeze, heal, the maniac, a frozen voter', async () => {
    const ctx = await tablet();
    const judge = await ctx.newPage();
    const id = 'e2e-club';
    await judge.goto(`${base}/judge/${id}`);
    await judge.locator('[data-testid="setup"]').waitFor();
    await judge.locator('[data-testid="preset"]').selectOption('club');
    await click(judge, 'deal-cards');
    const deal: RoleId[] = ['civilian', 'don', 'sheriff', 'doctor', 'mafia', 'maniac', 'putana', 'civilian', 'civilian', 'civilian'];
    for (let i = 0; i < 10; i++) await judge.locator(`[data-testid="card-${i + 1}"]`).selectOption(deal[i]!);
    await click(judge, 'start-game');
    const display = await ctx.newPage();
    await display.goto(`${base}/display/${id}`);
    await display.locator('[data-testid="board"]').waitFor();
    await judge.bringToFront();
    // Night 1: the club script (doctor, sheriff, maniac meet the judge).
    expect(await judge.locator('[data-testid="script"]').innerText()).toContain('Маньяк');
    await click(judge, 'end-night');
    // Day 1: no vote in club (R21); seat 1 gives the floor to 4 (R27).
    expect(await speaker(judge)).toBe(1);
    await tap(judge, 'floor-grid', 4);
    expect(await expectOk(judge)).toContain('R27');
    for (let seat = 1; seat <= 10; seat++) {
      expect(await speaker(judge)).toBe(seat);
      await click(judge, 'end-speech');
    }
    expect((await flash(judge)).text).toContain('R7');
    await checkDisplay(display, judge, 'club night 2');
    // Night 2: all at 9; the don finds the sheriff; putana freezes 1; the doctor heals 9; the sheriff
    // finds 5; the maniac kills 5 (R22, R23).
    await tap(judge, 'all-at-grid', 9);
    await tap(judge, 'slot-grid-2-check', 3);
    expect(await judge.locator('[data-testid="check-answer"]').first().innerText()).toContain('шериф');
    await tap(judge, 'slot-grid-7-block', 1);
    await tap(judge, 'slot-grid-4-heal', 9);
    await tap(judge, 'slot-grid-3-check', 5);
    await shot(judge, '14-club-night');
    await checkDisplay(display, judge, 'club night 2 actions');
    await tap(judge, 'slot-grid-6-kill', 5);
    await judge.locator('[data-testid="morning"]').waitFor();
    const morning = await judge.locator('[data-testid="morning"]').innerText();
    expect(morning).toContain('№5');
    expect(morning).not.toContain('№9');
    await shot(judge, '15-club-morning');
    // The console speaks English too (the app's language switch).
    await click(judge, 'lang');
    expect(await judge.locator('[data-testid="morning"]').innerText()).toContain('seat 5 was killed');
    // Nothing Russian on the English console (names are the players' own): no «№», no Cyrillic line.
    const english = (await judge.locator('.judge').innerText()).split('\n').filter((l) => !NAMES.some((n) => l.includes(n)));
    expect(english.filter((l) => /[А-Яа-яЁё№]/.test(l))).toEqual([]);
    await shot(judge, '15b-club-morning-en');
    await click(judge, 'lang');
    expect(await judge.locator('[data-testid="morning"]').innerText()).toContain('убит игрок №5');
    await checkDisplay(display, judge, 'club morning');
    // Day 2: last word of 5, then from seat 2; the frozen seat 1 neither speaks nor votes (R29).
    expect(await speaker(judge)).toBe(5);
    await click(judge, 'end-speech');
    const order: number[] = [];
    for (let k = 0; k < 12; k++) {
      if ((await judge.locator('[data-testid="speaker"]').count()) === 0) break;
      const seat = await speaker(judge);
      order.push(seat);
      if (seat === 3) await tap(judge, 'nominate-grid', 2);
      if (seat === 4) await tap(judge, 'nominate-grid', 7);
      await click(judge, 'end-speech');
    }
    expect(order).toEqual([2, 3, 4, 6, 7, 8, 9, 10]);
    await judge.locator('[data-testid="ballot"]').waitFor();
    expect(await judge.locator('[data-testid="hands-grid"] [data-seat="1"]').isDisabled()).toBe(true);
    for (const seat of [3, 4, 6, 8, 9, 10]) await tap(judge, 'hands-grid', seat);
    await click(judge, 'apply-hands');
    expect(await judge.locator('[data-testid="defaults"]').innerText()).toContain('№2, №7');
    await click(judge, 'close-vote');
    expect(await speaker(judge)).toBe(2);
    await click(judge, 'end-speech');
    await checkDisplay(display, judge, 'club day 2');
    // Night 3: only putana is black; the maniac kills her → red wins (R28).
    await tap(judge, 'slot-grid-7-block', 4);
    await tap(judge, 'slot-grid-4-heal', 8);
    await tap(judge, 'slot-grid-3-check', 7);
    await tap(judge, 'slot-grid-6-kill', 7);
    await judge.locator('[data-testid="game-over"]').waitFor();
    await checkDisplay(display, judge, 'club over', true);
    await shot(judge, '16-club-over');
    await click(judge, 'to-protocol');
    await judge.locator('[data-testid="protocol"]').waitFor();
    expect(await judge.locator('[data-testid="proto-result"]').innerText()).toContain('красные');
    const nights = await judge.locator('[data-testid="proto-nights"]').innerText();
    expect(nights).toContain('замораживает');
    expect(nights).toContain('лечит');
    await shot(judge, '17-club-protocol');
  });

  it('a server table: the commitment before the game, every entry synced, an offline queue sent on reconnect', async () => {
    const ctx = await tablet();
    await emulateNetworkLoss(ctx);
    const judge = await ctx.newPage();
    const net = (up: boolean): Promise<void> => setNetwork(ctx, judge, up);
    await judge.goto(`${base}/judge/new`);
    await judge.locator('[data-testid="setup"]').waitFor();
    for (let i = 0; i < 10; i++) await judge.locator(`[data-testid="name-${i + 1}"]`).fill(NAMES[i]!);
    await click(judge, 'deal-server');
    await click(judge, 'create-server');
    await judge.waitForURL(/\/judge\/[^/?]+\?token=/);
    await judge.locator('[data-testid="server-setup"]').waitFor();
    const id = decodeURIComponent(new URL(judge.url()).pathname.split('/')[2]!);
    const text = await judge.locator('[data-testid="commitment-text"]').innerText();
    expect(text).toMatch(/^[0-9a-f]{64}$/);
    expect(await judge.locator('[data-testid="commitment-qr"]').count()).toBe(1);
    const info = (await (await fetch(`${base}/api/tables/${id}`)).json()) as { commitment: string; status: string };
    expect(info.commitment).toBe(text);
    expect(info.status).toBe('lobby');
    await shot(judge, '18-server-commitment');
    await click(judge, 'adopt');
    await judge.locator('[data-testid="script"]').waitFor();
    const synced = async (): Promise<void> => {
      await judge.waitForFunction(() => document.querySelector('[data-testid="sync"]')?.textContent === 'синхронно', undefined, { polling: 100, timeout: 15_000 });
      const local = Number(await judge.locator('[data-testid="judge"]').getAttribute('data-last-event'));
      // The server's log as the judge sees it (public table info carries no event count).
      const token = new URL(judge.url()).searchParams.get('token');
      const serverLast = async (): Promise<number> => {
        const r = await fetch(`${base}/api/tables/${id}/judge/record`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
        return ((await r.json()) as { lastEvent: number }).lastEvent;
      };
      await expect.poll(serverLast, { timeout: 10_000 }).toBe(local);
    };
    await click(judge, 'end-night');
    await synced();
    await click(judge, 'end-speech');
    await tap(judge, 'nominate-grid', 4);
    await synced();
    // The network goes away: entries queue up and the console goes on (the engine runs here).
    await net(false);
    await judge.waitForFunction(() => (document.querySelector('[data-testid="sync"]')?.textContent ?? '').startsWith('офлайн'), undefined, { polling: 100, timeout: 20_000 });
    await click(judge, 'end-speech');
    await tap(judge, 'nominate-grid', 6);
    await tap(judge, 'foul-grid', 9);
    await click(judge, 'undo');
    await click(judge, 'end-speech');
    expect(await judge.locator('[data-testid="sync"]').innerText()).toMatch(/офлайн, в очереди: [1-9]/);
    expect(await speaker(judge)).toBe(4);
    await shot(judge, '19-offline-queue');
    await net(true);
    await synced();
    await click(judge, 'undo');
    await synced();
    expect(await speaker(judge)).toBe(3);
    // A TV elsewhere follows the server's public view through the spectator link.
    const href = await judge.locator('[data-testid="display-link"]').getAttribute('href');
    expect(href).toContain('token=');
    const tv = await (await tablet()).newPage();
    await tv.goto(`${base}${href}`);
    await tv.locator('[data-testid="display-speaker"]').waitFor();
    expect(await tv.locator('[data-testid="display-speaker"]').innerText()).toContain('№3');
    expect(await tv.locator('[data-testid="display-nominations"]').innerText()).toContain('№4');
    expect(await tv.locator('.bs-role').count()).toBe(0);
    await shot(tv, '20-server-display');
  });
  it('a local game goes up to the server once, even when the first answer is lost', async () => {
    const judge = await (await tablet()).newPage();
    await judge.goto(`${base}/judge/e2e-upload`);
    await judge.locator('[data-testid="setup"]').waitFor();
    for (let i = 0; i < 10; i++) await judge.locator(`[data-testid="name-${i + 1}"]`).fill(NAMES[i]!);
    await click(judge, 'make-deal');
    await judge.locator('[data-testid="commitment-text"]').waitFor();
    await click(judge, 'start-game');
    await judge.locator('[data-testid="script"]').waitFor();
    await click(judge, 'end-night');
    await click(judge, 'end-speech');
    const before = server.hub.tables.size;
    // The first upload reaches the server, but its answer never comes back.
    await judge.route('**/api/tables', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await click(judge, 'upload');
    await judge.locator('[data-testid="upload-error"]').waitFor();
    expect(server.hub.tables.size).toBe(before + 1);
    await judge.unroute('**/api/tables');
    // Pressed again: the same key finds the table the first press made.
    await click(judge, 'upload');
    await judge.waitForURL(/\/judge\/t[0-9a-f]{16}\?token=/);
    expect(server.hub.tables.size).toBe(before + 1);
    const id = decodeURIComponent(new URL(judge.url()).pathname.split('/')[2]!);
    expect(server.hub.tables.get(id)!.commands).toHaveLength(2);
  });
  it('a fiim game on a phone: technical fouls, the vote a removal cancelled and why, the first victim\'s guess, a count kept as a count', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ru-RU' });
    contexts.push(ctx);
    const judge = await ctx.newPage();
    const id = 'e2e-fiim';
    await judge.goto(`${base}/judge/${id}`);
    await judge.locator('[data-testid="setup"]').waitFor();
    await judge.locator('[data-testid="preset"]').selectOption('fiim');
    // The setup shows the fiim rules with their clauses (option-defs-day.ts).
    await judge.locator('[data-testid="options"] summary').click();
    expect(await judge.locator('[data-testid="options"]').innerText()).toContain('ФИИМ 9.5.1');
    await click(judge, 'deal-cards');
    for (let i = 0; i < 10; i++) await judge.locator(`[data-testid="card-${i + 1}"]`).selectOption(DEAL[i]!);
    await click(judge, 'start-game');
    await click(judge, 'end-night');
    // Day 1: two technical fouls remove seat 4 (fiim 9.6.2); the removal cancels today's vote (fiim 9.8).
    expect(await speaker(judge)).toBe(1);
    await click(judge, 'mode-tech');
    await tap(judge, 'foul-grid', 4);
    expect(await expectOk(judge)).toContain('ФИИМ 9.6.2');
    await tap(judge, 'foul-grid', 4);
    await judge.locator('[data-testid="vote-cancelled"]').waitFor();
    expect(await judge.locator('[data-testid="vote-cancelled"]').innerText()).toContain('№4');
    await shot(judge, 'fiim-01-vote-cancelled-phone');
    await tap(judge, 'nominate-grid', 5);
    for (const seat of [1, 2, 3, 5, 6, 7, 8, 9, 10]) {
      expect(await speaker(judge)).toBe(seat);
      await click(judge, 'end-speech');
    }
    expect((await flash(judge)).text).toContain('ФИИМ 9.8');
    // Night 2: the mafia kill 1; the don and the sheriff check.
    await tap(judge, 'all-at-grid', 1);
    await tap(judge, 'slot-grid-2-check', 3);
    await tap(judge, 'slot-grid-3-check', 5);
    // Day 2: the first night's victim names three (fiim 8.17) in the last word.
    expect(await speaker(judge)).toBe(1);
    for (const t of [2, 5, 8]) await tap(judge, 'best-move-grid', t);
    await shot(judge, 'fiim-02-best-move-phone');
    await click(judge, 'best-move-enter');
    expect(await expectOk(judge)).toContain('ФИИМ 8.17');
    await click(judge, 'end-speech');
    for (const seat of [2, 3, 5, 6, 7, 8, 9, 10]) {
      expect(await speaker(judge)).toBe(seat);
      if (seat === 2) await tap(judge, 'nominate-grid', 5);
      if (seat === 3) await tap(judge, 'nominate-grid', 8);
      await click(judge, 'end-speech');
    }
    // The vote by count: five hands for 5, the other three default to 8 — kept as counts (R8).
    await judge.locator('[data-testid="ballot"]').waitFor();
    await judge.locator('[data-testid="hand-count"]').fill('5');
    await click(judge, 'apply-hands');
    expect(await expectOk(judge)).toContain('счётом');
    await click(judge, 'close-vote');
    expect(await speaker(judge)).toBe(5);
    await judge.setViewportSize({ width: 1280, height: 900 });
    await shot(judge, 'fiim-03-last-word-desktop');
    const stored = await judge.evaluate((k) => localStorage.getItem(k), `gorod.judge.game.${id}`);
    const game = JSON.parse(stored!) as { setup: Record<string, unknown>; entries: { commands: GameRecord['commands'] }[] };
    const commands = game.entries.flatMap((e) => e.commands);
    expect(commands.filter((c) => c.do === 'vote')).toEqual([]);
    expect(commands).toContainEqual({ by: 'judge', do: 'voteCount', target: 5, count: 5 });
    await judge.goto(`${base}/protocol/${id}`);
    await judge.locator('[data-testid="protocol"]').waitFor();
    const votes = await judge.locator('[data-testid="proto-vote"]').innerText();
    expect(votes).toContain('5 счётом');
    expect(votes).toContain('3* счётом');
    expect(await judge.locator('[data-testid="protocol"]').innerText()).toContain('удаление №4 отменяет голосование');
    await shot(judge, 'fiim-04-protocol-desktop');
  });
});
