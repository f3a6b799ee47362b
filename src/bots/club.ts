// The `club` policy: plays the way guide-classic.ru.txt and classic-sports-10.ru.txt teach.
// Red reads the table from nominations and votes (suspicion.ts); the sheriff checks the most
// suspicious seat and opens up in the last word, at seven players with no black out, or against
// a false sheriff; black shoots the public sheriff, then the don's signal, then the don's plan,
// pushes the reds the table already doubts, splits the table on day 1, and may claim sheriff.
// A pure function of the view, the legal commands and the seat's random stream.
import { checksRole, checksTeam, ROLE_DEFS, SPEECHES, type Command, type SpeechKind } from '../engine/index.js';
import { NotesCache, type Notes } from './notes.js';
import type { BotDecision, BotInput, Lang, Policy, PolicyDef } from './policy.js';
import { renderSpeech, type Speech } from './speech.js';
import { assess, scoreOf, topReason, type Belief } from './suspicion.js';
import { reasonText } from './reasons.js';
import { blackTarget, blackHeat, danger, fakeClaimer, teamOf as knownTeam } from './black.js';
import { genericChoice } from './fallback.js';

interface Ctx {
  input: BotInput;
  n: Notes;
  lang: Lang;
}

const pick = <T>(xs: T[], rand: () => number): T | undefined => xs[Math.floor(rand() * xs.length)];

function find(legal: Command[], verb: Command['do'], target?: number | null): Command | undefined {
  return legal.find((c) => c.do === verb && (target === undefined || c.target === target));
}

/** Seats 1..size/2 sit on one side of the table, the rest on the other (guide: "делить стол"). */
const side = (seat: number, size: number): number => (seat <= Math.ceil(size / 2) ? 0 : 1);

function maxBy(xs: number[], f: (x: number) => number): number | undefined {
  let best: number | undefined;
  let bv = -Infinity;
  for (const x of xs) {
    const v = f(x);
    if (v > bv) {
      bv = v;
      best = x;
    }
  }
  return best;
}

// ---- speeches ---------------------------------------------------------------------------------

/** Why a seat reads as it does: in the speech's language (`me` speaking), and in English for `why`. */
const because = (b: Belief, seat: number, lang: Lang, me?: number): string => reasonText(topReason(b, seat), lang, me);
/** What makes a seat suspicious (evidence against it only); undefined when nothing does. */
const against = (b: Belief, seat: number, lang: Lang, me: number): string | undefined => {
  const r = topReason(b, seat, 1);
  return r.k === 'none' ? undefined : reasonText(r, lang, me);
};

function redSpeech(c: Ctx, b: Belief, kind: 'day' | 'tie' | 'last'): { sp: Speech; why: string } {
  const { n, input, lang } = c;
  const { rand, view } = input;
  const sp: Speech = { kind, day: n.day };
  const whys: string[] = [];
  const others = n.living.filter((s) => s !== n.me && !b.red.has(s));
  const ranked = others.slice().sort((x, y) => scoreOf(b, y) - scoreOf(b, x));
  // Asked of the role's abilities: the one whose check answers «black?» opens up as the sheriff.
  if (checksTeam(n.role)) {
    const myBlacks = [...n.checks].filter(([, r]) => r === 'black').map(([t]) => t);
    const blackOut = myBlacks.some((t) => !n.alive(t));
    const liarAlive = [...b.liars].some((s) => n.alive(s));
    const blackAlive = myBlacks.some((t) => n.alive(t));
    const reveal = kind === 'last' || (n.living.length <= 7 && !blackOut) || liarAlive || blackAlive;
    if (reveal) {
      sp.claimSheriff = true;
      sp.checks = [...n.checks].map(([target, r]) => ({ target, black: r === 'black' }));
      whys.push(
        kind === 'last'
          ? 'the sheriff opens up in the last word (classic-sports-10, "Задачи Шерифа")'
          : liarAlive
            ? 'a false sheriff is at the table: I open up'
            : blackAlive
              ? 'I found a black: tell the city and put him up (classic-sports-10, "Задачи Шерифа")'
              : 'seven at the table and no black out: I open up to avoid 3 on 3 (classic-sports-10)',
      );
    }
    const target = myBlacks.find((t) => n.alive(t)) ?? [...b.liars].find((t) => n.alive(t));
    if (target !== undefined) {
      sp.suspects = [target];
      sp.because = because(b, target, lang, n.me);
      if (kind === 'day') sp.nominate = target;
      whys.push(`${target} is black by my check`);
    }
  }
  if (!sp.suspects) {
    const sus = ranked.filter((s) => scoreOf(b, s) > 0.25).slice(0, 2);
    if (sus.length > 0) {
      sp.suspects = sus;
      const why = against(b, sus[0]!, lang, n.me);
      if (why) sp.because = why;
      whys.push(`suspect ${sus.join(', ')}: ${because(b, sus[0]!, 'en')}`);
    }
  }
  if (b.sheriff !== null && b.sheriff !== n.me && n.alive(b.sheriff)) sp.trusts = [b.sheriff];
  if (kind === 'day' && sp.nominate === undefined) {
    const open = ranked.filter((s) => !view.nominations.some((x) => x.target === s));
    const top = open[0];
    if (top !== undefined && (scoreOf(b, top) >= 0.6 || b.black.has(top))) {
      sp.nominate = top;
      whys.push(`nominate ${top} (${because(b, top, 'en')})`);
    } else if (n.day <= 1 && view.nominations.length < 2 && rand() < 0.35) {
      // Guide: on day 1 two candidates, one from each side of the table, and the table splits.
      const first = view.nominations[0];
      const want = first ? 1 - side(first.target, n.size) : 1 - side(n.me, n.size);
      const t = pick(open.filter((s) => side(s, n.size) === want), rand);
      if (t !== undefined) {
        sp.nominate = t;
        whys.push(`day 1: put ${t} up from the other side of the table (guide: the first round is information)`);
      }
    } else if (n.day > 1 && top !== undefined && view.nominations.length === 0 && rand() < 0.5) {
      sp.nominate = top;
      whys.push(`nobody is up yet: put up ${top}, the most suspicious (${because(b, top, 'en')})`);
    }
  }
  return { sp, why: whys.join('; ') || 'nothing solid yet: listening' };
}

function blackSpeech(c: Ctx, kind: 'day' | 'tie' | 'last'): { sp: Speech; why: string } {
  const { n, input, lang } = c;
  const { rand, view } = input;
  const heat = blackHeat(n);
  const team = knownTeam(n);
  const reds = n.living.filter((s) => !team.has(s));
  const sp: Speech = { kind, day: n.day };
  const whys: string[] = [];
  const realSheriff = [...n.claims.values()].map((x) => x.seat).find((s) => !team.has(s) && n.alive(s));
  const mine = n.claims.get(n.me);
  const blackOut = n.exits.some((x) => team.has(x.seat));
  if (fakeClaimer(n) === n.me && kind !== 'last') {
    let claim = mine !== undefined;
    if (!claim && realSheriff !== undefined && rand() < 0.7) {
      claim = true;
      whys.push(`counter-claim sheriff against ${realSheriff} (classic-sports-10: black may call himself sheriff)`);
    } else if (!claim && n.claims.size === 0 && n.living.length <= 7 && !blackOut && rand() < 0.35) {
      claim = true;
      whys.push('claim sheriff before the real one does');
    } else if (claim) whys.push('keep my sheriff claim');
    if (claim) {
      const checks = new Map<number, boolean>(mine?.checks ?? []);
      if (realSheriff !== undefined) checks.set(realSheriff, true);
      else if (![...checks.values()].some((x) => x)) {
        const t = maxBy(reds.filter((s) => !checks.has(s)), (s) => scoreOf(heat, s));
        if (t !== undefined) checks.set(t, true);
      }
      const mate = [...team].find((s) => s !== n.me && n.alive(s) && !checks.has(s));
      if (mate !== undefined && checks.size < 2) checks.set(mate, false);
      sp.claimSheriff = true;
      sp.checks = [...checks].map(([target, black]) => ({ target, black }));
      const accused = sp.checks.find((x) => x.black && n.alive(x.target));
      if (accused) {
        sp.suspects = [accused.target];
        if (kind === 'day') sp.nominate = accused.target;
      }
    }
  }
  if (checksRole(n.role)) {
    const found = [...n.checks].find(([t, r]) => r === 'sheriff' && n.alive(t));
    if (found && !n.claims.has(found[0])) {
      sp.watching = found[0];
      whys.push(`signal my team: "watching ${found[0]}" means he is the sheriff`);
    }
  }
  if (!sp.suspects) {
    const order = reds.filter((s) => s !== n.me).sort((x, y) => scoreOf(heat, y) - scoreOf(heat, x));
    if (realSheriff !== undefined) order.unshift(realSheriff);
    const sus = [...new Set(order)].slice(0, 2);
    if (sus.length > 0 && (scoreOf(heat, sus[0]!) > 0 || realSheriff !== undefined || rand() < 0.5)) {
      sp.suspects = sus;
      // The table's own public reading of that seat: a reason any red could have given.
      const why = against(heat, sus[0]!, lang, n.me);
      if (why) sp.because = why;
      whys.push(`point the table at reds ${sus.join(', ')}`);
    }
  }
  // Defend a teammate subtly: only a mild word, and only while the table does not press him.
  const pressed = view.nominations.map((x) => x.target).find((t) => team.has(t) && t !== n.me);
  if (pressed !== undefined && scoreOf(heat, pressed) < 1 && rand() < 0.3) {
    sp.trusts = [pressed];
    whys.push(`a mild word for teammate ${pressed}`);
  }
  if (kind === 'day' && sp.nominate === undefined) {
    const open = reds.filter((s) => s !== n.me && !view.nominations.some((x) => x.target === s));
    if (n.day <= 1) {
      // Split the table: a candidate from the other side of the table than the first one.
      const first = view.nominations[0];
      const want = first ? 1 - side(first.target, n.size) : 1 - side(n.me, n.size);
      const t = pick(open.filter((s) => side(s, n.size) === want), rand);
      if (t !== undefined && rand() < 0.6) {
        sp.nominate = t;
        whys.push(`day 1: put up ${t} from the other side to split the table`);
      }
    } else {
      const t = realSheriff !== undefined && open.includes(realSheriff) ? realSheriff : maxBy(open, (s) => scoreOf(heat, s));
      if (t !== undefined && (t === realSheriff || rand() < 0.7)) {
        sp.nominate = t;
        whys.push(`nominate red ${t}`);
      }
    }
  }
  return { sp, why: whys.join('; ') || 'keep a low profile' };
}

/** How a bot speaks in each kind of turn: the day-one winner's extra speech is a defence, like a tie speech. */
const SPOKEN: Record<SpeechKind, 'day' | 'tie' | 'last'> = { day: 'day', tie: 'tie', last: 'last', respeech: 'tie', silent: 'day' };

function speech(c: Ctx): BotDecision | null {
  const { n, input, lang } = c;
  const { view, legal } = input;
  const st = view.stage;
  if (st.kind !== 'speech') return null;
  const end = find(legal, 'endSpeech');
  // The day flow says what this turn allows: a silenced player's turn has no words (fiim 9.5.1).
  const turn = SPEECHES[st.speech];
  if (!n.saidNow && end && turn.talk && view.options.sayMaxLength > 0) {
    const b = assess(n, { noise: input.rand });
    const kind = SPOKEN[st.speech];
    const { sp, why } = n.team === 'black' ? blackSpeech(c, kind) : redSpeech(c, b, kind);
    const text = renderSpeech(sp, lang).slice(0, view.options.sayMaxLength);
    if (text.trim().length > 0) return { command: { by: n.me, do: 'say', text }, why };
  }
  if (turn.nominate && !n.nominatedNow) {
    const mine = [...n.speeches].reverse().find((x) => x.seat === n.me);
    const t = mine?.sp.nominate;
    const cmd = t !== undefined ? find(legal, 'nominate', t) : undefined;
    if (cmd) return { command: cmd, why: `nominate ${t} as I said` };
  }
  return end ? { command: end, why: 'speech over' } : null;
}

// ---- votes ------------------------------------------------------------------------------------

function vote(c: Ctx): BotDecision | null {
  const { n, input } = c;
  const { legal, rand, view } = input;
  const st = view.stage;
  const black = n.team === 'black';
  if (st.kind === 'vote' && st.round === 'allLeave') {
    const ballot = view.ballot;
    let yes: boolean;
    let why: string;
    if (black) {
      const team = knownTeam(n);
      yes = n.day > 1 && !ballot.some((s) => team.has(s));
      why = yes ? 'all candidates are red: let them all go' : 'keep the table split';
    } else {
      const b = assess(n);
      const others = ballot.filter((s) => s !== n.me);
      const avg = others.reduce((a, s) => a + scoreOf(b, s), 0) / Math.max(1, others.length);
      yes = n.day > 1 && !ballot.includes(n.me) && !ballot.some((s) => b.red.has(s)) && (avg > 0.5 || ballot.some((s) => b.black.has(s)));
      why = yes ? `the tied players look black (average ${avg.toFixed(1)})` : 'not sure enough to send them all away';
    }
    const cmd = legal.find((x) => x.do === 'vote' && x.leave === yes);
    return cmd ? { command: cmd, why } : null;
  }
  const targets = legal.filter((x) => x.do === 'vote' && typeof x.target === 'number').map((x) => x.target as number);
  if (targets.length === 0) return null;
  let choice: number;
  let why: string;
  if (black) {
    const team = knownTeam(n);
    const heat = blackHeat(n);
    const reds = targets.filter((s) => !team.has(s));
    const mates = targets.filter((s) => team.has(s));
    const sheriff = [...n.claims.values()].map((x) => x.seat).find((s) => reds.includes(s));
    const doomed = mates.find((s) => scoreOf(heat, s) >= 2.5 && s !== n.me);
    if (doomed !== undefined && reds.length > 0 && rand() < 0.35) {
      choice = doomed;
      why = `teammate ${doomed} is exposed: vote with the table to look red`;
    } else if (reds.length === 0) {
      choice = maxBy(mates.filter((s) => s !== n.me), (s) => scoreOf(heat, s)) ?? mates[0]!;
      why = 'only teammates on the ballot: follow the table';
    } else if (sheriff !== undefined) {
      choice = sheriff;
      why = `${sheriff} is the sheriff: vote him out`;
    } else if (n.day <= 1 && view.ballot.length === 2 && reds.length === 2) {
      choice = reds.find((s) => side(s, n.size) !== side(n.me, n.size)) ?? reds[0]!;
      why = 'day 1: vote the other side of the table (split)';
    } else {
      choice = maxBy(reds, (s) => scoreOf(heat, s))!;
      why = `vote red ${choice}, whom the table doubts most`;
    }
  } else {
    const b = assess(n, { noise: rand });
    const pool = targets.filter((s) => s !== n.me);
    const max = Math.max(...(pool.length > 0 ? pool : targets).map((s) => scoreOf(b, s)));
    if (n.day <= 1 && view.ballot.length === 2 && max < 1 && side(view.ballot[0]!, n.size) !== side(view.ballot[1]!, n.size)) {
      choice = view.ballot.find((s) => side(s, n.size) !== side(n.me, n.size))!;
      why = 'day 1: vote the candidate from the other side of the table (guide: the table splits)';
      if (!targets.includes(choice)) choice = pool[0] ?? targets[0]!;
    } else {
      choice = maxBy(pool.length > 0 ? pool : targets, (s) => scoreOf(b, s))!;
      why = `${choice} is the most suspicious candidate: ${because(b, choice, 'en')}`;
    }
  }
  // A reasoned ballot follows the day's post: the first suspect named in it, if he can be voted.
  const reasoned = legal.some((x) => x.do === 'vote' && x.reason !== undefined);
  const posted = reasoned ? [...n.speeches].reverse().find((x) => x.seat === n.me && x.day === n.day)?.sp.suspects?.[0] : undefined;
  if (posted !== undefined && targets.includes(posted)) choice = posted;
  const cmd = legal.find((x) => x.do === 'vote' && x.target === choice)!;
  const out: Command = { ...cmd };
  // A reasoned ballot (forum R42): the evidence against the seat in the table's language — for
  // black, the table's own public reading, never what only the team knows.
  if (out.reason !== undefined) out.reason = (against(black ? blackHeat(n) : assess(n), choice, c.lang, n.me) ?? reasonText({ k: 'intuition' }, c.lang)).slice(0, 200);
  return { command: out, why };
}

/**
 * A forum day has no speeches: each player posts once a day what he thinks before he votes (the
 * club speech without a nomination, which the forum does not have).
 */
function forumPost(c: Ctx): BotDecision | null {
  const { n, input, lang } = c;
  if (n.lastSaidDay === n.day || !n.alive(n.me) || input.view.options.sayMaxLength <= 0) return null;
  const { sp, why } = n.team === 'black' ? blackSpeech(c, 'day') : redSpeech(c, assess(n, { noise: input.rand }), 'day');
  delete sp.nominate;
  sp.kind = 'post';
  const text = renderSpeech(sp, lang).slice(0, input.view.options.sayMaxLength);
  return { command: { by: n.me, do: 'say', text }, why: `post: ${why}` };
}

// ---- night ------------------------------------------------------------------------------------

function night(c: Ctx): BotDecision | null {
  const { n, input } = c;
  const { legal, rand } = input;
  const black = n.team === 'black';
  const shoot = legal.some((x) => x.do === 'shoot');
  if (shoot && black) {
    const { target, why } = blackTarget(n);
    const cmd = (target !== null ? find(legal, 'shoot', target) : undefined) ?? find(legal, 'shoot', null);
    if (cmd) return { command: cmd, why };
  }
  const check = legal.filter((x) => x.do === 'check');
  if (check.length > 0) {
    const alive = check.map((x) => x.target as number).filter((t) => n.alive(t) && !n.checks.has(t));
    if (n.team === 'black') {
      const team = knownTeam(n);
      const pool = alive.filter((t) => !team.has(t));
      const t = maxBy(pool, (s) => danger(n, s) + 0.5 * rand());
      if (t !== undefined) return { command: find(legal, 'check', t)!, why: `look for the sheriff: ${t} ${danger(n, t) > 0 ? 'plays like one' : 'is unchecked'}` };
    } else {
      const b = assess(n, { noise: rand });
      const t = maxBy(alive, (s) => scoreOf(b, s));
      if (t !== undefined) return { command: find(legal, 'check', t)!, why: `check ${t}: ${because(b, t, 'en')}` };
    }
  }
  return genericChoice(input, n, black);
}

function introNight(c: Ctx): BotDecision | null {
  const { n, input } = c;
  if (!n.role || !ROLE_DEFS[n.role].abilities.some((a) => a.verb === 'plan' && a.when === 'intro')) return null;
  if (n.plan.length > 0 || !n.alive(n.me)) return null;
  const team = knownTeam(n);
  const reds = n.living.filter((s) => !team.has(s));
  const targets: number[] = [];
  while (targets.length < 3 && reds.length > 0) targets.push(reds.splice(Math.floor(input.rand() * reds.length), 1)[0]!);
  if (targets.length === 0) return null;
  return { command: { by: n.me, do: 'plan', targets }, why: `kill plan for the first nights: ${targets.join(', ')}` };
}

export function decideClub(input: BotInput, lang: Lang, cache = new NotesCache()): BotDecision | null {
  const me = input.view.you;
  if (!me) return null;
  const n = cache.read(input.view);
  const c: Ctx = { input, n, lang };
  const st = input.view.stage;
  if (st.kind === 'speech' && st.seat === me.seat) return speech(c);
  if (st.kind === 'night' && st.intro) return introNight(c);
  // Choices a preset lets a player change (forum) are made once: no dithering.
  if (n.actedNow.size > 0) c.input = input = { ...input, legal: input.legal.filter((x) => !n.actedNow.has(x.do)) };
  if (input.legal.length === 0) return null;
  if (input.legal.some((x) => x.do === 'vote')) {
    // A reasoned public ballot (forum R42) comes after the day's post.
    if (input.legal.some((x) => x.do === 'vote' && x.reason !== undefined)) {
      const post = forumPost(c);
      if (post) return post;
    }
    return vote(c);
  }
  if (st.kind === 'night') return night(c);
  return genericChoice(input, n, n.team === 'black');
}

export function createClub(opts?: { lang?: Lang }): Policy {
  const lang = opts?.lang ?? 'ru';
  const cache = new NotesCache();
  return (input) => decideClub(input, lang, cache);
}

export const clubPolicy: PolicyDef = {
  name: 'club',
  doc: 'Plays as guide-classic teaches: red tracks nominations and votes, the sheriff opens up at 7, the don hunts the sheriff.',
  create: (opts) => createClub(opts),
};
