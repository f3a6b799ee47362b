// The server's logger (pino, JSON lines). No credential ever reaches a log: tokens are cut out of
// logged URLs (`?token=…`, a forum `?key=…`, the web app's links) and out of any logged object.
import pino, { type Logger } from 'pino';

const TOKEN_IN_URL = /([?&](?:token|hostToken|spectatorToken|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_URL, '$1[redacted]');
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'token', '*.token', '*.hostToken', '*.spectatorToken', '*.seats[*].token', 'body.token'];

export function makeLogger(level: string | false): Logger {
  if (level === false) return pino({ enabled: false });
  return pino({
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (r: { method?: string; url?: string; ip?: string; hostname?: string; id?: string }) => ({ method: r.method, url: redactUrl(r.url ?? ''), hostname: r.hostname, remoteAddress: r.ip }),
      res: (r: { statusCode?: number }) => ({ statusCode: r.statusCode }),
      err: pino.stdSerializers.err,
    },
  });
}
