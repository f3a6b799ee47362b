// Passkeys (WebAuthn, @simplewebauthn/server): sign up with a new passkey (or add one to the
// signed-in account) and sign in with a discoverable one (no nickname typed). The challenge of
// each ceremony is kept in the accounts database for five minutes under a random flow id the
// browser sends back (any process on the database can finish it; it is taken once);
// the relying party is RP_ID / PUBLIC_ORIGIN, or the request's own host when they are unset.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { AccountNickname, handle, parse, perAddress, type AccountsContext } from './context.js';
import { AccountError } from './errors.js';
import { randomToken } from './secrets.js';
import type { PasskeyFlow } from './store.js';

const FLOW_MS = 5 * 60_000;
// Loaded on the first passkey request: the library (with its ASN.1 and X.509 parts) is heavy, and a
// restart should not wait for it.
const webauthn = () => import('@simplewebauthn/server');

const RegisterOptions = z.strictObject({ nickname: z.string().optional() });
const Verify = z.strictObject({ flow: z.string().min(10).max(64), response: z.record(z.string(), z.unknown()) });

export function registerPasskeysHttp(app: FastifyInstance, ctx: AccountsContext): void {
  const { store, sessions } = ctx;
  const limit = perAddress(ctx.limits.accounts.signInPerAddress);

  const rp = (req: FastifyRequest): { rpID: string; origin: string } => {
    const host = req.headers.host ?? 'localhost';
    const origin = ctx.publicOrigin ?? `${req.protocol}://${host}`;
    return { rpID: ctx.rpId ?? new URL(origin).hostname, origin };
  };
  const open = async (f: Omit<PasskeyFlow, 'expiresAt'>): Promise<string> => {
    const id = randomToken(18);
    const now = Date.now();
    await store.openPasskeyFlow(id, { ...f, expiresAt: now + FLOW_MS }, now);
    return id;
  };
  /** A flow is used once: taken out whether it verifies or not. */
  const take = async (id: string): Promise<PasskeyFlow> => {
    const f = await store.takePasskeyFlow(id, Date.now());
    if (!f) throw new AccountError(400, 'passkeyExpired');
    return f;
  };

  app.post(
    '/api/auth/passkey/register/options',
    limit,
    handle(async (req) => {
      const body = parse(RegisterOptions, req.body ?? {});
      const me = req.signedIn;
      let nickname: string;
      if (me) nickname = me.account.nickname;
      else {
        nickname = parse(AccountNickname, body.nickname, 'badNickname');
        if (await store.byNickname(nickname)) throw new AccountError(409, 'nicknameTaken');
      }
      const { rpID } = rp(req);
      const userId = me?.account.id ?? randomUUID();
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: 'Gorod',
        rpID,
        userName: nickname,
        userDisplayName: nickname,
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        excludeCredentials: me ? (await store.passkeysOf(me.account.id)).map((p) => ({ id: p.id })) : [],
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const flow = await open({ challenge: options.challenge, userId, ...(me ? { accountId: me.account.id } : { nickname }) });
      return { flow, options };
    }),
  );

  app.post(
    '/api/auth/passkey/register/verify',
    limit,
    handle(async (req, reply) => {
      const body = parse(Verify, req.body);
      const f = await take(body.flow);
      const { rpID, origin } = rp(req);
      const r = await (await webauthn()).verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: f.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => null);
      if (!r?.verified) throw new AccountError(400, 'passkeyFailed');
      const now = Date.now();
      let accountId = f.accountId;
      if (!accountId) {
        const a = await store.createAccount(f.userId!, f.nickname!, null, now);
        if (!a) throw new AccountError(409, 'nicknameTaken');
        accountId = a.id;
      } else if (req.signedIn?.account.id !== accountId) throw new AccountError(401, 'signInRequired');
      const c = r.registrationInfo.credential;
      await store.addPasskey({ id: c.id, accountId, publicKey: Buffer.from(c.publicKey).toString('base64url'), counter: c.counter, transports: c.transports ?? [], createdAt: now, usedAt: null });
      if (!f.accountId) await sessions.start(req, reply, accountId);
      return reply.code(f.accountId ? 200 : 201).send({ nickname: (await store.account(accountId))!.nickname });
    }),
  );

  app.post(
    '/api/auth/passkey/signin/options',
    limit,
    handle(async (req) => {
      const { rpID } = rp(req);
      const options = await (await webauthn()).generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
      return { flow: await open({ challenge: options.challenge }), options };
    }),
  );

  app.post(
    '/api/auth/passkey/signin/verify',
    limit,
    handle(async (req, reply) => {
      const body = parse(Verify, req.body);
      const f = await take(body.flow);
      const response = body.response as unknown as AuthenticationResponseJSON;
      const key = typeof response.id === 'string' ? await store.passkey(response.id) : null;
      const account = key ? await store.account(key.accountId) : null;
      if (!key || !account || account.deletedAt !== null) throw new AccountError(401, 'passkeyFailed');
      const { rpID, origin } = rp(req);
      const r = await (await webauthn()).verifyAuthenticationResponse({
        response,
        expectedChallenge: f.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: key.id, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: key.transports as never },
        requireUserVerification: false,
      }).catch(() => null);
      if (!r?.verified) throw new AccountError(401, 'passkeyFailed');
      await store.usePasskey(key.id, r.authenticationInfo.newCounter, Date.now());
      await sessions.start(req, reply, account.id);
      return { nickname: account.nickname };
    }),
  );
}
