// The one describer: each event (and command, describe-command.ts) in Russian and English — the
// readable protocol of a game for the CLI, the player's log, the judge console, the display and
// the protocol sheet. Pure text; it says only what the event itself carries. A caller that knows
// the players' names passes `name` (a seat as it should read); the default is the judge's «№3».
import type { GameEvent, SkipCause, VoteRound } from './events.js';
import type { Cause, Team } from './vocab.js';
import { roleTitle } from './roles.js';
import { describeForumEvent } from '../presets/forum/forum-describe.js';

export type Lang = 'ru' | 'en';

const T = {
  ru: {
    night: (n: number) => `Ночь ${n}`,
    day: (n: number) => `День ${n}`,
    win: { red: 'Победа красных', black: 'Победа чёрных', neutral: 'Победа маньяка', none: 'Ничья' },
    cause: { vote: 'голосованием', kill: 'убит ночью', fouls: 'за 4 фола', removal: 'удалён ведущим', leave: 'покинул игру', techFouls: 'за 2 технических фола' },
    speech: { day: 'речь', tie: 'речь в перестрелке', last: 'последнее слово', respeech: 'дополнительная речь', silent: 'лишён слова (три фола), может выставить кандидатуру' },
    skip: { fouls: 'три фола', frozen: 'заморожен путаной' },
    round: { main: 'голосование', revote: 'переголосование', allLeave: 'голосование «все уходят?»' },
  },
  en: {
    night: (n: number) => `Night ${n}`,
    day: (n: number) => `Day ${n}`,
    win: { red: 'Red wins', black: 'Black wins', neutral: 'The maniac wins', none: 'Draw' },
    cause: { vote: 'by vote', kill: 'killed at night', fouls: 'for 4 fouls', removal: 'removed by the judge', leave: 'left the game', techFouls: 'for 2 technical fouls' },
    speech: { day: 'speech', tie: 'tie speech', last: 'last word', respeech: 'extra speech', silent: 'no speech (three fouls), may nominate' },
    skip: { fouls: 'three fouls', frozen: 'frozen by the putana' },
    round: { main: 'vote', revote: 'revote', allLeave: '"all leave?" vote' },
  },
} as const;

/** A seat as a judge writes it: «№3» in Russian, "#3" in English. */
export const seatNo = (x: number, lang: Lang): string => (lang === 'ru' ? `№${x}` : `#${x}`);

/** How a seat reads in a line: the judge's number by default, a player's name where the caller has one. */
export type SeatName = (seat: number) => string;

const PRESET_TITLE: Partial<Record<string, [ru: string, en: string]>> = {
  classic: ['классика', 'classic'],
  club: ['клубная', 'club'],
  tournament: ['турнирная', 'tournament'],
  forum: ['форумная', 'forum'],
  fiim: ['ФИИМ', 'FIIM'],
};

/** A night action in words; the target is null when the actor chose no one. */
const VERB: Partial<Record<string, { ru: string; en: string; ruNone: string; enNone: string }>> = {
  shoot: { ru: 'стреляет в', en: 'shoots', ruNone: 'не стреляет', enNone: 'does not shoot' },
  check: { ru: 'проверяет', en: 'checks', ruNone: 'не проверяет', enNone: 'checks no one' },
  heal: { ru: 'лечит', en: 'heals', ruNone: 'никого не лечит', enNone: 'heals no one' },
  block: { ru: 'замораживает', en: 'freezes', ruNone: 'никого не замораживает', enNone: 'freezes no one' },
  save: { ru: 'бережёт', en: 'saves', ruNone: 'никого не бережёт', enNone: 'saves no one' },
  kill: { ru: 'убивает', en: 'kills', ruNone: 'никого не убивает', enNone: 'kills no one' },
  skip: { ru: 'пропускает ход', en: 'skips', ruNone: 'пропускает ход', enNone: 'skips' },
  protect: { ru: 'защищает', en: 'protects', ruNone: 'никого не защищает', enNone: 'protects no one' },
  explode: { ru: 'взрывается вместе с', en: 'blows up with', ruNone: 'не взрывается', enNone: 'does not blow up' },
  seduce: { ru: 'соблазняет', en: 'seduces', ruNone: 'никого не соблазняет', enNone: 'seduces no one' },
  guard: { ru: 'охраняет', en: 'guards', ruNone: 'никого не охраняет', enNone: 'guards no one' },
};

const SAVED: Record<string, [ru: string, en: string]> = { shot: ['выстрела', 'the shot'], maniac: ['маньяка', 'the maniac'], sheriff: ['выстрела шерифа', "the sheriff's shot"], freeze: ['заморозки', 'the freeze'] };

/** The public sources a rule may name, in the reader's words («fiim 9.5.1» → «ФИИМ 9.5.1»). */
const SOURCES: [RegExp, string, string][] = [
  [/\bpolemica zeroVoting\b/g, 'Полемика, нулевой круг', 'Polemica zeroVoting'],
  [/\bpolemica\b/g, 'Полемика', 'Polemica'],
  [/\bfiim\b/g, 'ФИИМ', 'FIIM'],
];

/** A rule reference as a reader sees it: ruling numbers as they are, named sources in words. */
export function ruleLabel(rule: string, lang: Lang): string {
  let out = rule;
  for (const [re, ru, en] of SOURCES) out = out.replace(re, lang === 'ru' ? ru : en);
  return out;
}

/** A team as the console and the protocol name it. */
const TEAM: Record<Team | 'none', [ru: string, en: string]> = {
  red: ['красные (мирные)', 'red (town)'],
  black: ['чёрные (мафия)', 'black (mafia)'],
  neutral: ['нейтрал', 'neutral'],
  none: ['ничья', 'draw'],
};

export function teamName(team: Team | null, lang: Lang): string {
  return TEAM[team ?? 'none'][lang === 'ru' ? 0 : 1];
}

/** How a player left (the protocol's column, the display). */
export function causeName(cause: Cause | string, lang: Lang): string {
  return (T[lang].cause as Record<string, string>)[cause] ?? cause;
}

/** A night verb as an action («стреляет в», "shoots"); the verb itself when it has no words. */
export function verbName(verb: string, lang: Lang): string {
  const v = VERB[verb];
  return v ? v[lang] : verb;
}

/** A voting round («переголосование», "revote"). */
export function roundName(round: VoteRound | string, lang: Lang): string {
  return (T[lang].round as Record<string, string>)[round] ?? round;
}

/** Why a speech was skipped. Events stored before skips named their cause: the club freeze is the one under R23. */
export function skipCause(e: Extract<GameEvent, { t: 'speechSkipped' }>): SkipCause {
  return (e as { cause?: SkipCause }).cause ?? (e.rule === 'R23' ? 'frozen' : 'fouls');
}

/** One line of the protocol for an event, or null for bookkeeping events. */
export function describeEvent(e: GameEvent, lang: Lang = 'ru', name?: SeatName): string | null {
  const t = T[lang];
  const ru = lang === 'ru';
  const no: SeatName = name ?? ((x) => seatNo(x, lang));
  const seats = (xs: readonly number[]): string => xs.map(no).join(', ');
  switch (e.t) {
    case 'gameStarted':
      return ru ? `Игра: ${PRESET_TITLE[e.preset]?.[0] ?? e.preset}, ${e.seats} игроков` : `Game: ${PRESET_TITLE[e.preset]?.[1] ?? e.preset}, ${e.seats} players`;
    case 'roleDealt':
      return `${no(e.seat)}: ${roleTitle(e.role, lang)}`;
    case 'teamRevealed':
      return (ru ? 'Чёрная команда: ' : 'Black team: ') + e.members.map((m) => `${no(m.seat)} (${roleTitle(m.role, lang)})`).join(', ');
    case 'nightStarted':
      return `${t.night(e.night)}. ` + (e.intro ? (ru ? 'Знакомство мафии' : 'The mafia meet') : ru ? 'Город засыпает' : 'The town falls asleep');
    case 'planSet':
      return ru ? `Дон ${no(e.seat)} назначил порядок отстрела: ${seats(e.targets)}` : `Don ${no(e.seat)} set the kill plan: ${seats(e.targets)}`;
    case 'nightAction':
    {
      const v = VERB[e.verb];
      if (!v) return e.target === null ? `${no(e.seat)}: ${e.verb}` : `${no(e.seat)}: ${e.verb} → ${no(e.target)}`;
      return e.target === null ? `${no(e.seat)} ${ru ? v.ruNone : v.enNone}` : `${no(e.seat)} ${ru ? v.ru : v.en} ${no(e.target)}`;
    }
    case 'nightMiss':
      return ru ? 'Промах: этой ночью никто не убит' : 'A miss: nobody was killed tonight';
    case 'checkResult': {
      const r = {
        sheriff: ru ? 'шериф' : 'the sheriff',
        notSheriff: ru ? 'не шериф' : 'not the sheriff',
        red: ru ? 'красный' : 'red',
        black: ru ? 'чёрный' : 'black',
      }[e.result];
      return ru ? `Проверка ${no(e.seat)}: ${no(e.target)} — ${r}` : `Check by ${no(e.seat)}: ${no(e.target)} is ${r}`;
    }
    case 'dayStarted':
      // Only a day with speeches (R3) has a speaking order; a forum day is votes on a schedule.
      if (e.rule !== 'R3') return ru ? `${t.day(e.day)}. Город просыпается` : `${t.day(e.day)}. The town wakes up`;
      return `${t.day(e.day)}. ` + (ru ? `Порядок речей: ${seats(e.order)}` : `Speaking order: ${seats(e.order)}`);
    case 'speechStarted': {
      const short = e.short ? (ru ? ' (укороченная)' : ' (short)') : '';
      return ru ? `${no(e.seat)}: ${t.speech[e.kind]}${short}` : `${no(e.seat)}: ${t.speech[e.kind]}${short}`;
    }
    case 'speechEnded':
      return null;
    case 'speechSkipped': {
      const why = t.skip[skipCause(e)];
      return ru ? `${no(e.seat)} пропускает речь (${why})` : `${no(e.seat)} loses this speech (${why})`;
    }
    case 'said':
      return ru ? `${no(e.seat)}: «${e.text}»` : `${no(e.seat)}: "${e.text}"`;
    case 'floorGiven':
      return ru ? `${no(e.seat)} передаёт слово ${no(e.to)}` : `${no(e.seat)} gives the floor to ${no(e.to)}`;
    case 'nominated':
      return ru ? `${no(e.by)} выставляет ${no(e.target)}. Принято` : `${no(e.by)} nominates ${no(e.target)}. Accepted`;
    case 'nominationWithdrawn':
      return ru ? `${no(e.by)} отзывает кандидатуру ${no(e.target)}` : `${no(e.by)} withdraws the nomination of ${no(e.target)}`;
    case 'fouled':
    {
      // The engine's own reason (a withdrawn hand, R8) in words; a judge's free text as written.
      const reason = e.reason === 'provocation' ? (ru ? 'провокация (отдёрнутая рука)' : 'provocation (a withdrawn hand)') : e.reason;
      return ru ? `Фол ${no(e.seat)} (${e.count})` + (reason ? `: ${reason}` : '') : `Foul on ${no(e.seat)} (${e.count})` + (reason ? `: ${reason}` : '');
    }
    case 'techFouled':
      return (ru ? `Технический фол ${no(e.seat)} (${e.count})` : `Technical foul on ${no(e.seat)} (${e.count})`) + (e.reason ? `: ${e.reason}` : '');
    case 'eliminated':
      return ru ? `${no(e.seat)} выбывает: ${t.cause[e.cause]}` : `${no(e.seat)} is out: ${t.cause[e.cause]}`;
    case 'roleRevealed':
      return ru ? `${no(e.seat)} был(а): ${roleTitle(e.role, lang)}` : `${no(e.seat)} was: ${roleTitle(e.role, lang)}`;
    case 'noVote': {
      const why = {
        noCandidates: ru ? 'никто не выставлен' : 'nobody was nominated',
        firstDaySingle: ru ? 'в первый день выставлен один игрок' : 'a single nominee on day 1',
        firstDayNoVote: ru ? 'в первый день не голосуют' : 'no vote on day 1',
        criticalRemoval: ru ? 'удаление в критической ситуации' : 'a removal in a critical situation',
        cancelled: ru ? 'его отменило удаление' : 'a removal cancelled it',
      }[e.why];
      return ru ? `Голосования нет: ${why}` : `No vote: ${why}`;
    }
    case 'voteCancelled':
      return ru ? `Удаление ${no(e.seat)} отменяет голосование дня ${e.day}` : `The removal of ${no(e.seat)} cancels the vote of day ${e.day}`;
    case 'votesCounted':
      return e.target === null
        ? ru ? `«Все уходят?»: за — ${e.count} (счётом)` : `"All leave?": ${e.count} yes (a count)`
        : ru ? `За ${no(e.target)} — ${e.count} (счётом)` : `For ${no(e.target)}: ${e.count} (a count)`;
    case 'dayOneStays':
      return ru
        ? `Первый день: ${no(e.seat)} набрал больше всех, но остаётся` + (e.respeech ? ' и получает дополнительную речь' : '')
        : `Day one: ${no(e.seat)} has most votes but stays` + (e.respeech ? ' and gets an extra speech' : '');
    case 'verdict':
      return ru ? `Исход решён: ${t.win[e.winner ?? 'none']} (объявляется после последнего слова)` : `The result is settled: ${t.win[e.winner ?? 'none']} (announced after the last word)`;
    case 'leftOnRecord': {
      const list = [...e.red.map((x) => `${no(x)} ${ru ? 'красный' : 'red'}`), ...e.black.map((x) => `${no(x)} ${ru ? 'чёрный' : 'black'}`)].join(', ');
      return ru ? `${no(e.seat)} оставляет под протокол: ${list}` : `${no(e.seat)} leaves on record: ${list}`;
    }
    case 'singleCandidate':
      return ru ? `Выставлен один игрок — ${no(e.seat)} покидает стол без голосования` : `A single nominee — ${no(e.seat)} leaves without a vote`;
    case 'votingStarted':
      return `${t.round[e.round][0]!.toUpperCase()}${t.round[e.round].slice(1)}: ${seats(e.ballot)}`;
    case 'voteCast':
      if (e.leave !== undefined) return ru ? `${no(e.seat)}: ${e.leave ? 'за' : 'против'}` : `${no(e.seat)}: ${e.leave ? 'yes' : 'no'}`;
      // A vote without a candidate is bookkeeping (nothing to read out).
      if (e.target === null) return null;
      return ru ? `${no(e.seat)} голосует за ${no(e.target)}` : `${no(e.seat)} votes for ${no(e.target)}`;
    case 'handWithdrawn':
      return ru ? `${no(e.seat)} отдёрнул руку (провокация)` : `${no(e.seat)} withdrew the hand (provocation)`;
    case 'voteClosed':
      return (ru ? 'Итог: ' : 'Result: ') + e.tally.map((x) => `${no(x.target)} — ${x.count}`).join(', ') + (e.counted ? (ru ? ' (счётом)' : ' (counted)') : '');
    case 'allLeaveClosed': {
      const yes = e.yes.length + (e.counted?.yes ?? 0);
      const nay = e.no.length + (e.counted?.no ?? 0);
      return ru
        ? `«Все уходят?»: за ${yes}, против ${nay} — ${e.leave ? 'уходят все' : 'все остаются'}`
        : `"All leave?": ${yes} yes, ${nay} no — ${e.leave ? 'all leave' : 'all stay'}`;
    }
    case 'tie':
      return ru ? `Перестрелка: ${seats(e.seats)}` : `Tie: ${seats(e.seats)}`;
    case 'teamDefeated': {
      const team = ru ? (e.team === 'black' ? 'чёрных' : 'красных') : e.team;
      const why = e.reason ? ` (${e.reason})` : '';
      return ru ? `Поражение команды ${team}: нарушение ${no(e.seat)}${why}` : `The ${team} team is defeated: an offence by ${no(e.seat)}${why}`;
    }
    case 'gameOver':
      return `${t.win[e.winner ?? 'none']}. ` + e.roles.map((r) => `${no(r.seat)} ${roleTitle(r.role, lang)}`).join(', ');
    // club and tournament (club.ts, tournament.ts)
    case 'frozen':
      return ru ? `${no(e.seat)} заморожен путаной: ход ночи не считается, днём без слова и голоса` : `${no(e.seat)} is frozen by the putana: no night action, no speech or vote tomorrow`;
    case 'healed':
      return ru
        ? `Доктор ${no(e.by)} лечит ${no(e.seat)}` + (e.saved.length ? ` (спасён от ${e.saved.map((x) => SAVED[x]?.[0] ?? x).join(', ')})` : '')
        : `Doctor ${no(e.by)} heals ${no(e.seat)}` + (e.saved.length ? ` (saved from ${e.saved.map((x) => SAVED[x]?.[1] ?? x).join(', ')})` : '');
    case 'guarded':
      return ru ? `Телохранитель ${no(e.by)} закрывает собой ${no(e.seat)}` : `Bodyguard ${no(e.by)} takes the kill meant for ${no(e.seat)}`;
    case 'voteShield':
      return ru ? `Любовница ${no(e.by)} бережёт ${no(e.seat)} от завтрашнего голосования` : `Lover ${no(e.by)} keeps ${no(e.seat)} from tomorrow's vote`;
    case 'keptFromVote':
      return ru ? `${no(e.seat)} остаётся в игре: его засейвила любовница` : `${no(e.seat)} stays: the lover saved them`;
    case 'quietNight':
      return ru ? `Ночь без выстрела при четырёх игроках (${e.count} подряд)` : `A night without a shot at four players (${e.count} in a row)`;
    case 'tieKept': {
      const why = {
        fourPlayers: ru ? 'за столом четверо: переголосования нет' : 'four at the table: no revote',
        everyone: ru ? 'стол поделился между всеми: подъёма нет' : 'the whole table tied: no lifting',
        twoOfFour: ru ? 'двоих при четверых не поднимают' : 'two of four are not lifted',
        threeOfNine: ru ? 'троих при девятерых не поднимают' : 'three of nine are not lifted',
      }[e.why ?? 'fourPlayers'];
      return ru ? `${why[0]!.toUpperCase()}${why.slice(1)}, ${seats(e.seats)} остаются` : `${why[0]!.toUpperCase()}${why.slice(1)}, ${seats(e.seats)} stay`;
    }
    case 'bestMove':
      return ru ? `Лучший ход ${no(e.seat)}: ${seats(e.targets)}` : `Best move by ${no(e.seat)}: ${seats(e.targets)}`;
    case 'extraPoints':
      return ru ? `Доп. баллы ${no(e.seat)}: ${e.points} (${e.reason})` : `Extra points to ${no(e.seat)}: ${e.points} (${e.reason})`;
    default:
      return describeForumEvent(e, lang, no);
  }
}

/** The whole protocol: one line per described event, with phase headings. */
export function describeLog(log: readonly GameEvent[], lang: Lang = 'ru'): string[] {
  const out: string[] = [];
  for (const e of log) {
    const line = describeEvent(e, lang);
    if (line === null) continue;
    const heading = e.t === 'nightStarted' || e.t === 'dayStarted';
    out.push(heading ? `\n${line}` : `  ${line}`);
  }
  return out;
}
