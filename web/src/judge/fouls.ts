// What a seat's fouls mean now (R6, fiim 9.5), and what the next foul would do — by the table's
// third-foul rule (the day flow's option thirdFoul and its companions).
import { dayOptions, dayTurn, type GameState } from '../../../src/engine/index.js';
import type { Lang } from './lang.js';

/** The next day turn of a silenced seat, in words. */
function lostTurn(s: GameState, seat: number, ru: boolean): string {
  const turn = dayTurn(s, seat);
  if ('skip' in turn) return ru ? 'пропускает следующую речь' : 'loses the next speech';
  if (turn.speech === 'silent') return ru ? 'следующая речь — только выставление' : 'the next turn is a nomination only';
  return ru ? 'следующая речь укорочена' : 'the next speech is short';
}

export function foulMeaning(s: GameState, seat: number, lang: Lang): string {
  const x = s.seats[seat - 1];
  if (!x) return '';
  const ru = lang === 'ru';
  if (!x.alive) return ru ? 'выбыл' : 'out';
  if (x.fouls >= 3) return x.silenced ? (ru ? `${lostTurn(s, seat, ru)}; 4-й фол — удаление` : `${lostTurn(s, seat, ru)}; a 4th foul removes`) : ru ? '4-й фол — удаление' : 'a 4th foul removes';
  if (x.fouls === 2) return THIRD[dayOptions(s.options).thirdFoul][ru ? 0 : 1];
  return '';
}

const THIRD = {
  loseSpeech: ['3-й фол лишит следующей речи', 'a 3rd foul costs the next speech'],
  shortSpeech: ['3-й фол укоротит следующую речь (fiim 9.5.2)', 'a 3rd foul shortens the next speech (fiim 9.5.2)'],
  none: ['3-й фол без наказания (fiim 9.5.3)', 'a 3rd foul has no penalty (fiim 9.5.3)'],
} as const;

export function nextFoulEffect(s: GameState, seat: number, lang: Lang): string {
  const x = s.seats[seat - 1];
  if (!x || !x.alive) return '';
  const ru = lang === 'ru';
  const st = s.stage;
  if (x.fouls + 1 >= 4) return ru ? 'удаление без последнего слова (R6)' : 'removal, no last word (R6)';
  if (x.fouls + 1 === 3 && dayOptions(s.options).thirdFoul !== 'loseSpeech') return THIRD[dayOptions(s.options).thirdFoul][ru ? 0 : 1];
  if (x.fouls + 1 === 3)
    return st.kind === 'speech' && st.seat === seat
      ? ru
        ? 'речь заканчивается сейчас, следующая тоже пропадает (R6)'
        : 'the speech ends now and the next one is lost too (R6)'
      : ru
        ? 'теряет следующую речь (R6)'
        : 'loses the next speech (R6)';
  return ru ? 'предупреждение (R6)' : 'a warning (R6)';
}
