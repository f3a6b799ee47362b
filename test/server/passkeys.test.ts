// Passkeys over HTTP with a software authenticator (P-256, "none" attestation): sign up, sign in,
// a ceremony's challenge used once, an assertion for another challenge refused, a signature
// counter that goes back (a cloned authenticator) refused; a ceremony opened on one server process
// and finished on another on the same database (SQLite file, PostgreSQL), once.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, PostgresAccountStore, SqliteAccountStore, startServer, type AccountStore, type RunningServer } from '../../src/server/index.js';
import { PgScratch, pgUnavailable } from '../support/pg.js';
import { Jar } from './account-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, scrypt: { N: 1024, r: 8, p: 1 } });
});
afterAll(async () => server?.close());

// ---- a minimal CBOR encoder (what an authenticator's attestation object needs) ----------------
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const sha = (b: Buffer | string): Buffer => createHash('sha256').update(b).digest();
const b64 = (b: Buffer): string => b.toString('base64url');

/** One passkey on a software authenticator. */
class SoftKey {
  readonly id = randomBytes(16);
  private key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(
    private rpId: string,
    private origin: string,
  ) {}

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  register(challenge: string): Record<string, unknown> {
    const jwk = this.key.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, 'base64url')], [-3, Buffer.from(jwk.y, 'base64url')]]));
    const idLen = Buffer.from([this.id.length >> 8, this.id.length & 255]);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.id, cose]);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(0x45, attested)]]));
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      response: { clientDataJSON: b64(this.clientData('webauthn.create', challenge)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  assert(challenge: string): Record<string, unknown> {
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const authenticatorData = this.authData(0x05);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha(clientDataJSON)]), this.key.privateKey);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature) },
      clientExtensionResults: {},
    };
  }
}

type Options = { flow: string; options: { challenge: string; rp?: { id: string }; rpId?: string } };

describe('passkeys', () => {
  it('signs up with a passkey, then signs in with it on another client', async () => {
    const key = new SoftKey('127.0.0.1', server.url);
    const a = new Jar(server.url);
    const reg = (await a.call<Options>('POST', '/api/auth/passkey/register/options', { nickname: 'Ключник' })).body;
    expect(reg.options.rp?.id).toBe('127.0.0.1');
    const made = await a.call('POST', '/api/auth/passkey/register/verify', { flow: reg.flow, response: key.register(reg.options.challenge) });
    expect(made.status).toBe(201);
    const me = (await a.call<{ nickname: string; hasPassword: boolean; passkeys: unknown[] }>('GET', '/api/me')).body;
    expect([me.nickname, me.hasPassword, me.passkeys.length]).toEqual(['Ключник', false, 1]);
    // The ceremony's challenge works once.
    expect((await a.call('POST', '/api/auth/passkey/register/verify', { flow: reg.flow, response: key.register(reg.options.challenge) })).body['code']).toBe('passkeyExpired');

    const b = new Jar(server.url);
    const auth = (await b.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
    key.counter = 1;
    const signed = await b.call('POST', '/api/auth/passkey/signin/verify', { flow: auth.flow, response: key.assert(auth.options.challenge) });
    expect(signed.body).toEqual({ nickname: 'Ключник' });
    expect((await b.call('GET', '/api/me')).status).toBe(200);
  });

  it('refuses an assertion made for another challenge, an unknown passkey and a counter that went back', async () => {
    const key = new SoftKey('127.0.0.1', server.url);
    const a = new Jar(server.url);
    const reg = (await a.call<Options>('POST', '/api/auth/passkey/register/options', { nickname: 'Клон' })).body;
    await a.call('POST', '/api/auth/passkey/register/verify', { flow: reg.flow, response: key.register(reg.options.challenge) });

    const c = new Jar(server.url);
    const one = (await c.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
    const two = (await c.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
    key.counter = 5;
    expect((await c.call('POST', '/api/auth/passkey/signin/verify', { flow: two.flow, response: key.assert(one.options.challenge) })).body['code']).toBe('passkeyFailed');
    const stranger = new SoftKey('127.0.0.1', server.url);
    const three = (await c.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
    expect((await c.call('POST', '/api/auth/passkey/signin/verify', { flow: three.flow, response: stranger.assert(three.options.challenge) })).body['code']).toBe('passkeyFailed');

    const four = (await c.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
    expect((await c.call('POST', '/api/auth/passkey/signin/verify', { flow: four.flow, response: key.assert(four.options.challenge) })).status).toBe(200);
    key.counter = 3; // a copy of the authenticator that fell behind
    const d = new Jar(server.url);
    const five = (await d.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
    expect((await d.call('POST', '/api/auth/passkey/signin/verify', { flow: five.flow, response: key.assert(five.options.challenge) })).body['code']).toBe('passkeyFailed');
    expect((await d.call('GET', '/api/me')).status).toBe(401);
  });

  it('a passkey sign-up cannot take a nickname that exists', async () => {
    const j = new Jar(server.url);
    await j.call('POST', '/api/auth/signup', { nickname: 'Занято', password: 'correct horse battery' });
    expect((await new Jar(server.url).call('POST', '/api/auth/passkey/register/options', { nickname: 'занято' })).body['code']).toBe('nicknameTaken');
  });
});

// ---- many processes on one database (issue 19): options on one, verify on another ------------
const dir = mkdtempSync(join(tmpdir(), 'gorod-passkeys-'));
const pg = new PgScratch();
const noPg = await pgUnavailable();
if (noPg) console.warn(`passkeys.test.ts: the postgres processes skipped: ${noPg}`);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg.close();
});

type Stores = () => Promise<[AccountStore, AccountStore]>;
const databases: [string, Stores][] = [
  ['a SQLite file', async () => [new SqliteAccountStore(join(dir, 'a.sqlite')), new SqliteAccountStore(join(dir, 'a.sqlite'))]],
  ...(noPg ? [] : [['PostgreSQL', async () => [new PostgresAccountStore(await pg.pool('shared')), new PostgresAccountStore(await pg.pool('shared'))]] as [string, Stores]]),
];

describe.each(databases)('two server processes on %s', (_name, stores) => {
  it('a passkey sign-up and a sign-in opened on one process finish on the other; a second verify of a flow is refused', async () => {
    const [sa, sb] = await stores();
    // One public origin, as behind a load balancer: the processes' own ports do not matter.
    const origin = 'http://127.0.0.1';
    const opts = { port: 0, logLevel: false as const, webDir: null, scrypt: { N: 1024, r: 8, p: 1 }, publicOrigin: origin };
    const a = await startServer({ ...opts, storage: new MemoryStorage(), accountStore: sa });
    const b = await startServer({ ...opts, storage: new MemoryStorage(), accountStore: sb });
    try {
      const key = new SoftKey('127.0.0.1', origin);
      const onA = new Jar(a.url);
      const onB = new Jar(b.url);
      const reg = (await onA.call<Options>('POST', '/api/auth/passkey/register/options', { nickname: 'Странник' })).body;
      const response = key.register(reg.options.challenge);
      expect((await onB.call('POST', '/api/auth/passkey/register/verify', { flow: reg.flow, response })).status).toBe(201);
      expect((await onB.call<{ nickname: string }>('GET', '/api/me')).body.nickname).toBe('Странник');
      // The same flow again, on either process: taken already.
      expect((await new Jar(a.url).call('POST', '/api/auth/passkey/register/verify', { flow: reg.flow, response })).body['code']).toBe('passkeyExpired');

      const auth = (await onB.call<Options>('POST', '/api/auth/passkey/signin/options', {})).body;
      key.counter = 1;
      const assertion = key.assert(auth.options.challenge);
      const c = new Jar(a.url);
      expect((await c.call('POST', '/api/auth/passkey/signin/verify', { flow: auth.flow, response: assertion })).body).toEqual({ nickname: 'Странник' });
      expect((await new Jar(b.url).call('POST', '/api/auth/passkey/signin/verify', { flow: auth.flow, response: assertion })).body['code']).toBe('passkeyExpired');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
