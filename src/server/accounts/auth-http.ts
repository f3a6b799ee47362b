// Password sign-up, sign-in and sign-out, and the account's own settings (nickname, password).
// An unknown nickname costs the same scrypt as a known one: the answer's timing does not tell
// which nicknames have accounts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { FailedAttempts } from './attempts.js';
import { AccountNickname, handle, need, parse, Password, perAddress, type AccountsContext } from './context.js';
import { AccountError } from './errors.js';
import { hashPassword, SCRYPT_DEFAULT, verifyPassword } from './secrets.js';
import { nicknameKey } from './store.js';

const SignUpBody = z.strictObject({ nickname: z.string(), password: z.string() });
const SignInBody = z.strictObject({ nickname: z.string().max(64), password: z.string().max(256) });

export function registerAuthHttp(app: FastifyInstance, ctx: AccountsContext): void {
  const { store, sessions } = ctx;
  const cost = ctx.scrypt ?? SCRYPT_DEFAULT;
  const failures = new FailedAttempts(store, ctx.limits.accounts.failuresPerAccount);
  const signInLimit = perAddress(ctx.limits.accounts.signInPerAddress);
  // A hash of nothing, to spend the same time on a nickname nobody has.
  const decoy = hashPassword(randomUUID(), cost);

  app.post(
    '/api/auth/signup',
    signInLimit,
    handle(async (req, reply) => {
      const body = parse(SignUpBody, req.body);
      const nickname = parse(AccountNickname, body.nickname, 'badNickname');
      const password = parse(Password, body.password, 'badPassword');
      const a = await store.createAccount(randomUUID(), nickname, await hashPassword(password, cost), Date.now());
      if (!a) throw new AccountError(409, 'nicknameTaken');
      await sessions.start(req, reply, a.id);
      return reply.code(201).send({ nickname: a.nickname });
    }),
  );

  app.post(
    '/api/auth/signin',
    signInLimit,
    handle(async (req, reply) => {
      const body = parse(SignInBody, req.body);
      const key = nicknameKey(body.nickname);
      if (await failures.blocked(key)) throw new AccountError(429, 'tooManyAttempts');
      const a = await store.byNickname(body.nickname);
      const ok = a?.passwordHash ? await verifyPassword(body.password, a.passwordHash) : (await verifyPassword(body.password, await decoy), false);
      if (!a || !ok) {
        await failures.fail(key);
        throw new AccountError(401, 'badCredentials');
      }
      await failures.succeed(key);
      await sessions.start(req, reply, a.id);
      return { nickname: a.nickname };
    }),
  );

  app.post(
    '/api/auth/signout',
    handle(async (req, reply) => {
      await sessions.end(req, reply, req.signedIn);
      return { ok: true };
    }),
  );

  /**
   * Set or change the password (a passkey account's fallback); other sessions end. Changing one
   * needs the current password: a session left open on a shared computer must not be enough to
   * lock its owner out. Wrong guesses count like failed sign-ins.
   */
  app.post(
    '/api/me/password',
    handle(async (req, reply) => {
      const me = need(req);
      const body = (req.body ?? {}) as { password?: unknown; current?: unknown };
      const password = parse(Password, body.password, 'badPassword');
      if (me.account.passwordHash) {
        const key = nicknameKey(me.account.nickname);
        if (await failures.blocked(key)) throw new AccountError(429, 'tooManyAttempts');
        if (typeof body.current !== 'string' || body.current.length > 256 || !(await verifyPassword(body.current, me.account.passwordHash))) {
          await failures.fail(key);
          throw new AccountError(403, 'wrongPassword');
        }
      }
      await store.setPassword(me.account.id, await hashPassword(password, cost));
      await store.deleteSessionsOf(me.account.id);
      await sessions.start(req, reply, me.account.id);
      return { ok: true };
    }),
  );

  /** A new nickname: the old ones stay in the history. */
  app.post(
    '/api/me/nickname',
    handle(async (req) => {
      const me = need(req);
      const nickname = parse(AccountNickname, (req.body as { nickname?: unknown } | null)?.nickname, 'badNickname');
      if (!(await store.rename(me.account.id, nickname, Date.now()))) throw new AccountError(409, 'nicknameTaken');
      return { nickname };
    }),
  );
}
