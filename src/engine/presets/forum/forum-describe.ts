// The judge's words for the forum events (docs/rules/forum.md), for describe.ts.
import type { GameEvent } from '../../core/events.js';
import type { TellKind } from './forum-types.js';
import { roleTitle } from '../../core/roles.js';

import type { Lang } from '../../core/describe.js';

const TELL: Record<TellKind, [ru: string, en: string]> = {
  checked: ['Вы проверили', 'You checked'],
  savedCivilian: ['Вы спасли мирного жителя', 'You saved a civilian'],
  woundedCivilian: ['Вы ранили мирного жителя', 'You wounded a civilian'],
  mafiaAimedAtYou: ['В вас целилась мафия', 'The mafia aimed at you'],
  removedManiac: ['Вы удалили из игры маньяка', 'You removed the maniac'],
  commissarSaved: ['Комиссар спас мирного жителя', 'The commissar saved a civilian'],
  maniacShotYou: ['Маньяк стрелял в вас', 'The maniac shot at you'],
};

const RESULT = {
  civilian: ['мирный житель', 'a civilian'],
  maniac: ['маньяк', 'the maniac'],
  kamikaze: ['камикадзе', 'the kamikaze'],
  black: ['мафия', 'mafia'],
} as const;

/** One protocol line for a forum event, or null for other events and bookkeeping. */
export function describeForumEvent(e: GameEvent, lang: Lang, no: (seat: number) => string = (x) => (lang === 'ru' ? `№${x}` : `#${x}`)): string | null {
  const ru = lang === 'ru';
  const i = ru ? 0 : 1;
  switch (e.t) {
    case 'ballotCast':
      return ru ? `${no(e.seat)} голосует против ${no(e.target)}: ${e.reason}` : `${no(e.seat)} votes against ${no(e.target)}: ${e.reason}`;
    case 'lawyerChose':
      return ru ? `Адвокат ${no(e.seat)} защищает ${e.target === null ? 'никого' : `${no(e.target)}`}` : `The lawyer ${no(e.seat)} protects ${e.target === null ? 'no one' : `${no(e.target)}`}`;
    case 'lawyerDeadlinePassed':
      return ru ? 'Срок выбора адвоката истёк' : "The lawyer's deadline has passed";
    case 'lawyerMissed':
      return ru ? `Адвокат в этот день не работал (${e.count}-й раз)` : `The lawyer did not work today (time ${e.count})`;
    case 'dayTally': {
      const tally = e.tally.map((x) => `${no(x.target)}: ${x.count}`).join(', ');
      const out = e.leaving === null ? (ru ? 'никто не покидает игру' : 'no one leaves') : ru ? `игру покидает ${no(e.leaving)}` : `${no(e.leaving)} leaves`;
      return ru ? `Итоги голосования: ${tally || '—'}; ${out}` : `Vote result: ${tally || '—'}; ${out}`;
    }
    case 'lawyerProtected':
      return (ru ? `Адвокат защищал ${no(e.seat)}` : `The lawyer protected ${no(e.seat)}`) + (e.blind ? (ru ? ' (вслепую)' : ' (blind)') : e.saved ? (ru ? ' и оправдал' : ' and saved them') : '');
    case 'bonusPlayed':
      return ru ? `Сыграл бонус: ${no(e.seat)} остаётся в игре` : `The bonus played: ${no(e.seat)} stays`;
    case 'roleChanged':
      return ru ? `${no(e.seat)}: теперь ${roleTitle(e.to, lang)} (был ${roleTitle(e.from, lang)})` : `${no(e.seat)} is now ${roleTitle(e.to, lang)} (was ${roleTitle(e.from, lang)})`;
    case 'healAnnounced':
      return ru ? `Доктор лечил ${no(e.seat)}` + (e.saved ? ' и спас' : '') : `The doctor healed ${no(e.seat)}` + (e.saved ? ' and saved them' : '');
    case 'told': {
      const to = Array.isArray(e.vis) ? `→ ${e.vis.map((x: number) => no(x)).join(', ')}: ` : '';
      const base = TELL[e.kind][i];
      if (e.kind === 'checked' && e.target !== undefined && e.result) return `${to}${base} ${no(e.target)}: ${RESULT[e.result][i]}`;
      return to + base;
    }
    case 'priestessTook':
      return ru
        ? `Жрица ${no(e.seat)} перенимает роль «${roleTitle(e.role, lang)}» (${no(e.from)}) на ночь ${e.night}`
        : `The priestess ${no(e.seat)} takes over ${roleTitle(e.role, lang)} (${no(e.from)}) for night ${e.night}`;
    case 'kamikazeAwaits':
      return ru ? `Камикадзе ${no(e.seat)} выбирает, кого забрать с собой` : `The kamikaze ${no(e.seat)} picks whom to take along`;
    case 'nightSummary':
      return (ru ? 'Форс-мажоры ночи: ' : 'Force majeure tonight: ') + (e.cases.join(', ') || '—');
    default:
      return null;
  }
}
