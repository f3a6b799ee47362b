// What every HTTP response and request goes through before the API (docs/security.md): security
// headers (@fastify/helmet: a strict content security policy, no framing, no sniffing, and
// `Referrer-Policy: no-referrer` because seat tokens travel in links), the Host allow-list
// (DNS rebinding) and rate limits per address (@fastify/rate-limit; routes add their own).
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from './http.js';
import type { Limits } from './limits.js';
import { hostAllowed } from './origin.js';

/** The web app loads only its own scripts, styles and fonts and talks only to this origin. */
const CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

export async function registerGuards(app: FastifyInstance, opts: { limits: Limits; allowedHosts: string[]; trustedHops: number }): Promise<void> {
  let warned = opts.trustedHops > 0;
  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(req.headers.host, opts.allowedHosts)) return fail(reply, 403, 'badHost');
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      // Behind a proxy every client would share the proxy's address, and its limits.
      warned = true;
      app.log.warn('requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client counts as the proxy for the per-address limits');
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // HSTS belongs to the TLS proxy in front (a plain-HTTP club server must stay reachable).
    strictTransportSecurity: false,
  });
  const all = opts.limits.http.perAddress;
  await app.register(rateLimit, {
    global: true,
    max: all.max,
    timeWindow: all.windowMs,
    // Thrown: the API's error handler (http.ts) answers 429 rateLimited.
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'rateLimited', message: `retry in ${ctx.after}` }),
  });
}
