// What a club judge and an online player meet first (issue 13), in Debian's chromium at 390×844
// (portrait and landscape) and at desktop size, one browser for every test: the judge console on a
// phone (every control ≥ 44 px, nothing clipped or covered, the speaker and the clock always in
// view); the lobby creating a table of every preset with its defaults and with a changed option;
// club bots that speak; the player's table (public votes, a tie, the role card, own checks on the
// seats, a sticky banner while typing, a minute that starts at 1:00); the protocol grid on one A4
// page; Russian everywhere; a local game's display link on another device.
// Screenshots of every page and state: test-results/first-meet/*.png.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalCommands, type GameState, type PresetId } from '../../src/engine/index.js';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { Client } from '../server/helpers.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

const OUT = 'test-results/first-meet';
const PHONE = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const DESKTOP = { width: 1280, height: 860 };

let browser: Browser;
let webDir: string;
/** At real speed (timers of a real game). */
let server: RunningServer;
/** Twenty times faster: bots and timers, for a bot game in seconds. */
let fast: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  webDir = mkdtempSync(join(tmpdir(), 'gorod-web-'));
  cpSync('web/dist', webDir, { recursive: true });
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir, fixedDeals: true });
  fast = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir, timeScale: 0.05 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
  await fast?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function context(size: { width: number; height: number }, lang: 'ru' | 'en' = 'ru'): Promise<BrowserContext> {
  const phone = size.width < 900;
  const c = await browser.newContext({ viewport: size, ...(phone ? { isMobile: true, hasTouch: true } : {}), locale: lang === 'ru' ? 'ru-RU' : 'en-GB' });
  c.setDefaultTimeout(30_000);
  c.setDefaultNavigationTimeout(60_000);
  contexts.push(c);
  return c;
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
}

const tag = (s: { width: number; height: number }): string => `${s.width}x${s.height}`;

async function until<T>(f: () => T | undefined | null | false, ms = 15_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The console's controls at this size: the page no wider than the screen, every control at least
 * 44 px (a checkbox counts with its label), and each one, scrolled to the middle of the screen,
 * the element a thumb actually hits there (nothing covers it, nothing clips it).
 */
async function auditControls(page: Page, scope = '.judge'): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const W = window.innerWidth;
    const H = window.innerHeight;
    if (document.documentElement.scrollWidth > W + 1) problems.push(`page ${document.documentElement.scrollWidth}px wide on a ${W}px screen`);
    const sel = ['button', 'a.button', 'select', 'input:not([type=hidden]):not([type=file])', 'summary', '[role=button]'].map((x) => `${scope} ${x}`).join(', ');
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const cs = getComputedStyle(el);
      // Inside a closed <details> a control keeps a box but is not drawn.
      if (cs.display === 'none' || cs.visibility === 'hidden' || !el.checkVisibility()) continue;
      const box = (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) || el;
      if (box.getBoundingClientRect().width === 0) continue;
      const name = `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 24)}]`;
      box.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = box.getBoundingClientRect();
      if (r.height < 44 - 0.5 || r.width < 44 - 0.5) problems.push(`${name} is ${Math.round(r.width)}×${Math.round(r.height)}`);
      if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${name} clipped: ${Math.round(r.left)}..${Math.round(r.right)} of ${W}`);
      const x = Math.min(W - 1, Math.max(0, r.left + r.width / 2));
      const y = Math.min(H - 1, Math.max(0, r.top + r.height / 2));
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(box === hit || box.contains(hit) || hit.contains(box))) problems.push(`${name} covered by ${hit ? `${hit.tagName}.${(hit as HTMLElement).className}` : 'nothing'}`);
    }
    return problems;
  }, scope);
}

/**
 * Words a reader would miss: a select whose longest value does not fit its box (the text is cut),
 * a line of the console's strip or log that is only a rule tag, text that runs under its neighbour
 * (what turn it is, under the clock).
 */
async function auditWords(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    for (const el of Array.from(document.querySelectorAll<HTMLSelectElement>(`${scope} select`))) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || !el.checkVisibility() || el.getBoundingClientRect().width === 0) continue;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      // Room for the text: the box without its padding and the arrow.
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
      for (const o of Array.from(el.options)) if (ctx.measureText(o.text).width > room) problems.push(`select ${el.id || el.name}: «${o.text}» cut at ${Math.round(room)} px`);
    }
    for (const li of Array.from(document.querySelectorAll<HTMLElement>(`${scope} .flash li, ${scope} .log li`))) {
      const words = Array.from(li.childNodes)
        .filter((n) => !(n instanceof HTMLElement && n.classList.contains('rule')))
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!words) problems.push(`a line with only its rule: ${li.textContent}`);
    }
    const about = document.querySelector<HTMLElement>('[data-testid="speaker-kind"]');
    const clock = document.querySelector<HTMLElement>('.day-now .timer');
    if (about && clock) {
      const a = about.getBoundingClientRect();
      const c = clock.getBoundingClientRect();
      if (a.right > c.left + 0.5 && a.left < c.right - 0.5 && a.bottom > c.top + 0.5 && a.top < c.bottom - 0.5) problems.push(`«${about.innerText}» runs under the clock`);
      for (const el of [about, ...Array.from(about.querySelectorAll<HTMLElement>('*'))]) if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis') problems.push(`«${el.innerText}» cut`);
    }
    return problems;
  }, scope);
}

/** The speaker, the clock, "thank you" and undo are in view (and not covered) wherever the judge has scrolled. */
async function auditNowBar(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const where of ['top', 'bottom'] as const) {
    await page.evaluate((w) => window.scrollTo(0, w === 'top' ? 0 : document.documentElement.scrollHeight), where);
    await page.waitForTimeout(50);
    out.push(
      ...(await page.evaluate((w) => {
        const bad: string[] = [];
        for (const id of ['speaker', 'timer-clock', 'timer-toggle', 'end-speech', 'undo']) {
          const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
          if (!el) {
            bad.push(`${id} missing`);
            continue;
          }
          const r = el.getBoundingClientRect();
          if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) bad.push(`${id} out of view at the ${w}`);
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !(el === hit || el.contains(hit))) bad.push(`${id} covered at the ${w}`);
        }
        return bad;
      }, where)),
    );
  }
  return out;
}

async function click(page: Page, testid: string): Promise<void> {
  await page.locator(`[data-testid="${testid}"]`).first().click();
}

describe('the judge console on a phone, sideways and on a desktop (issue 13.1)', () => {
  for (const size of [PHONE, LANDSCAPE, DESKTOP]) {
    it(`${tag(size)}: every control reachable and ≥ 44 px, nothing clipped; speaker, clock and undo always in view`, async () => {
      const page = await (await context(size)).newPage();
      const name = (s: string): string => `judge-${tag(size)}-${s}`;
      const problems: string[] = [];
      const check = async (state: string): Promise<void> => {
        await shot(page, name(state));
        for (const p of await auditControls(page)) problems.push(`${state}: ${p}`);
        for (const p of await auditWords(page, '.judge')) problems.push(`${state}: ${p}`);
        await page.evaluate(() => window.scrollTo(0, 0));
      };
      await page.goto(`${server.url}/judge/new`);
      await page.locator('[data-testid="setup"]').waitFor();
      await page.locator('[data-testid="options"] summary').click();
      await check('01-setup');
      await click(page, 'make-deal');
      await page.locator('[data-testid="commitment-text"]').waitFor();
      await click(page, 'start-game');
      await page.locator('[data-testid="script"]').waitFor();
      await check('02-night1');
      await click(page, 'end-night');
      await page.locator('[data-testid="speaker"]').waitFor();
      await check('03-day');
      problems.push(...(await auditNowBar(page)).map((p) => `day: ${p}`));
      await shot(page, name('04-day-scrolled'));
      await page.locator('[data-testid="nominate-grid"] [data-seat="4"]').click();
      await click(page, 'end-speech');
      await page.locator('[data-testid="nominate-grid"] [data-seat="6"]').click();
      for (let i = 0; i < 9; i++) await click(page, 'end-speech');
      await page.locator('[data-testid="hands-grid"]').waitFor();
      await check('05-vote');
      await page.locator('[data-testid="hands-grid"] [data-seat="1"]').click();
      await click(page, 'apply-hands');
      await click(page, 'close-vote');
      await page.locator('[data-testid="speaker"]').waitFor(); // the last word
      await check('05b-last-word');
      await click(page, 'end-speech');
      await page.locator('[data-testid="script"]').waitFor();
      await check('06-night2');
      expect(problems).toEqual([]);
    });
  }
});

async function createFromLobby(page: Page, preset: PresetId, change?: (page: Page) => Promise<void>): Promise<GameState> {
  await page.goto(`${server.url}/`);
  await page.locator('#preset').selectOption(preset);
  if (change) {
    await page.locator('[data-testid="options"] summary').click();
    await change(page);
  }
  await click(page, 'create');
  await page.waitForURL(/\/created\//);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  return server.hub.tables.get(id)!.state;
}

describe('the lobby creates a table of every preset (issue 13.2)', () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`${tag(size)}: every preset with its defaults in one click, and with a changed option`, async () => {
      const page = await (await context(size)).newPage();
      // Every preset's form, all its options open: thumb-sized on a phone, no value's name cut.
      const problems: string[] = [];
      await page.goto(`${server.url}/`);
      for (const preset of ['classic', 'club', 'tournament', 'forum', 'fiim'] as const) {
        await page.locator('#preset').selectOption(preset);
        if (!(await page.locator('[data-testid="options"][open]').count())) await page.locator('[data-testid="options"] summary').click();
        await page.locator(`[data-testid="option-editor"][data-preset="${preset}"]`).waitFor();
        await shot(page, `lobby-${tag(size)}-options-${preset}`, true);
        if (size === PHONE) for (const p of await auditControls(page, '.create-form')) problems.push(`${preset}: ${p}`);
        for (const p of await auditWords(page, '.create-form')) problems.push(`${preset}: ${p}`);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      expect(problems).toEqual([]);
      for (const preset of ['classic', 'club', 'tournament', 'forum'] as const) {
        const s = await createFromLobby(page, preset);
        expect(s.preset).toBe(preset);
        await shot(page, `lobby-${tag(size)}-created-${preset}`);
      }
      // club: one more mafia (the role list as roles with counts) and voting for oneself allowed.
      let s = await createFromLobby(page, 'club', async (p) => {
        await p.locator('[data-option="roles"]').scrollIntoViewIfNeeded();
        await p.getByRole('button', { name: 'Больше: Мафия' }).click();
        await p.locator('[data-option="selfVote"] .oe-toggle').click();
        await shot(p, `lobby-${tag(size)}-club-options`);
        const text = await p.locator('[data-testid="option-editor"]').innerText();
        for (const raw of ['doctorSelfHeals', 'maniacSkips', 'roles', 'allActed', 'removal']) expect(text).not.toContain(raw);
      });
      expect(s.seats.filter((x) => x.role === 'mafia')).toHaveLength(2);
      expect(s.options.selfVote).toBe(true);
      // tournament: ten seats — the table size follows the option.
      s = await createFromLobby(page, 'tournament', async (p) => {
        await p.locator('#opt-seats').fill('10');
        expect(await p.locator('#size').inputValue()).toBe('10');
      });
      expect(s.seats).toHaveLength(10);
      // forum: without the priestess.
      s = await createFromLobby(page, 'forum', async (p) => {
        await p.locator('[data-option="roles"]').scrollIntoViewIfNeeded();
        await p.getByRole('button', { name: 'Меньше: Жрица любви' }).click();
      });
      expect(s.seats.some((x) => x.role === 'priestess')).toBe(false);
      expect(s.seats.some((x) => x.role === 'commissar')).toBe(true);
    });
  }
});

describe('bots worth playing with (issue 13.3)', () => {
  it('one tap: a classic table with nine club bots who speak Russian from their reasoning', async () => {
    const page = await (await context(PHONE)).newPage();
    await page.goto(`${fast.url}/`);
    await shot(page, 'bots-01-home');
    await click(page, 'quick-play');
    await page.waitForURL(/\/play\//);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const table = fast.hub.tables.get(id)!;
    expect(table.row.botPolicy).toBe('club');
    // The nickname form, then the table.
    await page.locator('#nick').fill('Аня');
    await page.getByRole('button', { name: 'Сесть за стол' }).click();
    const said = await until(() => {
      const x = table.state.log.filter((e) => e.t === 'said' && e.seat !== 1);
      return x.length >= 3 ? x : null;
    }, 60_000, 'three bot speeches');
    for (const e of said) if (e.t === 'said') expect(e.text).toMatch(/^[^A-Za-z]+$/);
    // A bot's words stay in the log after its minute.
    await page.locator('[data-testid="event-log"] .ev-said', { hasText: 'Спасибо' }).first().waitFor();
    await shot(page, 'bots-02-table-bot-speech');
    expect(table.state.log.filter((e) => e.t === 'nominationWithdrawn')).toEqual([]);
  });
});

/** The deal of the scripted game: seat 1 (the browser) is the sheriff; 2 the don; 3, 4 the mafia. */
const DEAL = ['sheriff', 'don', 'mafia', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];

describe("what an online player sees (issue 13.6)", () => {
  it('public votes as they happen, a tie with only the tied, the role card, own checks on the seats, the banner while typing, 1:00', async () => {
    const res = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ preset: 'classic', deal: DEAL, options: { nightEnds: 'allActed' }, clock: { introNightSeconds: 600, voteSeconds: 600, nightSeconds: 600 } }),
    });
    expect(res.status).toBe(201);
    const t = (await res.json()) as { id: string; seats: { seat: number; token: string }[] };
    const table = server.hub.tables.get(t.id)!;
    const seats: Client[] = [];
    for (const x of t.seats.slice(1)) seats.push(await Client.open(server.url, x.token, `seat${x.seat}`));
    const seat = (n: number): Client => seats[n - 2]!;
    const page = await (await context(PHONE)).newPage();
    await page.goto(`${server.url}/play/${t.id}?token=${t.seats[0]!.token}&seat=1`);
    await page.getByRole('button', { name: 'Без имени' }).click();
    // The introduction night: the role card says what the three marks mean.
    await page.locator('.night-panel').waitFor();
    // Every text the banner's timer shows, as the page renders it (independent of this test's polling).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __timer: string[] }).__timer = seen;
      new MutationObserver(() => {
        const kind = document.querySelector('.timer-kind')?.textContent ?? '';
        const value = document.querySelector('.timer-value')?.textContent ?? '';
        const last = seen[seen.length - 1];
        if (value && last !== `${kind}|${value}`) seen.push(`${kind}|${value}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Показать мою роль' }).click();
    expect(await page.locator('[data-testid="role-intro"]').innerText()).toContain('никуда не уходят');
    await shot(page, 'player-01-intro-night-role-card');
    // The introduction night ends as its clock would (a long one, so that a slow machine still finds
    // the role card on screen).
    const endIntro = legalCommands(table.state, 'clock')[0]!;
    expect((await table.submit('clock', endIntro, 'test:intro')).ok).toBe(true);
    // Day 1: seat 1 speaks first; a 60-second speech starts at 1:00.
    await until(() => table.state.stage.kind === 'speech' && table.state.stage.seat === 1, 15_000, 'day 1');
    await page.waitForFunction(() => (window as unknown as { __timer: string[] }).__timer.some((x) => x.startsWith('Речь|')));
    const shown = await page.evaluate(() => (window as unknown as { __timer: string[] }).__timer.filter((x) => x.startsWith('Речь|')));
    expect(shown[0]).toBe('Речь|1:00');
    // Typing with the on-screen keyboard up (half the screen left): the banner and its timer stay in view.
    await page.setViewportSize({ width: PHONE.width, height: 420 });
    await page.locator('.say-form textarea').fill('Я мирный, смотрю на 5.');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const banner = await page.locator('.banner').boundingBox();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(banner!.y).toBeGreaterThanOrEqual(-1);
    expect(banner!.y).toBeLessThan(60);
    await shot(page, 'player-02-typing-banner');
    await page.setViewportSize(PHONE);
    await page.locator('.say-form button').click();
    await page.locator('.nominate-row select').selectOption('5');
    await page.getByRole('button', { name: 'Выставить' }).click();
    await page.locator('.btn-thanks').click();
    await until(() => table.state.stage.kind === 'speech' && table.state.stage.seat === 2, 10_000, "seat 2's speech");
    expect((await seat(2).command({ do: 'nominate', target: 6 })).type).toBe('ack');
    for (let n = 2; n <= 10; n++) expect((await seat(n).command({ do: 'endSpeech' })).type).toBe('ack');
    // The vote: every vote public as it is cast.
    await page.locator('[data-candidate="5"]').waitFor();
    expect((await seat(2).command({ do: 'vote', target: 5 })).type).toBe('ack');
    await page.locator('[data-testid="voters-5"]', { hasText: '2' }).waitFor();
    await page.locator('[data-candidate="5"]').click();
    for (const n of [3, 4, 7]) expect((await seat(n).command({ do: 'vote', target: 5 })).type).toBe('ack');
    for (const n of [5, 6, 8, 9]) expect((await seat(n).command({ do: 'vote', target: 6 })).type).toBe('ack');
    await page.locator('[data-testid="voters-6"]', { hasText: '9' }).waitFor();
    await shot(page, 'player-03-vote-public');
    expect((await seat(10).command({ do: 'vote', target: 6 })).type).toBe('ack');
    // A tie: only the tied are candidates, the last of them takes missing votes, speeches of 30 s.
    await until(() => table.state.stage.kind === 'speech' && table.state.stage.speech === 'tie', 10_000, 'tie speeches');
    const tie = page.locator('.nominations-tie');
    await tie.waitFor();
    expect(await tie.innerText()).toMatch(/Перестрелка.*5.*6/s);
    expect(await tie.innerText()).toContain('30 с');
    expect(await tie.innerText()).toContain('за 6');
    expect(await page.locator('.speech-length').innerText()).toContain('30 с');
    await shot(page, 'player-04-tie');
    expect((await seat(5).command({ do: 'endSpeech' })).type).toBe('ack');
    expect((await seat(6).command({ do: 'endSpeech' })).type).toBe('ack');
    await page.locator('[data-candidate="6"]').waitFor();
    expect(await page.locator('[data-candidate]').count()).toBe(2);
    await page.locator('[data-candidate="6"]').click();
    for (const n of [2, 3, 4, 5, 6, 7, 8, 9, 10]) expect((await seat(n).command({ do: 'vote', target: 6 })).type).toBe('ack');
    await until(() => table.state.stage.kind === 'speech' && table.state.stage.speech === 'last', 10_000, 'the last word');
    expect((await seat(6).command({ do: 'endSpeech' })).type).toBe('ack');
    // Night 2: the sheriff (this page) checks seat 2; the mafia shoot seat 7; the don checks seat 8.
    await until(() => table.state.stage.kind === 'night', 10_000, 'night 2');
    await page.locator('.night-row[data-row="0"] select').selectOption('2');
    await page.locator('.night-row[data-row="0"] button').click();
    for (const n of [2, 3, 4]) expect((await seat(n).command({ do: 'shoot', target: 7 })).type).toBe('ack');
    expect((await seat(2).command({ do: 'check', target: 8 })).type).toBe('ack');
    await until(() => table.state.phase === 'day' && table.state.number === 2, 10_000, 'day 2');
    // The check result marked on the seat checked, for this player, while the card is open.
    const mark = page.locator('[data-testid="check-2"]');
    await mark.waitFor();
    expect(await mark.innerText()).toBe('чёрный');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'player-05-own-check-on-seat');
    await page.getByRole('button', { name: 'Скрыть роль' }).click();
    expect(await mark.count()).toBe(0);
    for (const c of seats) c.ws.close();
  });
});

describe('the protocol sheet judges know (issue 13.5)', () => {
  it('a grid on one A4 page, the detailed log on the next; CSV and record stay', async () => {
    const page = await (await context(DESKTOP)).newPage();
    await page.goto(`${server.url}/protocol/example`);
    await page.locator('input[type=file]').setInputFiles('examples/records/classic-red-win.json');
    const grid = page.locator('[data-testid="protocol-grid"]');
    await grid.waitFor();
    expect(await grid.locator('tr[data-seat]').count()).toBe(10);
    expect(await grid.locator('tr[data-seat="5"] [data-testid="grid-role"]').innerText()).toBe('Дон');
    expect(await page.locator('[data-testid="grid-options"]').innerText()).toContain('Голос за себя');
    expect(await page.locator('[data-testid="protocol-grid"]').innerText()).not.toMatch(/undefined|null|NaN/);
    await shot(page, 'protocol-01-screen', true);
    await page.emulateMedia({ media: 'print' });
    // A4 portrait with 10 mm margins: 277 mm of height at 96 px per inch.
    const h = await grid.evaluate((el) => el.getBoundingClientRect().height);
    expect(h).toBeLessThan((277 / 25.4) * 96);
    await page.pdf({ path: join(OUT, 'protocol-02.pdf'), format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('[data-testid="csv"]').isEnabled()).toBe(true);
    expect(await page.locator('[data-testid="record"]').isEnabled()).toBe(true);
    const phone = await (await context(PHONE)).newPage();
    await phone.goto(`${server.url}/protocol/example`);
    await phone.locator('input[type=file]').setInputFiles('examples/records/classic-red-win.json');
    await phone.locator('[data-testid="protocol-grid"]').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'protocol-03-phone');
  });
});

describe('everything in Russian, nothing raw (issue 13.7)', () => {
  it('rules pages for players, the judge setup, a server error, the balance chart', async () => {
    const page = await (await context(PHONE)).newPage();
    for (const preset of ['classic', 'club', 'tournament', 'forum']) {
      await page.goto(`${server.url}/rules/${preset}`);
      const doc = page.locator('[data-testid="rules-players"]');
      await doc.locator('h2').first().waitFor();
      const text = (await doc.innerText()).replace(/\bR\d+\b/g, '');
      expect(text).not.toMatch(/[A-Za-z]{3,}/);
      await shot(page, `russian-rules-${preset}`);
    }
    // An option's rule link lands on the rule in the players' page.
    await page.goto(`${server.url}/rules/club#R25`);
    await page.locator('#R25').waitFor();
    await page.goto(`${server.url}/judge/new`);
    await page.locator('[data-testid="setup"]').waitFor();
    await page.locator('[data-testid="options"] summary').click();
    const setup = await page.locator('[data-testid="setup"]').innerText();
    for (const raw of ['classic', 'removal', 'allActed', 'firstDayVote', 'speechSeconds']) expect(setup).not.toContain(raw);
    // The server answers in the reader's language: the protocol of a game that has not ended.
    const res = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ preset: 'classic' }) });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${server.url}/protocol/${id}`);
    await page.getByText('Игра ещё не окончена').waitFor();
    await shot(page, 'russian-protocol-not-finished');
    await page.goto(`${server.url}/balance`);
    await page.locator('.balance-chart svg').waitFor();
    const svg = await page.locator('.balance-chart svg').evaluate((e) => e.outerHTML);
    expect(svg).toContain('доля побед по местам');
    expect(svg).not.toMatch(/win rate|classic club/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The phone's chart is drawn for its width, and nothing on the page scrolls sideways in a box of its own.
    expect(await page.locator('.balance-chart svg').getAttribute('width')).toBe('360');
    const boxes = await page.evaluate(() => [...document.querySelectorAll('.balance-chart, .balance-table-wrap, .balance-cmd')].map((e) => [e.className, e.scrollWidth - e.clientWidth]));
    expect(boxes.filter(([, over]) => Number(over) > 1)).toEqual([]);
    await shot(page, 'russian-balance', true);
  });
});

describe('links across devices (issue 13.8)', () => {
  it("a local game's display link on another device says how to publish it", async () => {
    const judge = await (await context(PHONE)).newPage();
    await judge.goto(`${server.url}/judge/new`);
    await judge.locator('[data-testid="setup"]').waitFor();
    await click(judge, 'make-deal');
    await judge.locator('[data-testid="commitment-text"]').waitFor();
    await click(judge, 'start-game');
    await judge.locator('[data-testid="script"]').waitFor();
    const href = await judge.locator('[data-testid="display-link"]').getAttribute('href');
    expect(href).toMatch(/^\/display\/local-/);
    const tv = await (await context(DESKTOP)).newPage();
    await tv.goto(server.url + href!);
    await tv.locator('[data-testid="board-local"]').waitFor({ timeout: 10_000 });
    expect(await tv.locator('[data-testid="board-local"]').innerText()).toContain('Опубликовать на сервере');
    await shot(tv, 'links-display-elsewhere');
    // Publishing: the judge publishes; the new display link works on the other device.
    await click(judge, 'upload');
    await judge.waitForURL(/\/judge\/t[0-9a-f]+\?token=/);
    const published = await judge.locator('[data-testid="display-link"]').getAttribute('href');
    expect(published).toMatch(/\?token=/);
    await tv.goto(server.url + published!);
    await tv.locator('[data-testid="board"]').waitFor();
    await shot(tv, 'links-display-published');
  });
});
