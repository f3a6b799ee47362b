// A test client with a cookie jar: it keeps the session and CSRF cookies the server sets and,
// like the web app, copies the CSRF cookie into the X-CSRF-Token header of state-changing requests.
export class Jar {
  cookies = new Map<string, string>();
  /** Send the CSRF header (the web app always does; a forged request from another site cannot). */
  csrf = true;

  constructor(readonly base: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    if (this.cookies.size) h['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('gorod_csrf');
    if (this.csrf && csrf && method !== 'GET') h['x-csrf-token'] = csrf;
    const r = await fetch(this.base + path, { method, headers: h, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=') as [string, string];
      if (v === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
  }
}
