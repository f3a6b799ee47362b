// Events and commands in words, for the console's log, the edit history, the table display and
// the protocol. Each line carries the rule the engine applied (events carry `rule`).
import { describeEvent as engineDescribe, ROLE_DEFS, type Command, type GameEvent, type RoleId, type Team } from '../../../src/engine/index.js';
import type { Lang } from './lang.js';

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

export function roleName(role: RoleId, lang: Lang): string {
  return ROLE_DEFS[role].title[lang];
}

export function teamName(team: Team | null, lang: Lang): string {
  if (team === 'red') return L(lang, 'красные (мирные)', 'red (town)');
  if (team === 'black') return L(lang, 'чёрные (мафия)', 'black (mafia)');
  if (team === 'neutral') return L(lang, 'нейтрал', 'neutral');
  return L(lang, 'ничья', 'draw');
}

const CAUSE: Record<string, [string, string]> = {
  vote: ['голосованием', 'by vote'],
  kill: ['убит ночью', 'killed at night'],
  fouls: ['4 фола', '4 fouls'],
  removal: ['удалён', 'removed'],
  leave: ['покинул игру', 'left the game'],
  techFouls: ['2 технических фола', '2 technical fouls'],
};

export function causeName(cause: string, lang: Lang): string {
  const c = CAUSE[cause];
  return c ? (lang === 'ru' ? c[0] : c[1]) : cause;
}

const VERB: Record<string, [string, string]> = {
  shoot: ['стреляет в', 'shoots'],
  check: ['проверяет', 'checks'],
  heal: ['лечит', 'heals'],
  block: ['замораживает', 'freezes'],
  save: ['спасает', 'saves'],
  kill: ['убивает', 'kills'],
  skip: ['пропускает ход', 'skips'],
  protect: ['защищает', 'protects'],
  explode: ['взрывает', 'explodes'],
  seduce: ['соблазняет', 'seduces'],
};

export function verbName(verb: string, lang: Lang): string {
  const v = VERB[verb];
  return v ? (lang === 'ru' ? v[0] : v[1]) : verb;
}

const ROUND: Record<string, [string, string]> = {
  main: ['голосование', 'vote'],
  revote: ['переголосование', 'revote'],
  allLeave: ['«все уходят?»', '"all leave?"'],
};

export function roundName(r: string, lang: Lang): string {
  const v = ROUND[r];
  return v ? (lang === 'ru' ? v[0] : v[1]) : r;
}

const seat = (n: number): string => `№${n}`;

/** One event in words (no rule; the caller shows `e.rule` beside it). Empty string: not worth a line. */
export function describeEvent(e: GameEvent, lang: Lang): string {
  switch (e.t) {
    case 'gameStarted':
      return L(lang, `Игра началась: ${e.seats} игроков`, `Game started: ${e.seats} players`);
    case 'roleDealt':
      return L(lang, `${seat(e.seat)}: ${roleName(e.role, lang)}`, `${seat(e.seat)}: ${roleName(e.role, lang)}`);
    case 'teamRevealed':
      return L(lang, `Мафия знакомится: ${e.members.map((m) => seat(m.seat)).join(', ')}`, `Mafia meet: ${e.members.map((m) => seat(m.seat)).join(', ')}`);
    case 'nightStarted':
      return e.intro ? L(lang, `Ночь ${e.night}: знакомство`, `Night ${e.night}: introductions`) : L(lang, `Ночь ${e.night}`, `Night ${e.night}`);
    case 'planSet':
      return L(lang, `План дона (${seat(e.seat)}): ${e.targets.map(seat).join(' → ')}`, `Don's plan (${seat(e.seat)}): ${e.targets.map(seat).join(' → ')}`);
    case 'nightAction':
      if (e.verb === 'shoot' && e.target === null) return L(lang, `${seat(e.seat)} не стреляет`, `${seat(e.seat)} does not shoot`);
      return `${seat(e.seat)} ${verbName(e.verb, lang)}${e.target === null ? '' : ` ${seat(e.target)}`}`;
    case 'nightMiss':
      return L(lang, 'Промах: этой ночью никто не убит', 'A miss: no one was killed tonight');
    case 'checkResult': {
      const r: Record<string, [string, string]> = {
        sheriff: ['шериф', 'the sheriff'],
        notSheriff: ['не шериф', 'not the sheriff'],
        red: ['красный', 'red'],
        black: ['чёрный', 'black'],
      };
      const x = r[e.result]!;
      return L(lang, `Проверка ${seat(e.seat)} → ${seat(e.target)}: ${x[0]}`, `Check by ${seat(e.seat)} → ${seat(e.target)}: ${x[1]}`);
    }
    case 'dayStarted':
      return L(lang, `День ${e.day}: говорят ${e.order.join(', ')}`, `Day ${e.day}: speaking order ${e.order.join(', ')}`);
    case 'speechStarted': {
      const kinds: Record<string, [string, string]> = {
        day: e.short ? ['укороченная речь', 'short speech'] : ['речь', 'speech'],
        tie: ['оправдательная речь', 'tie speech'],
        last: ['последнее слово', 'last word'],
        respeech: ['дополнительная речь', 'extra speech'],
        silent: ['без речи (три фола), может выставить', 'no speech (three fouls), may nominate'],
      };
      const k = kinds[e.kind]!;
      return `${seat(e.seat)}: ${L(lang, k[0], k[1])}`;
    }
    case 'speechEnded': {
      const why =
        e.by === 'clock' ? L(lang, 'время вышло', 'time is up') : e.by === 'foul' ? L(lang, '3-й фол', '3rd foul') : e.by === 'removal' ? L(lang, 'удаление', 'removal') : e.by === 'judge' ? L(lang, 'ведущий', 'judge') : L(lang, '«спасибо»', '"thank you"');
      return L(lang, `${seat(e.seat)} закончил речь (${why})`, `${seat(e.seat)} ended (${why})`);
    }
    case 'speechSkipped':
      return engineDescribe(e, lang) ?? '';
    case 'said':
      return `${seat(e.seat)}: ${e.text}`;
    case 'floorGiven':
      return L(lang, `${seat(e.seat)} даёт слово ${seat(e.to)}`, `${seat(e.seat)} gives the floor to ${seat(e.to)}`);
    case 'nominated':
      return L(lang, `${seat(e.by)} выставляет ${seat(e.target)} — принято`, `${seat(e.by)} nominates ${seat(e.target)} — accepted`);
    case 'nominationWithdrawn':
      return L(lang, `${seat(e.by)} отзывает ${seat(e.target)}`, `${seat(e.by)} withdraws ${seat(e.target)}`);
    case 'fouled':
      return L(lang, `${seat(e.seat)}: фол ${e.count}${e.reason ? ` (${e.reason})` : ''}`, `${seat(e.seat)}: foul ${e.count}${e.reason ? ` (${e.reason})` : ''}`);
    case 'eliminated':
      return L(
        lang,
        `${seat(e.seat)} выбывает: ${causeName(e.cause, lang)}${e.reason ? ` (${e.reason})` : ''}${e.lastWord ? ', последнее слово' : ', без последнего слова'}`,
        `${seat(e.seat)} is out: ${causeName(e.cause, lang)}${e.reason ? ` (${e.reason})` : ''}${e.lastWord ? ', last word' : ', no last word'}`,
      );
    case 'roleRevealed':
      return `${seat(e.seat)}: ${roleName(e.role, lang)}`;
    case 'noVote': {
      const why: Record<string, [string, string]> = {
        noCandidates: ['нет кандидатур — голосования нет', 'no candidates — no vote'],
        firstDaySingle: ['первый день, одна кандидатура — голосования нет', 'day 1 with a single candidate — no vote'],
        firstDayNoVote: ['первый день без голосования', 'day 1 holds no vote'],
        criticalRemoval: ['удаление в критической ситуации — голосование отменено, наступает ночь', 'removal in a critical situation — no vote, night falls'],
        cancelled: ['голосование отменено удалением (антимонстр)', 'the vote is cancelled by a removal (anti-monster)'],
      };
      const x = why[e.why]!;
      return L(lang, x[0], x[1]);
    }
    case 'singleCandidate':
      return L(lang, `Единственная кандидатура ${seat(e.seat)} покидает стол`, `Single candidate ${seat(e.seat)} leaves`);
    case 'votingStarted':
      return L(lang, `${cap(roundName(e.round, lang))}: ${e.ballot.map(seat).join(', ')}`, `${cap(roundName(e.round, lang))}: ${e.ballot.map(seat).join(', ')}`);
    case 'voteCast':
      if (e.leave !== undefined) return L(lang, `${seat(e.seat)}: ${e.leave ? 'за' : 'против'}`, `${seat(e.seat)}: ${e.leave ? 'yes' : 'no'}`);
      return L(lang, `${seat(e.seat)} голосует за ${seat(e.target ?? 0)}`, `${seat(e.seat)} votes ${seat(e.target ?? 0)}`);
    case 'handWithdrawn':
      return L(lang, `${seat(e.seat)} отдёрнул руку (провокация)`, `${seat(e.seat)} withdrew the hand (provocation)`);
    case 'voteClosed': {
      const d = e.votes.filter((v) => v.defaulted).map((v) => v.seat);
      const tally = e.tally.map((x) => `${seat(x.target)}: ${x.count}`).join(', ');
      const def = d.length ? L(lang, `; по умолчанию за последнего: ${d.join(', ')}`, `; defaulted to the last candidate: ${d.join(', ')}`) : '';
      // Hands the judge counted have no seats: they stay a count (R8).
      const counted = e.counted?.length ? L(lang, ' (счётом)', ' (counted)') : '';
      return L(lang, `Итог (${roundName(e.round, lang)}): ${tally || '—'}${counted}${def}`, `Result (${roundName(e.round, lang)}): ${tally || '—'}${counted}${def}`);
    }
    case 'allLeaveClosed': {
      const yes = e.yes.length + (e.counted?.yes ?? 0);
      const no = e.no.length + (e.counted?.no ?? 0);
      return L(lang, `«Все уходят?»: за ${yes}, против ${no} — ${e.leave ? 'уходят все' : 'все остаются'}`, `"All leave?": yes ${yes}, no ${no} — ${e.leave ? 'all leave' : 'all stay'}`);
    }
    case 'tie':
      return L(lang, `Перестрелка: ${e.seats.map(seat).join(', ')} — оправдательные речи и переголосование`, `Tie: ${e.seats.map(seat).join(', ')} — tie speeches and a revote`);
    case 'gameOver':
      return L(lang, `Игра окончена: победа — ${teamName(e.winner, lang)}`, `Game over: ${teamName(e.winner, lang)} win`);
    default:
      // Preset events (club freeze and heal, tournament lover, forum…): the engine's own words.
      return engineDescribe(e, lang) ?? (e as { t: string }).t;
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A command in words, for the edit history. */
export function describeCommand(c: Command, lang: Lang): string {
  const by = typeof c.by === 'number' ? seat(c.by) : c.by === 'judge' ? L(lang, 'ведущий', 'judge') : L(lang, 'таймер', 'clock');
  const t = c.target === undefined ? '' : c.target === null ? L(lang, ' — мимо', ' — none') : ` ${seat(c.target)}`;
  switch (c.do) {
    case 'endSpeech':
      return L(lang, `${by}: конец речи`, `${by}: end of speech`);
    case 'nominate':
      return L(lang, `${by} выставляет${t}`, `${by} nominates${t}`);
    case 'withdraw':
      return L(lang, `${by} отзывает кандидатуру`, `${by} withdraws the nomination`);
    case 'vote':
      if (c.leave !== undefined) return L(lang, `${by}: ${c.leave ? 'за' : 'против'} «все уходят»`, `${by}: ${c.leave ? 'yes' : 'no'} to "all leave"`);
      return L(lang, `${by} голосует за${t}${c.withdrawn ? ' (отдёрнул руку)' : ''}`, `${by} votes${t}${c.withdrawn ? ' (hand withdrawn)' : ''}`);
    case 'closeVote':
      return L(lang, 'Голосование закрыто', 'Vote closed');
    case 'foul':
      return L(lang, `Фол${t}${c.reason ? ` (${c.reason})` : ''}`, `Foul${t}${c.reason ? ` (${c.reason})` : ''}`);
    case 'remove':
      return L(lang, `Удаление${t}${c.reason ? ` (${c.reason})` : ''}`, `Removal${t}${c.reason ? ` (${c.reason})` : ''}`);
    case 'plan':
      return L(lang, `План дона: ${(c.targets ?? []).map(seat).join(' → ')}`, `Don's plan: ${(c.targets ?? []).map(seat).join(' → ')}`);
    case 'endNight':
      return L(lang, 'Утро', 'Morning');
    case 'giveFloor':
      return L(lang, `${by} даёт слово${t}`, `${by} gives the floor to${t}`);
    case 'techFoul':
      return L(lang, `Технический фол${t}${c.reason ? ` (${c.reason})` : ''}`, `Technical foul${t}${c.reason ? ` (${c.reason})` : ''}`);
    case 'voteCount':
      return c.leave ? L(lang, `За уход всех — ${c.count} (счётом)`, `All leave: ${c.count} yes (counted)`) : L(lang, `Голоса за${t}: ${c.count} (счётом)`, `Votes for${t}: ${c.count} (counted)`);
    case 'bestMove':
      return L(lang, `${by}: лучший ход ${(c.targets ?? []).map(seat).join(', ')}`, `${by}: best move ${(c.targets ?? []).map(seat).join(', ')}`);
    case 'onRecord':
      return L(lang, `${by} под протокол: красные ${(c.red ?? []).map(seat).join(', ') || '—'}, чёрные ${(c.black ?? []).map(seat).join(', ') || '—'}`, `${by} on record: red ${(c.red ?? []).map(seat).join(', ') || '—'}, black ${(c.black ?? []).map(seat).join(', ') || '—'}`);
    default:
      if (c.do === 'shoot' && c.target === null) return L(lang, `${by} не стреляет`, `${by} does not shoot`);
      return `${by} ${verbName(c.do, lang)}${t}`;
  }
}

/** Events the room may hear about (public), for the decision strip and the display. */
export function isPublicEvent(e: GameEvent): boolean {
  return e.vis === 'public';
}
