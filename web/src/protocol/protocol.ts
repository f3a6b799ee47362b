// The game protocol (бланк) from a record: seats with names, roles, fouls and exits; per day the
// nominations and every vote round; per night the shots, checks and other actions; the result and,
// for presets with points, the points. Pure: the page renders it, the CSV export flattens it.
import { dayOptions, replay, type GameEvent, type GameRecord, type GameState, type Options, type RoleId, type Team } from '../../../src/engine/index.js';
import { hasPoints, score, type SeatScore } from '../../../src/engine/core/score.js';

export interface ProtoSeat {
  seat: number;
  name: string;
  role: RoleId;
  team: Team;
  fouls: number;
  /** Technical fouls (fiim 9.6). */
  techFouls: number;
  exit: { cause: string; phase: string; number: number } | null;
  points: number | null;
}

export interface ProtoVote {
  round: string;
  ballot: number[];
  tally: { target: number; count: number }[];
  votes: { seat: number; target: number; defaulted: boolean }[];
  /** Hands the judge counted (no seats), and the votes left over for the last candidate then. */
  counted: { target: number; count: number; defaulted?: true }[];
  rule: string;
}

export interface ProtoDay {
  day: number;
  nominations: { by: number; target: number; withdrawn?: boolean }[];
  votes: ProtoVote[];
  allLeave: { yes: number[]; no: number[]; leave: boolean; counted?: { yes: number; no: number } }[];
  fouls: { seat: number; count: number; reason?: string; tech?: true }[];
  out: { seat: number; cause: string; rule: string }[];
  outcome: { text: string; rule: string }[];
}

export interface ProtoNight {
  night: number;
  intro: boolean;
  plan: number[] | null;
  actions: { seat: number; role: RoleId; verb: string; target: number | null }[];
  checks: { seat: number; target: number; result: string }[];
  killed: number[];
  miss: boolean;
}

export interface Protocol {
  preset: string;
  /** The table's options as the game played them (every one, defaults included). */
  options: Options;
  /** When the game was made (the record's meta.createdAt, epoch ms), if known. */
  createdAt: number | null;
  /** The first player killed at night named these seats (FIIM best move). */
  bestMove: { seat: number; targets: number[] } | null;
  /** The judge's extra points. */
  extras: { seat: number; points: number; reason: string }[];
  tableId: string | null;
  commitment: string | null;
  seats: ProtoSeat[];
  days: ProtoDay[];
  nights: ProtoNight[];
  winner: Team | null;
  finished: boolean;
  winRule: string | null;
  scores: SeatScore[] | null;
  rejected: number;
}

export function buildProtocol(record: GameRecord | unknown): Protocol | null {
  const r = replay(record);
  if (!r.ok) return null;
  const s: GameState = r.value.state;
  const rec = record as Partial<GameRecord>;
  const days: ProtoDay[] = [];
  const nights: ProtoNight[] = [];
  let day: ProtoDay | null = null;
  let night: ProtoNight | null = null;
  const roleOf = (seat: number): RoleId => s.seats[seat - 1]!.role;
  let winRule: string | null = null;
  let bestMove: Protocol['bestMove'] = null;
  const extras: Protocol['extras'] = [];
  for (const e of s.log as GameEvent[]) {
    switch (e.t) {
      case 'bestMove':
        bestMove = { seat: e.seat, targets: e.targets.slice() };
        break;
      case 'extraPoints':
        extras.push({ seat: e.seat, points: e.points, reason: e.reason });
        break;
      case 'nightStarted':
        night = { night: e.night, intro: e.intro, plan: null, actions: [], checks: [], killed: [], miss: false };
        nights.push(night);
        day = null;
        break;
      case 'dayStarted':
        day = { day: e.day, nominations: [], votes: [], allLeave: [], fouls: [], out: [], outcome: [] };
        days.push(day);
        night = null;
        break;
      case 'planSet':
        if (night) night.plan = e.targets.slice();
        break;
      case 'nightAction':
        if (night) night.actions.push({ seat: e.seat, role: roleOf(e.seat), verb: e.verb, target: e.target });
        break;
      case 'checkResult':
        if (night) night.checks.push({ seat: e.seat, target: e.target, result: e.result });
        break;
      case 'nightMiss':
        if (night) night.miss = true;
        break;
      case 'nominated':
        day?.nominations.push({ by: e.by, target: e.target });
        break;
      case 'nominationWithdrawn': {
        const n = day?.nominations.find((x) => x.by === e.by && x.target === e.target && !x.withdrawn);
        if (n) n.withdrawn = true;
        break;
      }
      case 'voteClosed':
        day?.votes.push({
          round: e.round,
          ballot: e.ballot.slice(),
          tally: e.tally.map((x) => ({ ...x })),
          votes: e.votes.map((x) => ({ ...x })),
          counted: (e.counted ?? []).map((x) => ({ ...x })),
          rule: e.rule,
        });
        break;
      case 'allLeaveClosed': {
        const a: ProtoDay['allLeave'][number] = { yes: e.yes.slice(), no: e.no.slice(), leave: e.leave };
        if (e.counted) a.counted = { ...e.counted };
        day?.allLeave.push(a);
        break;
      }
      case 'fouled':
      case 'techFouled': {
        const f: ProtoDay['fouls'][number] = { seat: e.seat, count: e.count };
        if (e.reason !== undefined) f.reason = e.reason;
        if (e.t === 'techFouled') f.tech = true;
        (day ?? lastDayOrNew(days)).fouls.push(f);
        break;
      }
      case 'dayOneStays':
        day?.outcome.push({ text: `stays:${e.seat}`, rule: e.rule });
        break;
      case 'tieKept':
        day?.outcome.push({ text: `kept:${e.seats.join(',')}`, rule: e.rule });
        break;
      case 'voteCancelled':
        (day ?? lastDayOrNew(days)).outcome.push({ text: `cancelled:${e.seat}`, rule: e.rule });
        break;
      case 'eliminated':
        if (e.phase === 'night' && night) night.killed.push(e.seat);
        else (day ?? lastDayOrNew(days)).out.push({ seat: e.seat, cause: e.cause, rule: e.rule });
        break;
      case 'noVote':
      case 'tie':
      case 'singleCandidate':
        day?.outcome.push({ text: e.t === 'noVote' ? `noVote:${e.why}` : e.t === 'tie' ? `tie:${e.seats.join(',')}` : `single:${e.seat}`, rule: e.rule });
        break;
      case 'gameOver':
        winRule = e.rule;
        break;
      default:
        break;
    }
  }
  const scores = s.finished && hasPoints(s.preset) ? score(s) : null;
  const seats: ProtoSeat[] = s.seats.map((x) => ({
    seat: x.seat,
    name: x.name,
    role: x.role,
    team: x.team,
    fouls: x.fouls,
    techFouls: x.techFouls ?? 0,
    exit: x.exit ? { ...x.exit } : null,
    points: scores ? (scores.find((p) => p.seat === x.seat)?.points ?? 0) : null,
  }));
  const meta = (rec.meta ?? {}) as Record<string, unknown>;
  return {
    preset: s.preset,
    // A record made before a rule variant existed holds no value for it: the game played its base
    // rule, which dayOptions resolves (the sheet said «undefined» there).
    options: { ...s.options, ...dayOptions(s.options) },
    createdAt: typeof meta['createdAt'] === 'number' ? meta['createdAt'] : null,
    bestMove,
    extras,
    tableId: typeof meta['tableId'] === 'string' ? meta['tableId'] : null,
    commitment: typeof rec.commitment === 'string' ? rec.commitment : null,
    seats,
    days,
    nights,
    winner: s.winner,
    finished: s.finished,
    winRule,
    scores,
    rejected: r.value.rejected.length,
  };
}

function lastDayOrNew(days: ProtoDay[]): ProtoDay {
  const d = days[days.length - 1];
  if (d) return d;
  const n: ProtoDay = { day: 0, nominations: [], votes: [], allLeave: [], fouls: [], out: [], outcome: [] };
  days.push(n);
  return n;
}

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (a nickname such as
 * `=HYPERLINK(…)`: it starts with =, +, -, @, a tab or a carriage return) gets a leading quote,
 * as OWASP advises; numbers stay numbers.
 */
function csvCell(x: unknown): string {
  let t = x === null || x === undefined ? '' : String(x);
  if (typeof x === 'string' && /^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[",\n\r;]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

function csvRow(cells: unknown[]): string {
  return cells.map(csvCell).join(',');
}

/** The protocol as CSV: a seats table, then one line per fact (section, number, details). */
export function protocolCsv(p: Protocol): string {
  const lines: string[] = [];
  lines.push(csvRow(['section', 'seat', 'name', 'role', 'team', 'fouls', 'out', 'points']));
  for (const x of p.seats) lines.push(csvRow(['seat', x.seat, x.name, x.role, x.team, x.fouls, x.exit ? `${x.exit.cause} ${x.exit.phase} ${x.exit.number}` : '', x.points ?? '']));
  lines.push('');
  lines.push(csvRow(['section', 'number', 'kind', 'seat', 'target', 'detail', 'rule']));
  for (const n of p.nights) {
    if (n.plan) lines.push(csvRow(['night', n.night, 'plan', '', n.plan.join(' '), '', 'R17']));
    for (const a of n.actions) lines.push(csvRow(['night', n.night, a.verb, a.seat, a.target ?? 'none', a.role, '']));
    for (const c of n.checks) lines.push(csvRow(['night', n.night, 'checkResult', c.seat, c.target, c.result, 'R13']));
    for (const k of n.killed) lines.push(csvRow(['night', n.night, 'killed', k, '', '', 'R12']));
    if (n.miss) lines.push(csvRow(['night', n.night, 'miss', '', '', '', 'R12']));
  }
  for (const d of p.days) {
    for (const n of d.nominations) lines.push(csvRow(['day', d.day, n.withdrawn ? 'nominationWithdrawn' : 'nomination', n.by, n.target, '', 'R5']));
    for (const f of d.fouls) lines.push(csvRow(['day', d.day, f.tech ? 'techFoul' : 'foul', f.seat, '', `${f.count}${f.reason ? ` ${f.reason}` : ''}`, f.tech ? 'fiim 9.6' : 'R6']));
    for (const v of d.votes) {
      lines.push(csvRow(['day', d.day, `vote:${v.round}`, '', '', v.tally.map((t) => `${t.target}=${t.count}`).join(' '), v.rule]));
      for (const x of v.votes) lines.push(csvRow(['day', d.day, 'ballot', x.seat, x.target, x.defaulted ? 'default' : '', 'R8']));
      // Counted hands have no seat: a count line, never a seat line.
      for (const x of v.counted) lines.push(csvRow(['day', d.day, 'count', '', x.target, `${x.count}${x.defaulted ? ' default' : ''}`, 'R8']));
    }
    for (const a of d.allLeave) {
      const counted = a.counted ? ` / counted yes ${a.counted.yes} no ${a.counted.no}` : '';
      lines.push(csvRow(['day', d.day, 'allLeave', '', '', `yes ${a.yes.join(' ')} / no ${a.no.join(' ')}${counted} → ${a.leave ? 'leave' : 'stay'}`, 'R9']));
    }
    for (const o of d.outcome) lines.push(csvRow(['day', d.day, 'outcome', '', '', o.text, o.rule]));
    for (const o of d.out) lines.push(csvRow(['day', d.day, 'out', o.seat, '', o.cause, o.rule]));
  }
  lines.push(csvRow(['result', '', 'winner', '', '', p.winner ?? (p.finished ? 'draw' : 'unfinished'), p.winRule ?? '']));
  return lines.join('\n') + '\n';
}
