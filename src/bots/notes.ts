// A bot's notebook: everything its seat has seen, read from the view's log in one pass. The guide
// tells a red player to remember "who nominated whom on which round and who voted against whom";
// this is that memory, plus the seat's private facts (its checks, its team, the don's plan).
import type { GameView, RoleId, Team } from '../engine/index.js';
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
  speeches: { seat: number; day: number; kind: 'day' | 'tie' | 'last'; sp: Speech }[];
  claims: Map<number, Claim>;
  /** In my current speech: have I spoken text yet, have I nominated. */
  saidNow: boolean;
  nominatedNow: boolean;
}

export function readNotes(view: GameView): Notes {
  const me = view.you?.seat ?? 0;
  const known = new Map<number, { role: RoleId; team: Team }>();
  for (const x of view.seats) if (x.role && x.team) known.set(x.seat, { role: x.role, team: x.team });
  const n: Notes = {
    me,
    role: view.you?.role,
    team: view.you?.team,
    size: view.seats.length,
    day: view.number,
    living: view.seats.filter((x) => x.alive).map((x) => x.seat),
    alive: (seat) => view.seats[seat - 1]?.alive === true,
    known,
    checks: new Map(),
    plan: [],
    nominations: [],
    votes: [],
    allLeaveYes: [],
    exits: [],
    killedAtNight: new Set(),
    speeches: [],
    claims: new Map(),
    saidNow: false,
    nominatedNow: false,
  };
  let speaking: { seat: number; kind: 'day' | 'tie' | 'last' } | null = null;
  let ballot: number[] = [];
  for (const e of view.log) {
    switch (e.t) {
      case 'teamRevealed':
        for (const m of e.members) if (!known.has(m.seat)) known.set(m.seat, { role: m.role, team: e.team });
        break;
      case 'roleRevealed':
        break;
      case 'planSet':
        n.plan = e.targets.slice();
        break;
      case 'checkResult':
        if (e.seat === me) n.checks.set(e.target, e.result);
        break;
      case 'speechStarted':
        speaking = { seat: e.seat, kind: e.kind };
        if (e.seat === me) {
          n.saidNow = false;
          n.nominatedNow = false;
        }
        break;
      case 'speechEnded':
        speaking = null;
        break;
      case 'said': {
        if (e.seat === me) n.saidNow = true;
        const sp = readSpeech(e.text);
        const kind = speaking?.seat === e.seat ? speaking.kind : 'day';
        n.speeches.push({ seat: e.seat, day: e.number, kind, sp });
        if (sp.claimSheriff) {
          const c = n.claims.get(e.seat) ?? { seat: e.seat, day: e.number, last: kind === 'last', checks: new Map<number, boolean>() };
          if (kind === 'last') c.last = true;
          for (const ch of sp.checks ?? []) c.checks.set(ch.target, ch.black);
          n.claims.set(e.seat, c);
        }
        break;
      }
      case 'nominated':
        n.nominations.push({ day: e.number, by: e.by, target: e.target });
        if (e.by === me) n.nominatedNow = true;
        break;
      case 'nominationWithdrawn': {
        const i = n.nominations.findIndex((x) => x.day === e.number && x.by === e.by && x.target === e.target);
        if (i >= 0) n.nominations.splice(i, 1);
        break;
      }
      case 'votingStarted':
        ballot = e.ballot.slice();
        break;
      case 'voteClosed':
        for (const v of e.votes) n.votes.push({ day: e.number, seat: v.seat, target: v.target, defaulted: v.defaulted, ballot: e.ballot.slice() });
        break;
      case 'allLeaveClosed':
        for (const seat of e.yes) n.allLeaveYes.push({ day: e.number, seat, ballot });
        break;
      case 'eliminated':
        n.exits.push({ seat: e.seat, cause: e.cause, day: e.number, phase: e.phase });
        if (e.cause === 'kill') n.killedAtNight.add(e.seat);
        break;
      default:
        break;
    }
  }
  for (const x of view.seats) if (x.role && x.team) known.set(x.seat, { role: x.role, team: x.team });
  return n;
}
