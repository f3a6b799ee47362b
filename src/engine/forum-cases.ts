// The forum force-majeure cases (forum-mafia.ru.txt "ФОРС-МАЖОРЫ" 1–10) as game records with
// their expected outcome. The same records are in examples/records/forum-*.json; the tests
// replay them and check who dies, who changes role and what every player is told.
import type { Command } from './command.js';
import type { GameEvent, Visibility } from './events.js';
import type { GameRecord } from './record.js';
import type { RoleId } from './vocab.js';

/** One line per event, the way a player reads it (for exact message checks). */
export function forumLine(e: GameEvent): string {
  switch (e.t) {
    case 'eliminated':
      return `eliminated ${e.seat} ${e.cause}`;
    case 'roleRevealed':
      return `roleRevealed ${e.seat} ${e.role}`;
    case 'told':
      return ['told', e.kind, e.target, e.result].filter((x) => x !== undefined).join(' ');
    case 'roleChanged':
      return `roleChanged ${e.seat} ${e.from}→${e.to}`;
    case 'teamRevealed':
      return `teamRevealed ${e.members.map((m) => `${m.seat}:${m.role}`).join(',')}`;
    case 'healAnnounced':
      return `healAnnounced ${e.seat}${e.saved ? ' saved' : ''}`;
    case 'bonusPlayed':
      return `bonusPlayed ${e.seat}`;
    case 'priestessTook':
      return `priestessTook ${e.from} ${e.role} night${e.night} ${e.by}`;
    case 'nightAction':
      return `nightAction ${e.seat} ${e.verb} ${e.target}`;
    case 'nightSummary':
      return `nightSummary ${e.cases.join(',')}`;
    case 'dayStarted':
      return `dayStarted ${e.day}`;
    case 'nightStarted':
      return `nightStarted ${e.night}`;
    case 'dayTally':
      return `dayTally ${e.tally.map((x) => `${x.target}:${x.count}`).join(',')} leaving ${e.leaving}`;
    case 'lawyerProtected':
      return `lawyerProtected ${e.seat}${e.saved ? ' saved' : ''}${e.blind ? ' blind' : ''}`;
    case 'lawyerChose':
      return `lawyerChose ${e.target}`;
    case 'lawyerMissed':
      return `lawyerMissed ${e.count}`;
    case 'ballotCast':
      return `ballotCast ${e.seat} ${e.target}`;
    case 'kamikazeAwaits':
      return `kamikazeAwaits ${e.seat}`;
    case 'gameOver':
      return `gameOver ${e.winner}`;
    default:
      return e.t;
  }
}

export function visLine(v: Visibility): string {
  return typeof v === 'string' ? v : v.join(',');
}

export interface CaseExpect {
  /** The force-majeure case in the source ("1**"), or the ruling. */
  case: string;
  /** Index of the first command whose events are checked (all events from it on). */
  from: number;
  dies: number[];
  roleChanges: { seat: number; from: RoleId; to: RoleId }[];
  /** Every event from `from` on, in order: its line and who sees it ("public", "judge", "black" or seats). */
  events: { e: string; to: string }[];
}

type ForumRecord = GameRecord & { meta: { title: string; description: string; expect: CaseExpect } };

// A 12-seat table: black = 4 (R41); the priestess's void power is on (12+).
export const T12: RoleId[] = ['don', 'mafia', 'mafia', 'mafia', 'commissar', 'maniac', 'doctor', 'child', 'sergeant', 'lawyer', 'priestess', 'civilian'];
// A 20-seat table with the kamikaze (R41): black = 6.
export const T20: RoleId[] = [
  'don',
  'mafia',
  'mafia',
  'mafia',
  'mafia',
  'mafia',
  'commissar',
  'maniac',
  'doctor',
  'child',
  'sergeant',
  'lawyer',
  'priestess',
  'kamikaze',
  'civilian',
  'civilian',
  'civilian',
  'civilian',
  'civilian',
  'civilian',
];

const vote = (by: number, target: number): Command => ({ by, do: 'vote', target, reason: 'подозрителен' });
const clock = (d: Command['do']): Command => ({ by: 'clock', do: d });

/** Day with a tie: no one leaves (R43), the lawyer protects himself (blind). */
function tieDay(size: number, lawyer: number): Command[] {
  const half = size / 2;
  const out: Command[] = [];
  for (let s = 1; s <= size; s++) out.push(vote(s, s <= half ? size : size - 1));
  if (size === 12) {
    // 1–5 and 11 vote 12, 6–10 and 12 vote 11: six each.
    out.length = 0;
    for (let s = 1; s <= 12; s++) out.push(vote(s, s <= 5 || s === 11 ? 12 : 11));
  }
  out.push({ by: lawyer, do: 'protect', target: lawyer }, clock('lawyerDeadline'), clock('endDay'));
  return out;
}

/** Day 1 in which everyone but the don votes the don out. */
function donOutDay(size: number, lawyer: number): Command[] {
  const out: Command[] = [];
  for (let s = 1; s <= size; s++) out.push(vote(s, s === 1 ? size : 1));
  out.push({ by: lawyer, do: 'protect', target: lawyer }, clock('lawyerDeadline'), clock('endDay'));
  return out;
}

const BLACK12 = '1,2,3,4';
const PUB = 'public';
const JUDGE = 'judge';

function rec(
  id: string,
  deal: RoleId[],
  prelude: Command[],
  night: Command[],
  title: string,
  description: string,
  expect: Omit<CaseExpect, 'from'>,
): [string, ForumRecord] {
  return [
    id,
    {
      format: 'gorod-record/1',
      preset: 'forum',
      deal,
      seed: id,
      commands: [...prelude, ...night],
      meta: { title, description, expect: { ...expect, from: prelude.length } },
    },
  ];
}

const d12 = tieDay(12, 10);
const d20 = tieDay(20, 12);
const end = clock('endNight');

export const FORUM_CASES: [string, ForumRecord][] = [
  rec('forum-fm1a-maniac-commissar-on-mafia', T12, d12, [{ by: 6, do: 'kill', target: 2 }, { by: 5, do: 'kill', target: 2 }, end],
    'ФМ 1*: маньяк и комиссар стреляют в мафа', 'The maniac and the commissar shoot the same mafia member: he leaves.', {
      case: '1*',
      dies: [2],
      roleChanges: [],
      events: [
        { e: 'nightAction 6 kill 2', to: '6' },
        { e: 'nightAction 5 kill 2', to: '5' },
        { e: 'nightSummary 1*', to: JUDGE },
        { e: 'eliminated 2 kill', to: PUB },
        { e: 'roleRevealed 2 mafia', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm1b-maniac-commissar-on-civilian', T12, d12, [{ by: 6, do: 'kill', target: 12 }, { by: 5, do: 'kill', target: 12 }, end],
    'ФМ 1**: маньяк ранил, комиссар спас', 'The maniac wounds a civilian, the commissar saves him; each is told so.', {
      case: '1**',
      dies: [],
      roleChanges: [],
      events: [
        { e: 'nightAction 6 kill 12', to: '6' },
        { e: 'nightAction 5 kill 12', to: '5' },
        { e: 'nightSummary 1**', to: JUDGE },
        { e: 'told savedCivilian', to: '5' },
        { e: 'told woundedCivilian', to: '6' },
        { e: 'nightMiss', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm1c-maniac-commissar-on-child', T12, d12, [{ by: 6, do: 'kill', target: 8 }, { by: 5, do: 'kill', target: 8 }, end],
    'ФМ 1***: маньяк и комиссар в Дитя мафии', "The mafia's child hit by the maniac and the commissar lives and becomes a civilian.", {
      case: '1***',
      dies: [],
      roleChanges: [{ seat: 8, from: 'child', to: 'civilian' }],
      events: [
        { e: 'nightAction 6 kill 8', to: '6' },
        { e: 'nightAction 5 kill 8', to: '5' },
        { e: 'nightSummary 1***', to: JUDGE },
        { e: 'told savedCivilian', to: '5' },
        { e: 'told woundedCivilian', to: '6' },
        { e: 'roleChanged 8 child→civilian', to: '8' },
        { e: 'nightMiss', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm2a-maniac-mafia-on-commissar', T12, d12, [{ by: 6, do: 'kill', target: 5 }, { by: 1, do: 'shoot', target: 5 }, end],
    'ФМ 2*: маньяк и мафия в комиссара', 'The maniac leaves; the commissar is told the mafia aimed at him, the mafia that they removed the maniac.', {
      case: '2*',
      dies: [6],
      roleChanges: [],
      events: [
        { e: 'nightAction 6 kill 5', to: '6' },
        { e: 'nightAction 1 shoot 5', to: BLACK12 },
        { e: 'nightSummary 2*', to: JUDGE },
        { e: 'told mafiaAimedAtYou', to: '5' },
        { e: 'told removedManiac', to: BLACK12 },
        { e: 'eliminated 6 kill', to: PUB },
        { e: 'roleRevealed 6 maniac', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm2b-maniac-mafia-on-child', T12, d12, [{ by: 6, do: 'kill', target: 8 }, { by: 1, do: 'shoot', target: 8 }, end],
    'ФМ 2**: маньяк и мафия в Дитя мафии', "The mafia's child hit by the maniac and the mafia leaves.", {
      case: '2**',
      dies: [8],
      roleChanges: [],
      events: [
        { e: 'nightAction 6 kill 8', to: '6' },
        { e: 'nightAction 1 shoot 8', to: BLACK12 },
        { e: 'nightSummary 2**', to: JUDGE },
        { e: 'eliminated 8 kill', to: PUB },
        { e: 'roleRevealed 8 child', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm2c-maniac-mafia-on-civilian', T12, d12, [{ by: 6, do: 'kill', target: 12 }, { by: 1, do: 'shoot', target: 12 }, end],
    'ФМ 2***: маньяк и мафия в мирного', 'A civilian hit by the maniac and the mafia leaves.', {
      case: '2***',
      dies: [12],
      roleChanges: [],
      events: [
        { e: 'nightAction 6 kill 12', to: '6' },
        { e: 'nightAction 1 shoot 12', to: BLACK12 },
        { e: 'nightSummary 2***', to: JUDGE },
        { e: 'eliminated 12 kill', to: PUB },
        { e: 'roleRevealed 12 civilian', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm3-commissar-mafia-on-civilian', T12, d12, [{ by: 5, do: 'kill', target: 12 }, { by: 1, do: 'shoot', target: 12 }, end],
    'ФМ 3: комиссар и мафия в мирного', 'The commissar saves, the mafia only wounded: the commissar checked a civilian, the mafia hear the commissar saved a civilian, the civilian is told nothing.', {
      case: '3',
      dies: [],
      roleChanges: [],
      events: [
        { e: 'nightAction 5 kill 12', to: '5' },
        { e: 'nightAction 1 shoot 12', to: BLACK12 },
        { e: 'nightSummary 3', to: JUDGE },
        { e: 'told checked 12 civilian', to: '5' },
        { e: 'told commissarSaved', to: BLACK12 },
        { e: 'nightMiss', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm4-commissar-mafia-on-child', T12, d12, [{ by: 5, do: 'kill', target: 8 }, { by: 1, do: 'shoot', target: 8 }, end],
    'ФМ 4: комиссар и мафия в Дитя мафии', "The mafia's child hit by the commissar and the mafia leaves.", {
      case: '4',
      dies: [8],
      roleChanges: [],
      events: [
        { e: 'nightAction 5 kill 8', to: '5' },
        { e: 'nightAction 1 shoot 8', to: BLACK12 },
        { e: 'nightSummary 4', to: JUDGE },
        { e: 'eliminated 8 kill', to: PUB },
        { e: 'roleRevealed 8 child', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm5-mafia-on-commissar-commissar-on-mafia', T12, d12, [{ by: 1, do: 'shoot', target: 5 }, { by: 5, do: 'kill', target: 2 }, end],
    'ФМ 5: мафия в комиссара, комиссар в мафа (не Дона)', 'The mafia member leaves, the commissar lives.', {
      case: '5',
      dies: [2],
      roleChanges: [],
      events: [
        { e: 'nightAction 1 shoot 5', to: BLACK12 },
        { e: 'nightAction 5 kill 2', to: '5' },
        { e: 'nightSummary 5', to: JUDGE },
        { e: 'eliminated 2 kill', to: PUB },
        { e: 'roleRevealed 2 mafia', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm5s-commissar-and-don', T12, d12, [{ by: 1, do: 'shoot', target: 5 }, { by: 5, do: 'kill', target: 1 }, end],
    'ФМ 5*: комиссар в Дона, мафия в комиссара', 'Both leave; the sergeant becomes commissar (case 7); no new don without a kamikaze (case 8**).', {
      case: '5*',
      dies: [1, 5],
      roleChanges: [{ seat: 9, from: 'sergeant', to: 'commissar' }],
      events: [
        { e: 'nightAction 1 shoot 5', to: BLACK12 },
        { e: 'nightAction 5 kill 1', to: '5' },
        { e: 'nightSummary 5*', to: JUDGE },
        { e: 'eliminated 1 kill', to: PUB },
        { e: 'roleRevealed 1 don', to: PUB },
        { e: 'eliminated 5 kill', to: PUB },
        { e: 'roleRevealed 5 commissar', to: PUB },
        { e: 'roleChanged 9 sergeant→commissar', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm5s-doctor-heals-don', T12, d12, [{ by: 1, do: 'shoot', target: 5 }, { by: 5, do: 'kill', target: 1 }, { by: 7, do: 'heal', target: 1 }, end],
    'ФМ 5*: доктор лечил Дона', 'The healed don stays; the commissar leaves and the sergeant takes over.', {
      case: '5*',
      dies: [5],
      roleChanges: [{ seat: 9, from: 'sergeant', to: 'commissar' }],
      events: [
        { e: 'nightAction 1 shoot 5', to: BLACK12 },
        { e: 'nightAction 5 kill 1', to: '5' },
        { e: 'nightAction 7 heal 1', to: '7' },
        { e: 'nightSummary 5*', to: JUDGE },
        { e: 'told checked 1 black', to: '5' },
        { e: 'healAnnounced 1 saved', to: PUB },
        { e: 'eliminated 5 kill', to: PUB },
        { e: 'roleRevealed 5 commissar', to: PUB },
        { e: 'roleChanged 9 sergeant→commissar', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm5s-doctor-heals-commissar', T12, d12, [{ by: 1, do: 'shoot', target: 5 }, { by: 5, do: 'kill', target: 1 }, { by: 7, do: 'heal', target: 5 }, end],
    'ФМ 5*: доктор лечил комиссара', 'The healed commissar stays; the don leaves (no kamikaze: no new don).', {
      case: '5*',
      dies: [1],
      roleChanges: [],
      events: [
        { e: 'nightAction 1 shoot 5', to: BLACK12 },
        { e: 'nightAction 5 kill 1', to: '5' },
        { e: 'nightAction 7 heal 5', to: '7' },
        { e: 'nightSummary 5*', to: JUDGE },
        { e: 'healAnnounced 5 saved', to: PUB },
        { e: 'eliminated 1 kill', to: PUB },
        { e: 'roleRevealed 1 don', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm5s-priestess-blocks-commissar', T12, d12, [{ by: 1, do: 'shoot', target: 5 }, { by: 5, do: 'kill', target: 1 }, { by: 11, do: 'seduce', target: 5 }, end],
    'ФМ 5*: ЖЛ выбрала комиссара', "The priestess blocks the commissar's move: the don lives, the commissar leaves; she holds the commissar's powers next night.", {
      case: '5*',
      dies: [5],
      roleChanges: [{ seat: 9, from: 'sergeant', to: 'commissar' }],
      events: [
        { e: 'nightAction 1 shoot 5', to: BLACK12 },
        { e: 'nightAction 5 kill 1', to: '5' },
        { e: 'nightAction 11 seduce 5', to: '11' },
        { e: 'nightSummary ', to: JUDGE },
        { e: 'priestessTook 5 commissar night2 seduce', to: '11' },
        { e: 'eliminated 5 kill', to: PUB },
        { e: 'roleRevealed 5 commissar', to: PUB },
        { e: 'roleChanged 9 sergeant→commissar', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm6-commissar-on-kamikaze', T20, d20, [{ by: 7, do: 'kill', target: 14 }, end],
    'ФМ 6: комиссар в Камикадзе', 'No one dies; the commissar is told he checked the kamikaze (R54).', {
      case: '6',
      dies: [],
      roleChanges: [],
      events: [
        { e: 'nightAction 7 kill 14', to: '7' },
        { e: 'nightSummary 6', to: JUDGE },
        { e: 'told checked 14 kamikaze', to: '7' },
        { e: 'nightMiss', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm6s-mafia-on-kamikaze', T20, d20, [{ by: 2, do: 'shoot', target: 14 }, end],
    'ФМ 6*: мафия в Камикадзе', 'The kamikaze leaves with the don; a new don is drawn by lot among the living mafia (case 8*, R48).', {
      case: '6*',
      dies: [1, 14],
      roleChanges: [{ seat: 2, from: 'mafia', to: 'don' }],
      events: [
        { e: 'nightAction 2 shoot 14', to: '1,2,3,4,5,6' },
        { e: 'nightSummary 6*', to: JUDGE },
        { e: 'eliminated 1 kill', to: PUB },
        { e: 'roleRevealed 1 don', to: PUB },
        { e: 'eliminated 14 kill', to: PUB },
        { e: 'roleRevealed 14 kamikaze', to: PUB },
        { e: 'roleChanged 2 mafia→don', to: '2,3,4,5,6' },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm7-sergeant-becomes-commissar', T12, d12, [{ by: 3, do: 'shoot', target: 5 }, end],
    'ФМ 7: погиб комиссар — сержант становится комиссаром', 'Everyone is told the sergeant is the new commissar (R47).', {
      case: '7',
      dies: [5],
      roleChanges: [{ seat: 9, from: 'sergeant', to: 'commissar' }],
      events: [
        { e: 'nightAction 3 shoot 5', to: BLACK12 },
        { e: 'nightSummary ', to: JUDGE },
        { e: 'eliminated 5 kill', to: PUB },
        { e: 'roleRevealed 5 commissar', to: PUB },
        { e: 'roleChanged 9 sergeant→commissar', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm8a-kamikaze-takes-don', T20, d20, [{ by: 14, do: 'explode', target: 1 }, end],
    'ФМ 8*: Камикадзе забрал Дона', 'A new don is drawn by lot among the living mafia and told to the team.', {
      case: '8*',
      dies: [1, 14],
      roleChanges: [{ seat: 2, from: 'mafia', to: 'don' }],
      events: [
        { e: 'nightAction 14 explode 1', to: '14' },
        { e: 'nightSummary ', to: JUDGE },
        { e: 'eliminated 1 kill', to: PUB },
        { e: 'roleRevealed 1 don', to: PUB },
        { e: 'eliminated 14 kill', to: PUB },
        { e: 'roleRevealed 14 kamikaze', to: PUB },
        { e: 'roleChanged 2 mafia→don', to: '2,3,4,5,6' },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm8a-don-voted-out-with-kamikaze', T20, [], donOutDay(20, 12),
    'ФМ 8*: Дон выбыл днём в игре с Камикадзе', 'Any death of the don in a game with a kamikaze: a new don by lot (R54).', {
      case: '8*',
      dies: [1],
      roleChanges: [{ seat: 5, from: 'mafia', to: 'don' }],
      events: [
        ...Array.from({ length: 20 }, (_, i) => ({ e: `ballotCast ${i + 1} ${i === 0 ? 20 : 1}`, to: PUB })),
        { e: 'lawyerChose 12', to: '12' },
        { e: 'lawyerDeadlinePassed', to: JUDGE },
        { e: 'dayTally 1:19,20:1 leaving 1', to: PUB },
        { e: 'lawyerProtected 12', to: PUB },
        { e: 'eliminated 1 vote', to: PUB },
        { e: 'roleRevealed 1 don', to: PUB },
        { e: 'roleChanged 5 mafia→don', to: '2,3,4,5,6' },
        { e: 'nightStarted 1', to: PUB },
      ],
    }),
  rec('forum-fm8b-no-kamikaze-no-new-don', T12, donOutDay(12, 10), [{ by: 2, do: 'shoot', target: 5 }, { by: 5, do: 'kill', target: 2 }, end],
    'ФМ 8**: без Камикадзе новый Дон не выбирается', 'The don is gone; a rank-and-file mafia and the commissar hit each other: the mafia dies, the commissar lives.', {
      case: '8**',
      dies: [2],
      roleChanges: [],
      events: [
        { e: 'nightAction 2 shoot 5', to: '2,3,4' },
        { e: 'nightAction 5 kill 2', to: '5' },
        { e: 'nightSummary 5,8**', to: JUDGE },
        { e: 'eliminated 2 kill', to: PUB },
        { e: 'roleRevealed 2 mafia', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm8c-team-shot-last-counts', T12, d12, [{ by: 1, do: 'shoot', target: 12 }, { by: 3, do: 'shoot', target: 7 }, { by: 1, do: 'shoot', target: 10 }, end],
    'ФМ 8***: ночной выбор мафии присылает любой из них', "Any living black member sends the team's shot; the team sees each; the last one counts (R52).", {
      case: '8***',
      dies: [10],
      roleChanges: [],
      events: [
        { e: 'nightAction 1 shoot 12', to: BLACK12 },
        { e: 'nightAction 3 shoot 7', to: BLACK12 },
        { e: 'nightAction 1 shoot 10', to: BLACK12 },
        { e: 'nightSummary ', to: JUDGE },
        { e: 'eliminated 10 kill', to: PUB },
        { e: 'roleRevealed 10 lawyer', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm9-maniac-on-commissar-mafia-on-maniac', T12, d12, [{ by: 6, do: 'kill', target: 5 }, { by: 1, do: 'shoot', target: 6 }, end],
    'ФМ 9: маньяк в комиссара, мафия в маньяка', 'No one dies; the commissar is told the maniac shot at him; the mafia are told nothing.', {
      case: '9',
      dies: [],
      roleChanges: [],
      events: [
        { e: 'nightAction 6 kill 5', to: '6' },
        { e: 'nightAction 1 shoot 6', to: BLACK12 },
        { e: 'nightSummary 9', to: JUDGE },
        { e: 'told maniacShotYou', to: '5' },
        { e: 'nightMiss', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec('forum-fm10a-several-choose-priestess', T12, d12, [{ by: 5, do: 'kill', target: 11 }, { by: 6, do: 'kill', target: 11 }, { by: 1, do: 'shoot', target: 11 }, end],
    'ФМ 10*: ЖЛ выбирают несколько ролевых', 'The first to send loses his powers to the priestess for the next night (she is told); the others simply missed.', {
      case: '10*',
      dies: [],
      roleChanges: [],
      events: [
        { e: 'nightAction 5 kill 11', to: '5' },
        { e: 'nightAction 6 kill 11', to: '6' },
        { e: 'nightAction 1 shoot 11', to: BLACK12 },
        { e: 'nightSummary 10*', to: JUDGE },
        { e: 'priestessTook 5 commissar night2 void', to: '11' },
        { e: 'nightMiss', to: PUB },
        { e: 'dayStarted 2', to: PUB },
      ],
    }),
  rec(
    'forum-fm10b-kamikaze-on-priestess',
    T20,
    [...d20, { by: 14, do: 'explode', target: 13 }, end, ...tieDay(20, 12).slice(0, 20), clock('lawyerDeadline'), clock('endDay')],
    [{ by: 2, do: 'shoot', target: 13 }, end],
    'ФМ 10**: Камикадзе напал на ЖЛ',
    "Night 1: the kamikaze's attack is void and the priestess holds his powers for night 2. Night 2: the mafia attack her — she dies with the attacker (the don), the real kamikaze stays.",
    {
      case: '10**',
      dies: [1, 13],
      roleChanges: [{ seat: 5, from: 'mafia', to: 'don' }],
      events: [
        { e: 'nightAction 2 shoot 13', to: '1,2,3,4,5,6' },
        { e: 'nightSummary 6*', to: JUDGE },
        { e: 'eliminated 1 kill', to: PUB },
        { e: 'roleRevealed 1 don', to: PUB },
        { e: 'eliminated 13 kill', to: PUB },
        { e: 'roleRevealed 13 priestess', to: PUB },
        { e: 'roleChanged 5 mafia→don', to: '2,3,4,5,6' },
        { e: 'dayStarted 3', to: PUB },
      ],
    },
  ),
];
