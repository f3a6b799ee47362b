// The WebSocket limits (limits.ts has the numbers): messages per socket, per credential and per
// address; open sockets per credential and per address; a speech's words (`say`) per credential;
// and the unsent bytes a socket may hold before it is dropped. One guard per server.
import { TokenBucket, type Limits } from './limits.js';

export const CLOSE_RATE = 1008;
/** A credential opened more sockets than allowed: its oldest socket is closed with this code. */
export const CLOSE_REPLACED = 4409;

export interface Guarded {
  close(code: number, reason: string): void;
}

/** Buckets by key, forgotten once full again (so a guard's memory follows its active keys). */
class Buckets {
  private map = new Map<string, TokenBucket>();
  constructor(private spec: Limits['ws']['socket']) {}
  take(key: string, n = 1): boolean {
    let b = this.map.get(key);
    if (!b) this.map.set(key, (b = new TokenBucket(this.spec)));
    return b.take(n);
  }
  sweep(): void {
    for (const [k, b] of this.map) if (b.idle) this.map.delete(k);
  }
}

export class WsGuard {
  private perCredential: Buckets;
  private perAddress: Buckets;
  private sayMessages: Buckets;
  private sayChars: Buckets;
  private sockets = new Map<string, number>();
  private byCredential = new Map<string, Guarded[]>();
  private sweeper: NodeJS.Timeout;

  constructor(private limits: Pick<Limits, 'ws' | 'say'>) {
    this.perCredential = new Buckets(limits.ws.credential);
    this.perAddress = new Buckets(limits.ws.address);
    this.sayMessages = new Buckets(limits.say.messages);
    this.sayChars = new Buckets(limits.say.chars);
    this.sweeper = setInterval(() => {
      for (const b of [this.perCredential, this.perAddress, this.sayMessages, this.sayChars]) b.sweep();
    }, 60_000);
    this.sweeper.unref();
  }

  /** A socket per connection: its own message bucket. */
  socketBucket(): TokenBucket {
    return new TokenBucket(this.limits.ws.socket);
  }

  /** An upgrade from `address`: false when that address has too many sockets open already. */
  admit(address: string): boolean {
    const n = this.sockets.get(address) ?? 0;
    if (n >= this.limits.ws.connectionsPerAddress) return false;
    this.sockets.set(address, n + 1);
    return true;
  }

  /** A socket of `address` closed. */
  left(address: string): void {
    const n = (this.sockets.get(address) ?? 1) - 1;
    if (n <= 0) this.sockets.delete(address);
    else this.sockets.set(address, n);
  }

  /**
   * A message arrived: it counts against the socket, its address and (once identified, unless
   * the credential is a public one) its credential. False: over a limit, close the socket.
   */
  message(socket: TokenBucket, address: string, credential: string | null): boolean {
    if (!socket.take()) return false;
    if (!this.perAddress.take(address)) return false;
    return credential === null || this.perCredential.take(credential);
  }

  /** A socket identified with `credential`; over the limit its oldest socket is closed. */
  bind(credential: string, socket: Guarded): void {
    const list = this.byCredential.get(credential) ?? [];
    list.push(socket);
    this.byCredential.set(credential, list);
    while (list.length > this.limits.ws.connectionsPerCredential) list.shift()!.close(CLOSE_REPLACED, 'too many connections for this link');
  }

  unbind(credential: string, socket: Guarded): void {
    const list = this.byCredential.get(credential);
    if (!list) return;
    const i = list.indexOf(socket);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.byCredential.delete(credential);
  }

  /** A `say` of `chars` characters from `credential`: false when over its messages or characters. */
  say(credential: string, chars: number): boolean {
    return this.sayMessages.take(credential) && this.sayChars.take(credential, chars);
  }

  /** Whether a socket holds more unsent bytes than allowed (it does not read: drop it). */
  overBuffered(bufferedAmount: number): boolean {
    return bufferedAmount > this.limits.ws.maxBufferedBytes;
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
