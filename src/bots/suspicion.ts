// How a player reads the table (guide-classic, "Первый день красного игрока": 95 % analysis of
// who nominated whom and who voted against whom, 5 % intuition). Scores are log-odds-like:
// above 0 leans black, below leans red. Each contribution keeps its reason, so a decision can say why.
import { checksTeam } from '../engine/index.js';
import type { Notes, Claim } from './notes.js';
import type { Reason } from './reasons.js';

export interface Belief {
  score: Map<number, number>;
  reasons: Map<number, { w: number; r: Reason }[]>;
  red: Set<number>;
  black: Set<number>;
  /** Claimants the reader takes for the real sheriff / for liars. */
  sheriff: number | null;
  liars: Set<number>;
}

export interface AssessOptions {
  /** Read as the table would (public facts only), not with this seat's own knowledge. */
  asTable?: boolean;
  noise?: () => number;
}

export function assess(n: Notes, o: AssessOptions = {}): Belief {
  const b: Belief = { score: new Map(), reasons: new Map(), red: new Set(), black: new Set(), sheriff: null, liars: new Set() };
  const add = (seat: number, w: number, why: Reason): void => {
    if (w === 0) return;
    b.score.set(seat, (b.score.get(seat) ?? 0) + w);
    let r = b.reasons.get(seat);
    if (!r) b.reasons.set(seat, (r = []));
    r.push({ w, r: why });
  };
  const own = !o.asTable;
  for (let s = 1; s <= n.size; s++) b.score.set(s, 0);
  if (own) {
    for (const [seat, k] of n.known) (k.team === 'black' ? b.black : b.red).add(seat);
    // A checker's own results (the sheriff's, the forum commissar's); the don's read sheriff/notSheriff.
    for (const [t, r] of n.checks) if (r === 'red' || r === 'black') (r === 'black' ? b.black : b.red).add(t);
  }
  // Night victims are red: the black team does not shoot its own.
  for (const s of n.killedAtNight) b.red.add(s);

  // Sheriff claims: a claimant killed at night is the real one; one who calls a night victim
  // (or me, a red) black is lying; if I am the sheriff, every other claimant lies.
  const claims = [...n.claims.values()];
  const liar = (c: Claim): Reason | null => {
    if (own && checksTeam(n.role) && c.seat !== n.me) return { k: 'falseSheriffMe' };
    if (own && b.black.has(c.seat) && n.team !== 'black') return { k: 'knownBlackClaims' };
    for (const [t, black] of c.checks) {
      if (black && b.red.has(t)) return { k: 'calledRedBlack', t };
      if (!black && b.black.has(t)) return { k: 'calledBlackRed', t };
    }
    return null;
  };
  const honest: Claim[] = [];
  for (const c of claims) {
    if (own && c.seat === n.me) continue;
    const why = liar(c);
    if (why) {
      b.liars.add(c.seat);
      add(c.seat, 5, why);
    } else honest.push(c);
  }
  const real = honest.find((c) => n.killedAtNight.has(c.seat)) ?? (honest.length === 1 ? honest[0] : undefined);
  if (real && honest.length > 1) {
    for (const c of honest) if (c !== real && n.killedAtNight.has(real.seat)) {
      b.liars.add(c.seat);
      add(c.seat, 5, { k: 'realSheriffKilled', t: real.seat });
    }
  }
  for (const c of honest) {
    if (b.liars.has(c.seat)) continue;
    const sure = c === real && (n.killedAtNight.has(c.seat) || honest.length === 1);
    const w = sure ? (n.killedAtNight.has(c.seat) ? 1 : 0.85) : 1 / honest.length;
    if (c === real) b.sheriff = c.seat;
    add(c.seat, -1.5 * w, { k: 'claimedSheriff' });
    for (const [t, black] of c.checks) {
      if (own && t === n.me) continue;
      add(t, black ? 3 * w : -2 * w, { k: 'sheriffCalled', by: c.seat, t, black });
      if (w >= 0.85) (black ? b.black : b.red).add(t);
    }
  }

  // The guide's bookkeeping: nominations and votes against players later shown red or black.
  // Weights are rough log likelihood ratios: black never nominates or votes a teammate unless he
  // must, a red hits a red about two times in three.
  for (const x of n.nominations) {
    if (b.red.has(x.target)) add(x.by, 0.45, { k: 'nominatedRed', t: x.target, day: x.day });
    else if (b.black.has(x.target)) add(x.by, -1.5, { k: 'nominatedBlack', t: x.target, day: x.day });
  }
  for (const v of n.votes) {
    const w = v.defaulted ? 0.3 : 1;
    if (b.red.has(v.target)) add(v.seat, 0.4 * w, { k: 'votedRed', t: v.target, day: v.day });
    else if (b.black.has(v.target)) add(v.seat, -1.2 * w, { k: 'votedBlack', t: v.target, day: v.day });
    if (b.sheriff !== null && v.target === b.sheriff) add(v.seat, 0.8 * w, { k: 'votedSheriff', t: v.target });
  }
  for (const y of n.allLeaveYes) if (y.ballot.some((t) => b.red.has(t))) add(y.seat, 0.4, { k: 'allLeave', ballot: y.ballot });
  for (const sp of n.speeches) {
    for (const t of sp.sp.suspects ?? []) {
      if (b.red.has(t) && sp.seat !== t) add(sp.seat, 0.4, { k: 'accusedRed', t });
      if (b.black.has(t)) add(sp.seat, -0.3, { k: 'accusedBlack', t });
      if (n.killedAtNight.has(sp.seat) && sp.seat !== t) add(t, 0.3, { k: 'suspectedByVictim', by: sp.seat });
    }
    for (const t of sp.sp.trusts ?? []) if (b.black.has(t)) add(sp.seat, 0.5, { k: 'vouchedBlack', t });
  }
  if (o.noise) for (let s = 1; s <= n.size; s++) add(s, 0.1 * o.noise(), INTUITION);
  for (const s of b.black) if (!b.liars.has(s)) add(s, 4, n.checks.get(s) === 'black' ? MY_BLACK : KNOWN_BLACK);
  for (const s of b.red) add(s, -4, n.checks.get(s) === 'red' ? MY_RED : KNOWN_RED);
  return b;
}

const INTUITION: Reason = { k: 'intuition' };
const KNOWN_BLACK: Reason = { k: 'knownBlack' };
const KNOWN_RED: Reason = { k: 'knownRed' };
const MY_BLACK: Reason = { k: 'myCheck', black: true };
const MY_RED: Reason = { k: 'myCheck', black: false };
const NONE: Reason = { k: 'none' };

/** Conclusions rather than evidence: named only when nothing else explains a score. */
const FALLBACK = new Set<Reason>([INTUITION, KNOWN_BLACK, KNOWN_RED]);

/**
 * The strongest piece of evidence behind a seat's score, pointing the way the score does (what
 * makes a suspect suspicious, not what speaks for him), for speeches and `why`.
 */
export function topReason(b: Belief, seat: number, direction?: 1 | -1): Reason {
  const r = b.reasons.get(seat);
  if (!r || r.length === 0) return NONE;
  const sign = direction ?? (scoreOf(b, seat) >= 0 ? 1 : -1);
  let best: { w: number; r: Reason } | undefined;
  for (const x of r) if (!FALLBACK.has(x.r) && x.w * sign > 0 && (!best || Math.abs(x.w) > Math.abs(best.w))) best = x;
  if (best) return best.r;
  for (const x of r) if (x.r !== INTUITION && x.w * sign > 0) return x.r;
  return NONE;
}

export function scoreOf(b: Belief, seat: number): number {
  return b.score.get(seat) ?? 0;
}
