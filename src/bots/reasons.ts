// Why a bot reads a seat as it does, as data, and in words for its speeches (Russian or English).
// A reason never contains the speech labels ("Подозреваю", "Выставляю", …) nor a full stop, so a
// reader of the speech (speech.ts) finds the suspects and the nomination around it.
import type { Lang } from './policy.js';

export type Reason =
  | { k: 'falseSheriffMe' }
  | { k: 'knownBlackClaims' }
  | { k: 'calledRedBlack'; t: number }
  | { k: 'calledBlackRed'; t: number }
  | { k: 'realSheriffKilled'; t: number }
  | { k: 'claimedSheriff' }
  | { k: 'sheriffCalled'; by: number; t: number; black: boolean }
  | { k: 'nominatedRed'; t: number; day: number }
  | { k: 'nominatedBlack'; t: number; day: number }
  | { k: 'votedRed'; t: number; day: number }
  | { k: 'votedBlack'; t: number; day: number }
  | { k: 'votedSheriff'; t: number }
  | { k: 'allLeave'; ballot: readonly number[] }
  | { k: 'accusedRed'; t: number }
  | { k: 'accusedBlack'; t: number }
  | { k: 'suspectedByVictim'; by: number }
  | { k: 'vouchedBlack'; t: number }
  | { k: 'myCheck'; black: boolean }
  | { k: 'intuition' }
  | { k: 'knownBlack' }
  | { k: 'knownRed' }
  | { k: 'none' };

const list = (xs: readonly number[]): string => xs.join(', ');

/** The reason in words; `me` is the speaker, who says "me" rather than their own number. */
export function reasonText(r: Reason, lang: Lang, me?: number): string {
  const ru = lang === 'ru';
  if ('t' in r && r.t === me) {
    const d = 'day' in r ? (ru ? `в ${r.day}-й день ` : '') : '';
    const on = 'day' in r && !ru ? ` on day ${r.day}` : '';
    if (r.k === 'nominatedRed') return ru ? `${d}выставил меня, а я красный` : `nominated me, a red${on}`;
    if (r.k === 'votedRed') return ru ? `${d}голосовал против меня, а я красный` : `voted against me, a red${on}`;
    if (r.k === 'accusedRed') return ru ? 'обвинял меня, а я красный' : 'accused me, a red';
    if (r.k === 'calledRedBlack') return ru ? 'назвал меня чёрным, а я красный' : 'called me black, but I am red';
  }
  switch (r.k) {
    case 'falseSheriffMe':
      return ru ? 'назвался шерифом, а шериф — я' : 'claims sheriff, but I am the sheriff';
    case 'knownBlackClaims':
      return ru ? 'чёрный назвался шерифом' : 'a black player claiming sheriff';
    case 'calledRedBlack':
      return ru ? `назвал чёрным ${r.t}, а ${r.t} красный` : `called ${r.t} black, but ${r.t} is red`;
    case 'calledBlackRed':
      return ru ? `назвал красным ${r.t}, а ${r.t} чёрный` : `called ${r.t} red, but ${r.t} is black`;
    case 'realSheriffKilled':
      return ru ? `настоящим шерифом был ${r.t}, его убили ночью` : `the real sheriff was ${r.t}, killed at night`;
    case 'claimedSheriff':
      return ru ? 'назвался шерифом' : 'claimed sheriff';
    case 'sheriffCalled':
      return ru ? `шериф ${r.by} назвал ${r.t} ${r.black ? 'чёрным' : 'красным'}` : `sheriff ${r.by} called ${r.t} ${r.black ? 'black' : 'red'}`;
    case 'nominatedRed':
      return ru ? `в ${r.day}-й день выставил красного ${r.t}` : `nominated ${r.t} (red) on day ${r.day}`;
    case 'nominatedBlack':
      return ru ? `в ${r.day}-й день выставил чёрного ${r.t}` : `nominated ${r.t} (black) on day ${r.day}`;
    case 'votedRed':
      return ru ? `в ${r.day}-й день голосовал против красного ${r.t}` : `voted against ${r.t} (red) on day ${r.day}`;
    case 'votedBlack':
      return ru ? `в ${r.day}-й день голосовал против чёрного ${r.t}` : `voted against ${r.t} (black) on day ${r.day}`;
    case 'votedSheriff':
      return ru ? `голосовал против шерифа ${r.t}` : `voted against the sheriff ${r.t}`;
    case 'allLeave':
      return ru ? `голосовал за то, чтобы ушли все: ${list(r.ballot)}` : `voted for all of ${list(r.ballot)} to leave`;
    case 'accusedRed':
      return ru ? `обвинял красного ${r.t}` : `accused ${r.t} (red)`;
    case 'accusedBlack':
      return ru ? `обвинял чёрного ${r.t}` : `accused ${r.t} (black)`;
    case 'suspectedByVictim':
      if (r.by === me) return ru ? 'я подозревал его и раньше' : 'I suspected him before';
      return ru ? `его подозревал ${r.by}, убитый ночью` : `suspected by ${r.by}, killed at night`;
    case 'vouchedBlack':
      return ru ? `заступался за чёрного ${r.t}` : `vouched for ${r.t} (black)`;
    case 'myCheck':
      return ru ? (r.black ? 'моя проверка: чёрный' : 'моя проверка: красный') : r.black ? 'my check: black' : 'my check: red';
    case 'intuition':
      return ru ? 'интуиция' : 'intuition';
    case 'knownBlack':
      return ru ? 'точно чёрный' : 'known black';
    case 'knownRed':
      return ru ? 'точно красный' : 'known red';
    case 'none':
      return ru ? 'ничего определённого' : 'no evidence yet';
  }
}
