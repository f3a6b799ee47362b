// Player accounts in Debian's chromium (issue 20) with a virtual authenticator (the DevTools
// protocol's WebAuthn domain): sign up with a passkey on a desktop, sign in with the same passkey
// on a phone (a second browser context: the passkey "synced" by copying the credential), open a
// seat link while signed in (the seat is bound and the token leaves the address bar), open the
// seat from the account on the phone, play the game out, see it on the account page; the password
// fallback; a forged CSRF request and a session cookie replayed after sign-out refused; a club's
// forum season made on the club page.
// Screenshots: test-results/accounts/*.png at 390×844 and desktop width.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

const OUT = 'test-results/accounts';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

let browser: Browser;
let webDir: string;
let server: RunningServer;
/** WebAuthn needs a domain (never an IP address) in a secure context: localhost is both. */
let base: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  webDir = mkdtempSync(join(tmpdir(), 'gorod-web-'));
  cpSync('web/dist', webDir, { recursive: true });
  // Timers and bots twenty times faster: the game at the player's seat plays out in seconds.
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir, timeScale: 0.05, scrypt: { N: 1024, r: 8, p: 1 } });
  base = `http://localhost:${server.port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function context(size: { width: number; height: number }): Promise<BrowserContext> {
  const phone = size.width < 900;
  const c = await browser.newContext({ viewport: size, ...(phone ? { isMobile: true, hasTouch: true } : {}), locale: 'ru-RU' });
  c.setDefaultTimeout(30_000);
  c.setDefaultNavigationTimeout(60_000);
  contexts.push(c);
  return c;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
}

/** A platform authenticator with user verification that always says yes. */
async function authenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, id: authenticatorId };
}

describe('accounts in the browser', () => {
  let desktop: Page;
  let phone: Page;
  let tableId = '';
  let desktopAuth: { cdp: CDPSession; id: string };

  it('signs up with a passkey on a desktop', async () => {
    desktop = await (await context(DESKTOP)).newPage();
    desktopAuth = await authenticator(desktop);
    await desktop.goto(`${base}/account`);
    await expect.poll(() => desktop.getByTestId('account-badge').textContent()).toBe('Войти');
    await shot(desktop, 'signin-desktop');
    await desktop.getByTestId('tab-signup').click();
    await desktop.getByTestId('passkey-nickname').fill('Шериф Лиса');
    await desktop.getByTestId('passkey-signup').click();
    await expect.poll(() => desktop.getByTestId('account-nickname').textContent()).toBe('Шериф Лиса');
    expect(await desktop.getByTestId('account-badge').textContent()).toBe('Шериф Лиса');
    expect(await desktop.locator('body').textContent()).toContain('1 ключ доступа');
    await shot(desktop, 'account-new-desktop');
  });

  it('signs in with the same passkey on a phone (a second browser context)', async () => {
    phone = await (await context(PHONE)).newPage();
    const to = await authenticator(phone);
    await phone.goto(`${base}/account`);
    await phone.getByTestId('passkey-signin').waitFor();
    await shot(phone, 'signin-phone');
    // The passkey "syncs" to the phone: its credential (with the private key) copied over.
    const { credentials } = await desktopAuth.cdp.send('WebAuthn.getCredentials', { authenticatorId: desktopAuth.id });
    expect(credentials.length).toBe(1);
    await to.cdp.send('WebAuthn.addCredential', { authenticatorId: to.id, credential: credentials[0]! });
    await phone.getByTestId('passkey-signin').click();
    await expect.poll(() => phone.getByTestId('account-nickname').textContent()).toBe('Шериф Лиса');
  });

  it('a seat link opened while signed in is bound and leaves the address bar; the phone opens the seat from the account', async () => {
    const r = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', bots: [2, 3, 4, 5, 6, 7, 8, 9, 10], botDelayMs: 50 }) });
    const created = (await r.json()) as { id: string; seats: { seat: number; token: string }[] };
    tableId = created.id;
    const token = created.seats.find((s) => s.seat === 1)!.token;
    await desktop.goto(`${base}/play/${tableId}?token=${token}&seat=1`);
    await expect.poll(() => desktop.url()).not.toContain('token=');
    expect(desktop.url()).toContain(`/play/${tableId}?seat=1`);
    // The seat took the account's nickname; the form offers it.
    await expect.poll(() => desktop.locator('#nick').inputValue()).toBe('Шериф Лиса');
    await shot(desktop, 'seat-bound-desktop');

    await phone.goto(`${base}/account`);
    await phone.getByTestId('my-seat').first().click();
    await expect.poll(() => phone.url()).toBe(`${base}/play/${tableId}`);
    // The phone joins the table without any link: the game starts (its only human is here).
    await expect.poll(() => server.hub.tables.get(tableId)?.row.status, { timeout: 60_000 }).not.toBe('lobby');
    await expect.poll(() => phone.locator('.page-table').count(), { timeout: 60_000 }).toBe(1);
    await shot(phone, 'playing-phone');
  });

  it('the game plays out and shows on the account page with its replay', async () => {
    await expect.poll(() => server.hub.tables.get(tableId)?.row.status, { timeout: 240_000, interval: 1000 }).toBe('finished');
    await expect.poll(() => phone.getByTestId('winner').count(), { timeout: 30_000 }).toBe(1);
    await shot(phone, 'game-over-phone');
    await phone.goto(`${base}/account`);
    const game = phone.getByTestId('my-game').first();
    await expect.poll(() => game.textContent()).toMatch(/Победа|Ничья/);
    await shot(phone, 'account-phone');
    await desktop.goto(`${base}/account`);
    await expect.poll(() => desktop.getByTestId('my-game').count()).toBe(1);
    await shot(desktop, 'account-desktop');
    await game.click();
    await expect.poll(() => phone.url()).toContain(`/replay/${tableId}`);
  });

  it('creates a club on the account page, names a judge, bans for a season; the club page shows the audit log', async () => {
    await fetch(`${server.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'Судья Ночь', password: 'correct horse battery' }) });
    await desktop.goto(`${base}/account`);
    await desktop.getByText('Создать клуб', { exact: true }).click();
    await desktop.locator('#club-name').fill('Клуб «Полночь»');
    await desktop.locator('#club-id').fill('polnoch');
    await desktop.getByRole('button', { name: 'Создать', exact: true }).click();
    await desktop.getByRole('link', { name: 'Клуб «Полночь»' }).click();
    await expect.poll(() => desktop.url()).toBe(`${base}/account/clubs/polnoch`);
    await desktop.locator('#f-nickname').first().fill('Судья Ночь');
    await desktop.locator('#f-role').selectOption('judge');
    await desktop.getByRole('button', { name: 'Добавить или сменить роль' }).click();
    await expect.poll(() => desktop.getByTestId('club-members').textContent()).toContain('Судья Ночь');
    const ban = desktop.locator('form').nth(1);
    await ban.locator('#f-nickname').fill('Судья Ночь');
    await ban.locator('#f-season').fill('Весна 2027');
    await ban.locator('#f-reason').fill('проверка');
    await ban.getByRole('button', { name: 'Запретить' }).click();
    await expect.poll(() => desktop.getByTestId('club-audit').textContent()).toContain('запретил(а) играть в сезоне «Весна 2027»: Судья Ночь');
    // The club's forum season, made on the club page: its bans are the club's «Весна 2027».
    await desktop.locator('#season-name').fill('Форумная весна');
    await desktop.locator('#season-club-name').fill('Весна 2027');
    await desktop.getByRole('button', { name: 'Создать сезон' }).click();
    await expect.poll(() => desktop.getByTestId('season-made').textContent()).toContain('Ключ администратора сезона');
    await expect.poll(() => desktop.getByTestId('club-seasons').textContent()).toContain('Форумная весна');
    await desktop.reload();
    await expect.poll(() => desktop.getByTestId('club-audit').textContent()).toContain('связал(а) с клубом форумный сезон Форумная весна');
    await shot(desktop, 'club-desktop');
    await phone.goto(`${base}/account/clubs/polnoch`);
    await expect.poll(() => phone.getByTestId('club-audit').locator('li').count()).toBe(4);
    await shot(phone, 'club-phone');
  });

  it('password fallback: sign up, sign out, sign in; a forged CSRF request and a replayed cookie are refused', async () => {
    const c = await context(PHONE);
    const page = await c.newPage();
    await page.goto(`${base}/account`);
    await page.getByTestId('tab-signup').click();
    await page.getByTestId('password-toggle').click();
    await page.getByTestId('password-nickname').fill('Дон Корлеоне');
    await page.getByTestId('password').fill('ночь город засыпает');
    await shot(page, 'signup-password-phone');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.getByTestId('account-nickname').textContent()).toBe('Дон Корлеоне');

    // Same origin, with the cookie but without the CSRF header (what a forged form would send).
    const forged = await page.evaluate(() => fetch('/api/me/nickname', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'Взломщик' }) }).then((r) => r.status));
    expect(forged).toBe(403);

    const before = await c.cookies();
    await page.getByTestId('sign-out').click();
    await expect.poll(() => page.getByTestId('account-badge').textContent()).toBe('Войти');
    const replay = await context(DESKTOP);
    await replay.addCookies(before);
    const rp = await replay.newPage();
    await rp.goto(`${base}/account`);
    await expect.poll(() => rp.getByTestId('tab-signin').count()).toBe(1);
    expect(await rp.evaluate(() => fetch('/api/me').then((r) => r.status))).toBe(401);

    await page.getByTestId('password-toggle').click();
    await page.getByTestId('password-nickname').fill('дон корлеоне');
    await page.getByTestId('password').fill('неверный пароль!');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.getByTestId('account-error').textContent()).toBe('Неверный ник или пароль');
    await shot(page, 'signin-error-phone');
    await page.getByTestId('password').fill('ночь город засыпает');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.getByTestId('account-nickname').textContent()).toBe('Дон Корлеоне');
  });
});
