// Passwords (scrypt from Node's crypto: memory-hard, no native package) and the random secrets
// of sessions, CSRF tokens and claim codes (stored only as SHA-256).
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N=2^17, r=8, p=1: OWASP's scrypt floor (128 MiB, a few hundred ms on a small machine). */
export const SCRYPT_DEFAULT = { N: 2 ** 17, r: 8, p: 1 };

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 256 * o.N * o.r + 1024 * 1024 };
  return new Promise((ok, fail) => scrypt(password.normalize('NFC'), salt, 32, opts, (e, key) => (e ? fail(e) : ok(key))));
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash, so they can grow. */
export async function hashPassword(password: string, o = SCRYPT_DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, o);
  return ['scrypt', o.N, o.r, o.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const want = Buffer.from(hash, 'base64url');
  const got = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return got.length === want.length && timingSafeEqual(got, want);
}

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A claim code a person can read aloud or type: 12 characters of an alphabet without look-alikes. */
export function claimCode(): string {
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const b = randomBytes(12);
  let s = '';
  for (let i = 0; i < 12; i++) s += abc[b[i]! % abc.length];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

export const normalizeCode = (c: string): string => c.toUpperCase().replace(/[^A-Z0-9]/g, '');
