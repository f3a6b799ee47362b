// A bot's notebook: everything its seat has seen, read from the view's log in one pass. The guide
// tells a red player to remember "who nominated whom on which round and who voted against whom";
// this is that memory, plus the seat's private facts (its checks, its team, the don's plan).
import type { GameEvent, GameView, RoleId, SpeechKind, Team } from '../engine/index.js';
import { readSpeech, type Speech } from './speech.js';

export interface Claim {
  seat: number;
  day: number;
  /** The claimant spoke it in a last word (after being killed or voted out). */
  last: boolean;
  checks: Map<number, boolean>;
}

export interface Notes {
  me: number;
  role: RoleId | undefined;
  team: Team | undefined;
  size: number;
  day: number;
  living: number[];
  alive: (seat: number) => boolean;
  /** Roles this seat knows (own, teammates, revealed). */
  known: Map<number, { role: RoleId; team: Team }>;
  /** My night checks: target → result. */
  checks: Map<number, 'sheriff' | 'notSheriff' | 'red' | 'black'>;
  plan: number[];
  nominations: { day: number; by: number; target: number }[];
  votes: { day: number; seat: number; target: number; defaulted: boolean; ballot: number[] }[];
  allLeaveYes: { day: number; seat: number; ballot: number[] }[];
  exits: { seat: number; cause: string; day: number; phase: 'night' | 'day' }[];
  killedAtNight: Set<number>;
  speeches: { seat: number; day: number; kind: SpeechKind; sp: Speech }[];
  claims: Map<number, Claim>;
  /** Verbs I have used in this phase (a preset may let a choice be changed: the bot does not dither). */
  actedNow: Set<string>;
  /** In my current speech: have I spoken text yet, have I nominated. */
  saidNow: boolean;
  nominatedNow: boolean;
  /** The day of my last post (a forum day has no speeches: a player posts when he likes). */
  lastSaidDay: number;
}

/** The part of the notebook that grows with the log (shared by the calls of one cache). */
interface Acc {
  me: number;
  teamKnown: Map<number, { role: RoleId; team: Team }>;
  checks: Notes['checks'];
  plan: number[];
  nominations: Notes['nominations'];
  votes: Notes['votes'];
  allLeaveYes: Notes['allLeaveYes'];
  exits: Notes['exits'];
  killedAtNight: Set<number>;
  speeches: Notes['speeches'];
  claims: Map<number, Claim>;
  actedNow: Set<string>;
  saidNow: boolean;
  nominatedNow: boolean;
  lastSaidDay: number;
  speaking: { seat: number; kind: SpeechKind } | null;
  ballot: number[];
  /** Events read so far, and the last one (by identity) to check the next log extends this one. */
  count: number;
  first: GameEvent | undefined;
  last: GameEvent | undefined;
}

function freshAcc(me: number): Acc {
  return {
    me,
    teamKnown: new Map(),
    checks: new Map(),
    plan: [],
    nominations: [],
    votes: [],
    allLeaveYes: [],
    exits: [],
    killedAtNight: new Set(),
    speeches: [],
    claims: new Map(),
    actedNow: new Set(),
    saidNow: false,
    nominatedNow: false,
    lastSaidDay: -1,
    speaking: null,
    ballot: [],
    count: 0,
    first: undefined,
    last: undefined,
  };
}

/** Events that record a changeable choice of a seat, and its verb (votes cannot be changed). */
const CHOICE: Record<string, string> = { lawyerChose: 'protect' };

function feed(a: Acc, e: GameEvent): void {
  const me = a.me;
  if (e.t === 'dayStarted' || e.t === 'nightStarted') a.actedNow = new Set();
  const who = (e as { seat?: unknown }).seat;
  if (who === me) {
    if (e.t === 'nightAction') a.actedNow.add(e.verb);
    else if (CHOICE[e.t]) a.actedNow.add(CHOICE[e.t]!);
  }
  switch (e.t) {
    case 'teamRevealed':
      for (const m of e.members) if (!a.teamKnown.has(m.seat)) a.teamKnown.set(m.seat, { role: m.role, team: e.team });
      break;
    case 'planSet':
      a.plan = e.targets.slice();
      break;
    case 'checkResult':
      if (e.seat === me) a.checks.set(e.target, e.result);
      break;
    case 'speechStarted':
      a.speaking = { seat: e.seat, kind: e.kind };
      if (e.seat === me) {
        a.saidNow = false;
        a.nominatedNow = false;
      }
      break;
    case 'speechEnded':
      a.speaking = null;
      break;
    case 'said': {
      if (e.seat === me) {
        a.saidNow = true;
        if (e.phase === 'day') a.lastSaidDay = e.number;
      }
      const sp = readSpeech(e.text);
      const kind = a.speaking?.seat === e.seat ? a.speaking.kind : 'day';
      a.speeches.push({ seat: e.seat, day: e.number, kind, sp });
      if (sp.claimSheriff) {
        const c = a.claims.get(e.seat) ?? { seat: e.seat, day: e.number, last: kind === 'last', checks: new Map<number, boolean>() };
        if (kind === 'last') c.last = true;
        for (const ch of sp.checks ?? []) c.checks.set(ch.target, ch.black);
        a.claims.set(e.seat, c);
      }
      break;
    }
    case 'nominated':
      a.nominations.push({ day: e.number, by: e.by, target: e.target });
      if (e.by === me) a.nominatedNow = true;
      break;
    case 'nominationWithdrawn': {
      const i = a.nominations.findIndex((x) => x.day === e.number && x.by === e.by && x.target === e.target);
      if (i >= 0) a.nominations.splice(i, 1);
      break;
    }
    case 'votingStarted':
      a.ballot = e.ballot.slice();
      break;
    case 'voteClosed':
      for (const v of e.votes) a.votes.push({ day: e.number, seat: v.seat, target: v.target, defaulted: v.defaulted, ballot: e.ballot.slice() });
      break;
    // forum: a reasoned public vote (R42), and the commissar's result of a shot (R45).
    case 'ballotCast':
      a.votes.push({ day: e.number, seat: e.seat, target: e.target, defaulted: false, ballot: [] });
      break;
    case 'told':
      if (e.kind === 'checked' && e.target !== undefined && e.result !== undefined) a.checks.set(e.target, e.result === 'black' ? 'black' : 'red');
      break;
    case 'allLeaveClosed':
      for (const seat of e.yes) a.allLeaveYes.push({ day: e.number, seat, ballot: a.ballot });
      break;
    case 'eliminated':
      a.exits.push({ seat: e.seat, cause: e.cause, day: e.number, phase: e.phase });
      if (e.cause === 'kill') a.killedAtNight.add(e.seat);
      break;
    default:
      break;
  }
}

/**
 * A reader that remembers what it has read. When the next view's log extends the last one (the
 * same event objects, as SeatViews hands out), only the new events are read; otherwise it starts
 * over. Either way the notes are those of the whole log: the cache changes speed, not answers.
 */
export class NotesCache {
  private acc: Acc | undefined;

  read(view: GameView): Notes {
    const me = view.you?.seat ?? 0;
    const log = view.log;
    let a = this.acc;
    const extends_ =
      a !== undefined && a.me === me && a.count <= log.length && log[0] === a.first && (a.count === 0 || log[a.count - 1] === a.last);
    if (!a || !extends_) this.acc = a = freshAcc(me);
    for (let i = a.count; i < log.length; i++) feed(a, log[i]!);
    a.count = log.length;
    a.first = log[0];
    a.last = log[log.length - 1];
    return notesOf(view, a);
  }
}

function notesOf(view: GameView, a: Acc): Notes {
  const known = new Map(a.teamKnown);
  for (const x of view.seats) if (x.role && x.team) known.set(x.seat, { role: x.role, team: x.team });
  return {
    me: a.me,
    role: view.you?.role,
    team: view.you?.team,
    size: view.seats.length,
    day: view.number,
    living: view.seats.filter((x) => x.alive).map((x) => x.seat),
    alive: (seat) => view.seats[seat - 1]?.alive === true,
    known,
    checks: a.checks,
    plan: a.plan,
    nominations: a.nominations,
    votes: a.votes,
    allLeaveYes: a.allLeaveYes,
    exits: a.exits,
    killedAtNight: a.killedAtNight,
    speeches: a.speeches,
    claims: a.claims,
    actedNow: a.actedNow,
    saidNow: a.saidNow,
    nominatedNow: a.nominatedNow,
    lastSaidDay: a.lastSaidDay,
  };
}

/** The notebook of one view, read from scratch. */
export function readNotes(view: GameView): Notes {
  return new NotesCache().read(view);
}
