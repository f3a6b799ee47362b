// The web app end to end: a real server (in-memory storage, random port) serving web/dist, and
// Debian's chromium driven by playwright-core. Ten players join one classic table by their links
// and play it to the end through the UI; a spectator never sees a role before the end; a player
// loses the connection mid-game and comes back; one player plays in English; one on a 390-px phone.
// Screenshots of the main screens go to test-results/.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from './chromium.js';

const OUT = 'test-results';

let server: RunningServer;
let webDir: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function context(opts: { width?: number; height?: number; mobile?: boolean } = {}): Promise<BrowserContext> {
  const c = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    ...(opts.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'ru-RU',
  });
  // The machine may be busy (2 cores, other test suites): wait long rather than fail.
  c.setDefaultTimeout(30_000);
  c.setDefaultNavigationTimeout(120_000);
  contexts.push(c);
  return c;
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  // Serve a copy of the build, so a rebuild elsewhere in the tree cannot pull files from under the test.
  webDir = mkdtempSync(join(tmpdir(), 'gorod-web-'));
  cpSync('web/dist', webDir, { recursive: true });
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir });
  // Playwright gives each launch a fresh temporary profile (its own --user-data-dir).
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

interface PageState {
  banner: string;
  thanks: boolean;
  speechKind: string | null;
  nominate: number[];
  candidates: { seat: number; enabled: boolean }[];
  leaveYes: boolean;
  nightRows: { row: number; open: boolean; options: number[] }[];
  planOpen: boolean;
  winner: string | null;
  living: number[];
}

function readState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const q = (s: string) => Array.from(document.querySelectorAll(s));
    const btn = (s: string) => document.querySelector(s) as HTMLButtonElement | null;
    const thanks = btn('.btn-thanks');
    return {
      banner: document.querySelector('.banner-text')?.textContent ?? '',
      thanks: !!thanks && !thanks.disabled,
      speechKind: document.querySelector('.speech-panel h3')?.textContent ?? null,
      nominate: q('.nominate-row select option').map((o) => Number((o as HTMLOptionElement).value)).filter((x) => x > 0),
      candidates: q('.candidate').map((b) => ({ seat: Number((b as HTMLElement).dataset['candidate']), enabled: !(b as HTMLButtonElement).disabled })),
      leaveYes: q('.vote-buttons .btn-primary').some((b) => !(b as HTMLButtonElement).disabled),
      nightRows: q('.night-row[data-row]').map((r) => ({
        row: Number((r as HTMLElement).dataset['row']),
        open: !!r.querySelector('select'),
        options: Array.from(r.querySelectorAll('option')).map((o) => Number(o.value)).filter((x) => x > 0),
      })),
      planOpen: !!document.querySelector('.night-panel .btn-primary:not([disabled])') || q('.night-panel select').length === 3,
      winner: document.querySelector('[data-testid="winner"]')?.textContent ?? null,
      living: q('.ring [data-seat]:not(.seat-out), .seat-list [data-seat]:not(.seat-out)').map((e) => Number((e as HTMLElement).dataset['seat'])),
    };
  });
}

describe('the web app', () => {
  it('initial JS stays under 200 KB gzipped', () => {
    const dir = join(webDir, 'assets');
    const html = readFileSync(join(webDir, 'index.html'), 'utf8');
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)![1]!;
    const seen = new Set<string>();
    const walk = (f: string): void => {
      if (seen.has(f)) return;
      seen.add(f);
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) walk(m[1]!);
    };
    walk(entry);
    const gz = [...seen].reduce((n, f) => n + gzipSync(readFileSync(join(dir, f))).length, 0);
    console.log(`initial JS: ${seen.size} files, ${(gz / 1024).toFixed(1)} KB gzipped; all assets: ${readdirSync(dir).length} files`);
    expect(gz).toBeLessThan(200 * 1024);
  });

  it('ten players play a classic table to the end; a spectator never sees a role; a reconnect; English; a phone', { timeout: 600_000 }, async () => {
    const base = server.url;
    // ---- the host creates the table through the home page
    const host = await (await context()).newPage();
    await host.goto(base + '/');
    await host.getByRole('heading', { name: 'Новый стол' }).waitFor();
    await shot(host, '01-home');
    await host.getByText('Настройки стола').click();
    await host.locator('#opt-speechSeconds').fill('180');
    await host.locator('#opt-lastWordSeconds').fill('180');
    // An online night runs to its timer by default (R18); this table moves on once all have acted.
    expect(await host.locator('#opt-nightEnds').inputValue()).toBe('close');
    await host.locator('#opt-nightEnds').selectOption('allActed');
    await host.getByText('Таймеры сервера').click();
    await host.locator('#clock-introNightSeconds').fill('25');
    await host.locator('#clock-voteSeconds').fill('180');
    await host.locator('#clock-nightSeconds').fill('300');
    await shot(host, '02-home-create-options');
    await host.getByRole('button', { name: 'Создать стол' }).click();
    await host.getByRole('heading', { name: /Стол создан/ }).waitFor();
    await shot(host, '03-created');
    const links = await host.locator('a.seat-link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    expect(links).toHaveLength(10);
    const watch = await host.getByTestId('watch-link').getAttribute('href');
    const tableId = decodeURIComponent(/\/play\/([^?]+)/.exec(watch!)![1]!);

    // ---- the spectator watches from the start
    const spec = await (await context()).newPage();
    await spec.goto(base + watch!);

    // ---- ten players (each in its own browser context): seat 5 on a phone, seat 10 in English
    const PHONE = 5;
    const ENGLISH = 10;
    const pages: Page[] = [];
    for (let i = 0; i < 10; i++) {
      const seat = i + 1;
      const ctx = await context(seat === PHONE ? { width: 390, height: 844, mobile: true } : {});
      pages.push(await ctx.newPage());
    }
    const page = (seat: number): Page => pages[seat - 1]!;
    // Nicknames first (the lobby); the game starts by itself when the last player sits down.
    await Promise.all(
      pages.map(async (p, i) => {
        const seat = i + 1;
        await p.goto(base + links[i]);
        await p.getByLabel('Ник за столом').fill(`Игрок${seat}`);
        if (seat === 1) await shot(p, '04-join-nickname');
        if (seat !== 10) {
          await p.getByRole('button', { name: 'Сесть за стол' }).click();
          await p.locator('.lobby').waitFor();
        }
      }),
    );
    await shot(page(1), '05-lobby');
    await page(10).getByRole('button', { name: 'Сесть за стол' }).click();
    await host.close();

    // ---- everyone reads their own role from the card (hidden until tapped)
    const roles: Record<number, string> = {};
    await Promise.all(
      pages.map(async (p, i) => {
        const seat = i + 1;
        await p.locator('.role-toggle').waitFor({ timeout: 60_000 });
        expect(await p.getByTestId('role-face').count()).toBe(0);
        await p.locator('.role-toggle').click();
        const face = (await p.getByTestId('role-face').innerText()).split('\n')[0]!;
        roles[seat] = /Дон/.test(face) ? 'don' : /Шериф/.test(face) ? 'sheriff' : /Мафия/.test(face) ? 'mafia' : 'civilian';
      }),
    );
    await shot(page(1), '06-role-card');
    const firstBlack = Number(Object.keys(roles).find((s) => roles[Number(s)] !== 'civilian' && roles[Number(s)] !== 'sheriff'));
    await shot(page(firstBlack), '06b-black-role-card');
    await Promise.all(pages.map((p) => p.locator('.role-toggle').click()));
    await page(ENGLISH).getByTestId('lang-switch').click();
    await page(ENGLISH).getByText('Show my role').waitFor();
    const black = Object.keys(roles).map(Number).filter((s) => roles[s] === 'don' || roles[s] === 'mafia');
    expect(black).toHaveLength(3);
    expect(Object.values(roles).filter((r) => r === 'sheriff')).toHaveLength(1);

    // The don marks a plan on the introduction night (if it is still running).
    const don = Number(Object.keys(roles).find((s) => roles[Number(s)] === 'don'));
    const donIntro = await readState(page(don));
    if (/Мафия знакомится|mafia meets/.test(donIntro.banner)) {
      await shot(page(don), '08-intro-night');
      const sel = page(don).locator('.night-panel select');
      const civs = Object.keys(roles).map(Number).filter((s) => roles[s] === 'civilian');
      for (let i = 0; i < 3; i++) await sel.nth(i).selectOption(String(civs[i])).catch(() => undefined);
      await page(don).locator('.night-panel .btn-primary').click().catch(() => undefined);
    }

    // ---- play it out (short waits: a control that went away is retried on the next round)
    for (const p of pages) p.setDefaultTimeout(8000);
    const busyUntil = new Map<number, number>();
    const shots = new Set<string>();
    const once = async (p: Page, name: string): Promise<void> => {
      if (shots.has(name)) return;
      shots.add(name);
      await shot(p, name);
    };
    let reconnected = false;
    let said = false;
    const deadline = Date.now() + 360_000;
    let specState = await readState(spec);
    while (!specState.winner && Date.now() < deadline) {
      // The spectator never sees a role before the end.
      expect(await spec.locator('.badge-role, [data-testid="role-face"], .role-toggle').count()).toBe(0);
      const living = specState.living;
      const livingBlack = black.filter((s) => living.includes(s)).sort((a, b) => a - b);
      const victim = living.filter((s) => roles[s] === 'civilian' && s !== PHONE && s !== ENGLISH).sort((a, b) => a - b)[0] ??
        living.filter((s) => roles[s] === 'civilian')[0];
      const states = await Promise.all(pages.map((p) => readState(p)));
      for (let seat = 1; seat <= 10; seat++) {
        if ((busyUntil.get(seat) ?? 0) > Date.now()) continue;
        const p = page(seat);
        const st = states[seat - 1]!;
        const act = (): void => void busyUntil.set(seat, Date.now() + 400);
        // The table moves on by itself (a night closes once the required moves are in), so a
        // control read a moment ago may be gone: then this seat simply waits for the next round.
        try {
          if (st.thanks) {
            act();
            if (!said) {
              said = true;
              await p.locator('.say-form textarea').waitFor({ timeout: 5000 });
              await once(p, '09-speech-speaker');
              const box = p.locator('.say-form textarea');
              await box.fill('Добрый вечер. Я мирный житель, подозреваю соседа слева.', { timeout: 5000 });
              await box.press('Enter');
              await p.locator('.said').first().waitFor({ timeout: 5000 });
              await spec.locator('.said').first().waitFor({ timeout: 5000 });
              await once(spec, '10-speech-spectator');
            }
            if (st.nominate.length > 0) {
              const target = st.nominate.find((s) => livingBlack.includes(s)) ?? st.nominate[0]!;
              await p.locator('.nominate-row select').selectOption(String(target));
              await p.getByRole('button', { name: /^(Выставить|Nominate)$/ }).click();
              await p.waitForTimeout(80);
            }
            await p.locator('.btn-thanks').click();
            continue;
          }
          const open = st.candidates.filter((c) => c.enabled);
          if (open.length > 0) {
            act();
            await once(p, seat === PHONE ? '13-phone-vote' : '12-vote');
            const target = open.find((c) => c.seat === livingBlack[0]) ?? open[0]!;
            await p.locator(`.candidate[data-candidate="${target.seat}"]`).click();
            continue;
          }
          if (st.leaveYes) {
            act();
            await p.locator('.vote-buttons .btn-primary').click();
            continue;
          }
          const rows = st.nightRows.filter((r) => r.open);
          if (rows.length > 0) {
            act();
            await once(p, seat === PHONE ? '15-phone-night' : roles[seat] === 'civilian' ? '14-night-civilian' : '14b-night-role');
            const role = roles[seat];
            for (const r of rows) {
              let target: number | undefined;
              if ((role === 'don' || role === 'mafia') && r.row === 0) target = victim;
              else if (role === 'don' && r.row === 1) target = r.options.find((s) => !black.includes(s));
              else if (role === 'sheriff' && r.row === 0) target = r.options.find((s) => black.includes(s)) ?? r.options[0];
              else if (r.row === 0) target = r.options[0];
              if (target === undefined || !r.options.includes(target)) continue;
              const row = p.locator(`.night-row[data-row="${r.row}"]`);
              await row.locator('select').selectOption(String(target));
              await row.locator('button').click();
            }
            continue;
          }
        } catch (e) {
          if (!(e instanceof Error) || e.name !== 'TimeoutError') throw e;
        }
      }
      // A reconnect mid-game: seat 7 loses the network on day 2 and comes back.
      if (!reconnected && /^День 2/.test(specState.banner)) {
        reconnected = true;
        const p = page(7);
        await p.context().setOffline(true);
        await p.evaluate(() => (window as unknown as { __gorod?: { dropConnection(): void } }).__gorod?.dropConnection());
        await p.getByTestId('conn').filter({ hasText: 'Переподключаемся' }).waitFor({ timeout: 10_000 });
        await shot(p, '16-reconnecting');
        await p.context().setOffline(false);
        await p.getByTestId('conn').filter({ hasText: 'Связь восстановлена' }).waitFor({ timeout: 15_000 });
        await shot(p, '17-reconnected');
      }
      if (/^День 1/.test(specState.banner)) await once(spec, '18-spectator-day');
      if (/^Ночь 2/.test(specState.banner)) await once(spec, '19-spectator-night');
      if (/^День 1/.test(specState.banner)) {
        await once(page(PHONE), '20-phone-day');
        await once(page(ENGLISH), '21-english-day');
        await once(page(1), '22-desktop-day');
      }
      await spec.waitForTimeout(60);
      specState = await readState(spec);
    }
    // The test votes out the black players (the timers are long, so the clock never cuts in).
    expect(specState.winner).toBe('Победа мирного города');
    const winner = specState.winner!;
    expect(reconnected).toBe(true);

    // ---- game over everywhere: winner, roles, the deal verified in the browser
    await spec.getByTestId('commitment').filter({ hasText: 'Раздача честная' }).waitFor({ timeout: 15_000 });
    await shot(spec, '23-game-over-spectator');
    expect(await spec.locator('.roles-table tbody tr').count()).toBe(10);
    for (let seat = 1; seat <= 10; seat++) await page(seat).getByTestId('winner').waitFor({ timeout: 15_000 });
    await page(ENGLISH).getByTestId('commitment').filter({ hasText: 'The deal was fair' }).waitFor({ timeout: 15_000 });
    await shot(page(ENGLISH), '24-game-over-english');
    await page(PHONE).getByTestId('commitment').filter({ hasText: 'Раздача честная' }).waitFor({ timeout: 15_000 });
    await shot(page(PHONE), '25-game-over-phone');
    const overflow = await page(PHONE).evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    // The reconnected player's log has no gap: it saw the game end like everyone else.
    expect(await page(7).getByTestId('winner').textContent()).toBe(winner);

    // ---- the replay viewer: step, scrub, switch the point of view
    await spec.goto(`${base}/replay/${encodeURIComponent(tableId)}`);
    await spec.locator('.replay-controls').waitFor();
    expect(await spec.locator('.ring [data-seat] .badge-role').count()).toBe(10);
    await spec.keyboard.press('Home');
    await spec.getByText(/Шаг 0 из/).waitFor();
    expect(await spec.locator('.badge-role').count()).toBe(0);
    await spec.getByRole('button', { name: 'Шаг вперёд' }).click();
    await spec.getByText(/Шаг 1 из/).waitFor();
    await spec.getByLabel('Глазами:').selectOption('judge');
    expect(await spec.locator('.badge-role').count()).toBe(10);
    await spec.getByLabel('Глазами:').selectOption(`seat:${don}`);
    expect(await spec.locator('.badge-role').count()).toBe(3);
    const range = spec.getByLabel('Перемотка');
    const max = Number(await range.getAttribute('max'));
    await range.fill(String(Math.floor(max / 2)));
    await shot(spec, '26-replay');

    // ---- rules page
    await spec.goto(`${base}/rules/classic`);
    await spec.locator('.rules-nav').waitFor();
    await spec.locator('.markdown h2').first().waitFor();
    await shot(spec, '27-rules', false);
  });

  it('the speech timer warns in its last ten seconds (one player and nine bots)', async () => {
    const res = await fetch(server.url + '/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        preset: 'classic',
        options: { speechSeconds: 12 },
        bots: [2, 3, 4, 5, 6, 7, 8, 9, 10],
        botDelayMs: 0,
        clock: { introNightSeconds: 1 },
      }),
    });
    const t = (await res.json()) as { id: string; seats: { seat: number; token: string | null }[] };
    const p = await (await context({ width: 390, height: 844, mobile: true })).newPage();
    await p.goto(`${server.url}/play/${t.id}?token=${t.seats[0]!.token}`);
    await p.locator('.btn-thanks').waitFor();
    await p.locator('.timer-warn').waitFor({ timeout: 30_000 });
    expect(await p.locator('.timer-warning').textContent()).toBe('10 секунд!');
    await shot(p, '11-timer-warning-phone');
    await p.locator('.btn-thanks').click();
  });

  it('switches the language on the home page and keeps it', async () => {
    const p = await (await context()).newPage();
    await p.goto(server.url + '/');
    await p.getByRole('heading', { name: 'Новый стол' }).waitFor();
    await p.getByTestId('lang-switch').click();
    await p.getByRole('heading', { name: 'New table' }).waitFor();
    expect(await p.locator('html').getAttribute('lang')).toBe('en');
    await p.reload();
    await p.getByRole('heading', { name: 'New table' }).waitFor();
    await shot(p, '28-home-english');
    // Keyboard: Tab reaches the language switch and Enter flips it back.
    await p.getByTestId('lang-switch').focus();
    await p.keyboard.press('Enter');
    await p.getByRole('heading', { name: 'Новый стол' }).waitFor();
  });

  it('the home page fits a 390-px phone', async () => {
    const p = await (await context({ width: 390, height: 844, mobile: true })).newPage();
    await p.goto(server.url + '/');
    await p.getByRole('heading', { name: 'Новый стол' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every menu item whole on screen: no word cut off behind a sideways scroll or a fade.
    const cut = await p.evaluate(() =>
      [...document.querySelectorAll('.app-header a, .app-header button')]
        .map((el) => ({ text: el.textContent ?? '', r: el.getBoundingClientRect(), nav: el.closest('.app-nav') }))
        .filter(({ r, nav }) => r.left < 0 || r.right > 390 || (nav !== null && r.right > nav.getBoundingClientRect().right + 0.5))
        .map(({ text }) => text),
    );
    expect(cut).toEqual([]);
    await shot(p, '29-phone-home');
  });
});
