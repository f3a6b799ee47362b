// Tournaments in the browser (issue 17): a small tournament's whole life in Debian's chromium —
// create, register 20 players (a pasted list and one by one), a forbidden pair, seat, swap two
// players, play round 1 (one table online with bots, one at a judge console opened from its slot
// link on a phone, which loses its connection before the last entry and sends it when back), the
// standings and the hall screen update, the judge asks for a correction and the organizer sees the
// table waiting for one, the game is corrected (extra points) and the request resolved (logged), the tournament
// is finished and its standings exported as CSV. Screenshots of every page at 390×844 and at
// desktop width go to test-results/tournament/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../src/engine/index.js';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { emulateNetworkLoss, setNetwork } from './network.js';

const OUT = 'test-results/tournament';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let server: RunningServer;
let browser: Browser;
let base = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  // Online tables' clocks run 20 times faster: the bots' game ends in seconds.
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, timeScale: 0.05 });
  base = server.url;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--disable-background-timer-throttling', '--disable-renderer-backgrounding'], headless: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

async function context(viewport: { width: number; height: number }, tokens?: string, lang: 'ru' | 'en' = 'ru'): Promise<BrowserContext> {
  const c = await browser.newContext({ viewport, locale: lang === 'ru' ? 'ru-RU' : 'en-GB', acceptDownloads: true, ...(viewport.width < 500 ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}) });
  if (tokens) await c.addInitScript((t) => localStorage.setItem('gorod.tournamentTokens', t), tokens);
  if (lang === 'en') await c.addInitScript(() => localStorage.setItem('gorod.lang', 'en'));
  contexts.push(c);
  return c;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
}

/** The page has no horizontal overflow (a phone never scrolls sideways; tables scroll in their box). */
async function noSideScroll(page: Page, what: string): Promise<void> {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${what} overflows sideways by ${over}px`).toBeLessThanOrEqual(1);
}

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

const CLUBS = ['Альфа', 'Бета', 'Гамма', 'Дельта'];
const NAMES = ['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Захар', 'Ирина', 'Кирилл', 'Лиза', 'Марк', 'Нина', 'Олег', 'Полина', 'Роман', 'Света', 'Тимур', 'Ульяна', 'Фёдор'];

/** Cyrillic words on an English page that are not names the test gave (players, clubs, the tournament, reasons). */
function untranslated(text: string): string[] {
  const given = [...NAMES, ...CLUBS, 'Кубок Города', 'Лучший игрок стола', 'Игроку на месте 1 не начислен лучший ход стола', 'Начислено +0,5 за лучший ход'];
  let rest = text;
  for (const g of given.sort((a, b) => b.length - a.length)) rest = rest.split(g).join(' ');
  return [...new Set(rest.match(/[А-Яа-яЁё]+/g) ?? [])];
}

let tournamentId = '';
let tokens = '';

describe('a tournament in the browser (issue 17)', () => {
  it('create, 20 players, seating, round 1 online and at a judge console, standings, hall screen, a correction, finish, CSV', async () => {
    const desk = await context(DESKTOP);
    const org = await desk.newPage();
    await org.goto(`${base}/t/new`);
    await tid(org, 't-name').fill('Кубок Города 2026');
    await tid(org, 't-from').fill('2026-12-05');
    await tid(org, 't-to').fill('2026-12-06');
    await tid(org, 't-games').fill('1');
    await tid(org, 't-scoring').selectOption('fiim');
    await tid(org, 't-create').click();
    await tid(org, 'players-tab').waitFor();
    tournamentId = /\/t\/(c[0-9a-f]{16})/.exec(org.url())![1]!;
    tokens = (await org.evaluate(() => localStorage.getItem('gorod.tournamentTokens')))!;
    expect(await tid(org, 't-title').innerText()).toBe('Кубок Города 2026');

    // 19 from a pasted list, the 20th one by one.
    const list = NAMES.slice(0, 19).map((n, i) => `${n}, ${CLUBS[i % 4]}`).join('\n');
    await tid(org, 'paste').fill(list);
    await tid(org, 'paste-add').click();
    await org.waitForFunction(() => document.querySelectorAll('[data-testid="player-row"]').length === 19);
    await tid(org, 'add-nick').fill(NAMES[19]!);
    await tid(org, 'add-club').fill('Дельта');
    await tid(org, 'add-player').click();
    await org.waitForFunction(() => document.querySelectorAll('[data-testid="player-row"]').length === 20);
    // A forbidden pair: Анна and Борис never share a table.
    await tid(org, 'forbid-a').selectOption({ label: 'Анна' });
    await tid(org, 'forbid-b').selectOption({ label: 'Борис' });
    await tid(org, 'forbid-add').click();
    await org.waitForFunction(() => (document.querySelector('[data-testid="forbidden-list"]')?.textContent ?? '').includes('Анна ✕ Борис'));

    // Seating: 2 tables, 1 game each → one round.
    await tid(org, 'tab-seating').click();
    await tid(org, 'seat-tables').fill('2');
    await tid(org, 'seat-games').fill('1');
    await tid(org, 'seat-generate').click();
    await tid(org, 'quality').waitFor();
    // The bar follows the server's run (moves done of its budget) to its end.
    expect(await tid(org, 'seat-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(await tid(org, 'seat-progress').getAttribute('data-state')).toBe('done');
    expect(await tid(org, 'quality').innerText()).toContain('не встречаются');
    // Swap two players by hand: the first seat of table 1 with the first of table 2.
    const first = async (table: number) => (await tid(org, `seat-table-1-${table}`).locator('li').first().innerText()).replace(/^\d+\s*/, '').trim();
    const a = await first(1);
    const b = await first(2);
    await tid(org, 'swap-a').selectOption({ label: `${a} — стол 1, место 1` });
    await tid(org, 'swap-b').selectOption({ label: `${b} — стол 2, место 1` });
    await tid(org, 'swap-do').click();
    await org.waitForFunction((x) => (document.querySelector('[data-testid="seat-table-1-1"] li')?.textContent ?? '').includes(x), b);
    expect(await first(2)).toBe(a);

    // Round 1: table 1 online with bots, table 2 at a judge's console.
    await tid(org, 'tab-rounds').click();
    await tid(org, 'bots-1-1').check();
    await tid(org, 'open-online-1-1').click();
    await tid(org, 'online-1-1').waitFor();
    await tid(org, 'open-judge-1-2').click();
    await tid(org, 'judge-1-2').waitFor();
    expect(await tid(org, 'judge-1-2').locator('svg').count()).toBe(1); // the QR code
    const judgeUrl = (await tid(org, 'judge-link-1-2').getAttribute('href'))!;
    expect(judgeUrl).toMatch(/\/judge\/.+\?token=/);
    await shot(org, 'rounds-started-desktop');

    // The hall screen, on a projector.
    const hallCtx = await context({ width: 1920, height: 1080 });
    const hall = await hallCtx.newPage();
    await hall.goto(`${base}/t/${tournamentId}/screen?every=3`);
    await hall.locator('[data-testid="screen"][data-view="seating"]').waitFor();
    await shot(hall, 'screen-seating-desktop');

    // The judge opens the slot's link on a phone: names and seats are there.
    const phone = await context(PHONE);
    await emulateNetworkLoss(phone);
    const judge = await phone.newPage();
    const net = (up: boolean): Promise<void> => setNetwork(phone, judge, up);
    await judge.goto(judgeUrl);
    await tid(judge, 'adopt').waitFor();
    const tableId = /\/judge\/([^?]+)/.exec(judgeUrl)![1]!;
    const token = new URL(judgeUrl).searchParams.get('token')!;
    const slot2 = (await (await fetch(`${base}/api/tournaments/${tournamentId}/games/1/2`)).json()) as { seats: { seat: number; nickname: string }[] };
    await tid(judge, 'server-seats').waitFor();
    expect(await tid(judge, 'server-setup-title').innerText()).toBe('Кубок Города 2026 · тур 1, стол 2');
    // The console leads back to its tournament.
    expect(await tid(judge, 'slot-tournament').getAttribute('href')).toBe(`/t/${encodeURIComponent(tournamentId)}`);
    expect(await tid(judge, 'server-seats').locator('li').allInnerTexts()).toEqual(slot2.seats.map((s) => `${s.seat} ${s.nickname}`));
    await shot(judge, 'judge-from-slot-phone');
    await tid(judge, 'adopt').click();
    await tid(judge, 'end-night').waitFor();
    // Day 1 opens after the introduction night; the judge's record says who is black.
    const rec = (await (await fetch(`${base}/api/tables/${tableId}/judge/record`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })).json()) as { record: unknown };
    const r = replay(rec.record);
    if (!r.ok) throw new Error('the judge record does not replay');
    expect(r.value.state.seats.map((x) => x.name)).toEqual(slot2.seats.map((s) => s.nickname));
    await tid(judge, 'end-night').click();
    await tid(judge, 'foul-grid').waitFor();
    const black = r.value.state.seats.filter((x) => x.team === 'black').map((x) => x.seat);
    expect(black).toHaveLength(3);
    // Each black player is removed by a fourth foul (R6); the last removal ends the game: red wins.
    // The phone loses the network before the last foul and sends it when it is back.
    for (const [k, seat] of black.entries()) {
      for (let f = 0; f < 4; f++) {
        if (k === 2 && f === 3) {
          await judge.waitForFunction(() => document.querySelector('[data-testid="sync"]')?.textContent === 'синхронно');
          await net(false);
          await judge.waitForFunction(() => (document.querySelector('[data-testid="sync"]')?.textContent ?? '').startsWith('офлайн'), undefined, { polling: 100, timeout: 20_000 });
        }
        await judge.locator(`[data-testid="foul-grid"] [data-seat="${seat}"]`).click();
      }
    }
    expect(await tid(judge, 'sync').innerText()).toContain('офлайн');
    // The phase stays whole beside the longer offline pill.
    expect(await judge.locator('.judge-head .title').evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await shot(judge, 'judge-offline-phone');
    const stillPlaying = (await (await fetch(`${base}/api/tournaments/${tournamentId}`)).json()) as { rounds: { games: { status: string }[] }[] };
    expect(stillPlaying.rounds[0]!.games[1]!.status).toBe('playing');
    await net(true);

    // Both games end; the rounds tab, the standings and the hall screen follow without a reload.
    await org.waitForFunction(() => [...document.querySelectorAll('[data-testid^="slot-1-"]')].every((x) => x.getAttribute('data-status') === 'finished'), undefined, { timeout: 120_000, polling: 250 });
    await shot(org, 'rounds-finished-desktop');
    await tid(org, 'tab-standings').click();
    await org.waitForFunction(() => document.querySelectorAll('[data-testid="standing-row"]').length === 20);
    const winners = await org.locator('[data-testid="standing-row"] [data-col="wins"]').allInnerTexts();
    expect(winners.filter((w) => w === '1').length).toBeGreaterThanOrEqual(7);
    await hall.locator('[data-testid="screen"][data-view="standings"]').waitFor({ timeout: 10_000 });
    await hall.waitForFunction(() => document.querySelectorAll('[data-testid="screen-standings"] li').length === 20);
    await shot(hall, 'screen-standings-desktop');

    // The judge asks for a correction from the console; the organizer's rounds tab shows the
    // table waiting for one, with the judge's reason, without a reload.
    const seat1 = slot2.seats[0]!.nickname;
    const before = Number((await org.locator(`[data-testid="standing-row"][data-nick="${seat1}"] [data-col="points"]`).innerText()).replace(',', '.'));
    // Sent with the network down, the request waits on the phone and goes out when it is back.
    await tid(judge, 'flag-open').click();
    await tid(judge, 'flag-reason').fill('Игроку на месте 1 не начислен лучший ход стола');
    await net(false);
    await tid(judge, 'flag-send').click();
    await judge.locator('[data-testid="flag-state"][data-kind="queued"]').waitFor();
    expect(await tid(judge, 'flag-state').innerText()).toContain('уйдёт сам, когда связь вернётся');
    expect(await tid(judge, 'flag-open').innerText()).toContain('ждёт связи');
    await shot(judge, 'judge-flag-queued-phone');
    await net(true);
    await judge.waitForFunction(() => (document.querySelector('[data-testid="flag-state"]')?.textContent ?? '').includes('отправлен'), undefined, { timeout: 30_000 });
    await shot(judge, 'judge-flag-phone');
    await tid(org, 'tab-rounds').click();
    await org.locator('[data-testid="slot-1-2"][data-status="correction"]').waitFor();
    expect(await tid(org, 'slot-1-2').innerText()).toContain('ждёт исправления');
    expect(await tid(org, 'slot-1-2').locator('[data-testid="flag"]').innerText()).toMatch(/Просьба исправить: Игроку на месте 1 не начислен лучший ход стола — судья стола/);
    await shot(org, 'rounds-correction-desktop');
    // The hall sees the status, never the reason.
    expect(await hall.locator('body').innerText()).not.toContain('лучший ход стола');

    // The correction: +0.5 to seat 1 of table 2, logged with its reason; the standings count it;
    // the organizer marks the request resolved, logged with the note.
    await org.goto(`${base}/t/${tournamentId}/game/1/2`);
    await tid(org, 'flags-panel').waitFor();
    await tid(org, 'correction').waitFor();
    await tid(org, 'extra-player').selectOption({ index: 1 });
    await tid(org, 'extra-points').fill('0,5');
    await tid(org, 'extra-reason').fill('Лучший игрок стола');
    await tid(org, 'extra-add').click();
    await tid(org, 'game-done').waitFor();
    expect(await tid(org, 'extra-list').innerText()).toContain('Лучший игрок стола');
    await tid(org, 'resolve-note').fill('Начислено +0,5 за лучший ход');
    await tid(org, 'resolve-do').click();
    await tid(org, 'flag-resolution').waitFor();
    expect(await tid(org, 'flag-resolution').innerText()).toContain('решено: Начислено +0,5 за лучший ход');
    expect(await tid(org, 'flag').getAttribute('data-open')).toBe('no');
    await shot(org, 'game-corrected-desktop');
    await org.goto(`${base}/t/${tournamentId}?tab=standings`);
    await org.waitForFunction(
      ([n, want]) => {
        const cell = document.querySelector(`[data-testid="standing-row"][data-nick="${n}"] [data-col="points"]`);
        return cell !== null && Math.abs(Number(cell.textContent!.replace(',', '.')) - Number(want)) < 0.01;
      },
      [seat1, String(before + 0.5)] as const,
    );

    // Finish and export.
    await tid(org, 'finish').click();
    await tid(org, 'finished').waitFor();
    const [download] = await Promise.all([org.waitForEvent('download'), tid(org, 'export-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toContain('Баллы');
    expect(csv).toContain(seat1);
    await shot(org, 'standings-finished-desktop');
  });

  it('every page at 390×844 and at desktop width, in Russian and in English', async () => {
    expect(tournamentId).not.toBe('');
    const nick = NAMES[0]!;
    const pages: [string, string, string][] = [
      ['list', '/t', 'tournaments'],
      ['new', '/t/new', 't-new'],
      ['players', `/t/${tournamentId}?tab=players`, 'players-tab'],
      ['seating', `/t/${tournamentId}?tab=seating`, 'seating'],
      ['rounds', `/t/${tournamentId}?tab=rounds`, 'rounds-tab'],
      ['standings', `/t/${tournamentId}?tab=standings`, 'standings'],
      ['game', `/t/${tournamentId}/game/1/1`, 'game-score'],
      ['screen-seating', `/t/${tournamentId}/screen?view=seating`, 'screen'],
      ['screen-standings', `/t/${tournamentId}/screen?view=standings`, 'screen-standings'],
      ['screen-overlay', `/t/${tournamentId}/screen?view=standings&overlay=1`, 'screen-standings'],
      ['player', `/players/${encodeURIComponent(nick)}`, 'player-page'],
      ['club', `/clubs/${encodeURIComponent(CLUBS[0]!)}`, 'club-players'],
      ['home', '/', 'create'],
    ];
    for (const lang of ['ru', 'en'] as const)
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const c = await context(viewport, tokens, lang);
        const p = await c.newPage();
        // Russian keeps its file names; English ones end in -en.
        const file = (name: string): string => `${name}-${size}${lang === 'en' ? '-en' : ''}`;
        for (const [name, path, ready] of pages) {
          await p.goto(`${base}${path}`);
          await tid(p, ready).first().waitFor();
          await p.waitForTimeout(150);
          if (name !== 'screen-seating' && name !== 'screen-standings' && name !== 'screen-overlay') await noSideScroll(p, `${name} (${size}, ${lang})`);
          if (name === 'screen-overlay') await p.screenshot({ path: join(OUT, `${file(name)}.png`), fullPage: true, omitBackground: true });
          else await shot(p, file(name));
          const text = await p.locator('body').innerText();
          // No raw id on screen: a tournament's id appears in no text a reader sees.
          expect(text, `${name}: raw id`).not.toContain(tournamentId);
          // In English, the page's own words are English: Russian is left only in names people gave.
          if (lang === 'en') expect(untranslated(text), `${name} (${size}): Russian words`).toEqual([]);
        }
        // The seating as printed: one A4 sheet per table.
        await p.goto(`${base}/t/${tournamentId}?tab=seating`);
        await tid(p, 'seating').waitFor();
        await p.emulateMedia({ media: 'print' });
        await shot(p, file('seating-print'));
        await p.goto(`${base}/t/${tournamentId}?tab=standings`);
        await tid(p, 'standings').waitFor();
        await shot(p, file('protocol-print'));
        await p.emulateMedia({ media: 'screen' });
      }
    // The player's profile charts are SVG, drawn from the played games.
    const c = await context(DESKTOP);
    const p = await c.newPage();
    await p.goto(`${base}/players/${encodeURIComponent(nick)}`);
    await tid(p, 'role-chart').waitFor();
    expect(await p.locator('[data-testid="player-tournaments"] li').innerText()).toMatch(/место из 20/);
  });
});
