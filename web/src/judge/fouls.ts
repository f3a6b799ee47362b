// What a seat's fouls mean now (R6), and what the next foul would do.
import type { GameState } from '../../../src/engine/index.js';
import type { Lang } from './lang.js';

export function foulMeaning(s: GameState, seat: number, lang: Lang): string {
  const x = s.seats[seat - 1];
  if (!x) return '';
  const ru = lang === 'ru';
  if (!x.alive) return ru ? 'выбыл' : 'out';
  if (x.fouls >= 3) return x.silenced ? (ru ? 'пропускает следующую речь; 4-й фол — удаление' : 'loses the next speech; a 4th foul removes') : ru ? '4-й фол — удаление' : 'a 4th foul removes';
  if (x.fouls === 2) return ru ? '3-й фол лишит следующей речи' : 'a 3rd foul costs the next speech';
  return '';
}

export function nextFoulEffect(s: GameState, seat: number, lang: Lang): string {
  const x = s.seats[seat - 1];
  if (!x || !x.alive) return '';
  const ru = lang === 'ru';
  const st = s.stage;
  if (x.fouls + 1 >= 4) return ru ? 'удаление без последнего слова (R6)' : 'removal, no last word (R6)';
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
