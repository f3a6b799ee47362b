// Commands in words (the judge console's edit history, the CLI): the other half of the one
// describer (describe.ts), in Russian and English.
import type { Command } from './command.js';
import { seatNo, verbName, type Lang, type SeatName } from './describe.js';

/** One command as a line of the edit history. */
export function describeCommand(c: Command, lang: Lang, name?: SeatName): string {
  const ru = lang === 'ru';
  const no: SeatName = name ?? ((x) => seatNo(x, lang));
  const list = (xs: readonly number[] | undefined, sep = ', '): string => (xs ?? []).map(no).join(sep);
  const by = typeof c.by === 'number' ? no(c.by) : c.by === 'judge' ? (ru ? 'ведущий' : 'judge') : ru ? 'таймер' : 'clock';
  const t = c.target === undefined ? '' : c.target === null ? (ru ? ' — мимо' : ' — none') : ` ${no(c.target)}`;
  const why = c.reason ? ` (${c.reason})` : '';
  switch (c.do) {
    case 'endSpeech':
      return ru ? `${by}: конец речи` : `${by}: end of speech`;
    case 'nominate':
      return ru ? `${by} выставляет${t}` : `${by} nominates${t}`;
    case 'withdraw':
      return ru ? `${by} отзывает кандидатуру` : `${by} withdraws the nomination`;
    case 'vote':
      if (c.leave !== undefined) return ru ? `${by}: ${c.leave ? 'за' : 'против'} «все уходят»` : `${by}: ${c.leave ? 'yes' : 'no'} to "all leave"`;
      return ru ? `${by} голосует за${t}${c.withdrawn ? ' (отдёрнул руку)' : ''}` : `${by} votes${t}${c.withdrawn ? ' (hand withdrawn)' : ''}`;
    case 'closeVote':
      return ru ? 'Голосование закрыто' : 'Vote closed';
    case 'foul':
      return (ru ? `Фол${t}` : `Foul${t}`) + why;
    case 'remove':
      return (ru ? `Удаление${t}` : `Removal${t}`) + why;
    case 'techFoul':
      return (ru ? `Технический фол${t}` : `Technical foul${t}`) + why;
    case 'teamDefeat':
      return (ru ? `Поражение команды: нарушение${t}` : `Team's defeat: an offence by${t}`) + why;
    case 'plan':
      return ru ? `План дона: ${list(c.targets, ' → ')}` : `Don's plan: ${list(c.targets, ' → ')}`;
    case 'endNight':
      return ru ? 'Утро' : 'Morning';
    case 'giveFloor':
      return ru ? `${by} даёт слово${t}` : `${by} gives the floor to${t}`;
    case 'voteCount':
      return c.leave ? (ru ? `За уход всех — ${c.count} (счётом)` : `All leave: ${c.count} yes (counted)`) : ru ? `Голоса за${t}: ${c.count} (счётом)` : `Votes for${t}: ${c.count} (counted)`;
    case 'bestMove':
      return ru ? `${by}: лучший ход ${list(c.targets)}` : `${by}: best move ${list(c.targets)}`;
    case 'say':
      return `${by}: ${c.text ?? ''}`;
    case 'leave':
      return ru ? `${by} покидает игру` : `${by} leaves the game`;
    case 'endDay':
      return ru ? 'Конец дня' : 'End of the day';
    case 'lawyerDeadline':
      return ru ? 'Срок адвоката истёк' : "The lawyer's deadline";
    case 'extraPoints':
      return (ru ? `Доп. баллы${t}: ${c.points}` : `Extra points${t}: ${c.points}`) + why;
    case 'onRecord':
      return ru ? `${by} под протокол: красные ${list(c.red) || '—'}, чёрные ${list(c.black) || '—'}` : `${by} on record: red ${list(c.red) || '—'}, black ${list(c.black) || '—'}`;
    default:
      if (c.do === 'shoot' && c.target === null) return ru ? `${by} не стреляет` : `${by} does not shoot`;
      return `${by} ${verbName(c.do, lang)}${t}`;
  }
}
