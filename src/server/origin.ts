// Who may talk to the server. Browsers send Origin: a page from another site may not drive a
// table (clients without an Origin — bots, CLI, tests — are not browsers and pass). The Host
// header must name this server (an allow-list), so that a site whose name an attacker points at
// 127.0.0.1 (DNS rebinding) is refused although its pages are "same-origin" with it. The client's
// address (for per-address limits) is the socket's, or — behind TRUST_PROXY reverse proxies —
// the one the nearest untrusted hop gave.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';

export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The name in a Host header, without port or IPv6 brackets, lower case. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon >= 0 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

/**
 * Whether a Host header names this server: an IP address (no DNS involved), `localhost`, this
 * machine's name (and `NAME.local`), or an entry of `allowed` (ALLOWED_HOSTS: exact names,
 * `*.example.org` for subdomains, `*` for any). A request without Host (HTTP/1.0) passes.
 */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined || allowed.includes('*')) return true;
  const name = hostName(host);
  if (isIP(name) !== 0 || name === 'localhost') return true;
  const me = hostname().toLowerCase();
  if (name === me || name === `${me}.local`) return true;
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule.startsWith('*.') ? name.endsWith(rule.slice(1)) : name === rule;
  });
}

/** The client's address: the socket's, or with `trustedHops` proxies in front, from X-Forwarded-For. */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const remote = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return remote;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  const chain = [...forwarded, remote];
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}
