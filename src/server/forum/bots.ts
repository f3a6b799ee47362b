// Bots on forum seats: each day, once the vote opens, a short post and a vote with a short
// reason (and the lawyer's choice); each night their role's choice. They choose only among the
// engine's legal commands for their seat, so a bot knows no more than its player would.
import { mulberry32, seedFromText, type Command } from '../../engine/index.js';
import { dayClosed, isNightVerb, kamikazePick, type ForumGame } from './game.js';

const POSTS = ['Присматриваюсь к голосам.', 'Слишком тихо сегодня, это подозрительно.', 'Пока мнения нет, слушаю.', 'Голоса уже многое объясняют.', 'Поддержу версию выше.'];
const REASONS = ['Слишком осторожные посты.', 'Странно голосует.', 'Уходит от ответов.', 'Интуиция.', 'Защищает подозрительных.'];

/** The bots' turn for the current phase (once per phase); true if they did anything. */
export function botTurn(g: ForumGame, now: number): boolean {
  const s = g.state;
  const st = g.step();
  if (!s || s.finished || !st) return false;
  let acted = false;
  const bots = g.doc.seats.map((x, i) => ({ x, seat: i + 1 })).filter(({ x, seat }) => x.bot && s.seats[seat - 1]!.alive);
  // The voted-out kamikaze bot takes no one with him (a bot does not guess at blacks).
  const pick = kamikazePick(s);
  if (pick !== null && g.doc.seats[pick - 1]?.bot && s.phase === 'day') {
    if (g.command({ by: pick, do: 'explode', target: null }, now).ok) acted = true;
  }
  const phaseKey = `${s.phase}${s.number}`;
  if (g.doc.botsDone === phaseKey) return acted;
  // Seeded by the secret seed (never the public id): no player can foresee a bot.
  const seed = `${g.doc.setup.seed ?? g.doc.id}:${phaseKey}`;
  let rnd = mulberry32(seedFromText(seed));
  const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const reseat = (seat: number): void => {
    rnd = mulberry32(seedFromText(`${seed}:${seat}`));
  };
  if (s.phase === 'day') {
    const w = g.voteWindow();
    if (!w || now < w.opens || now >= w.closes || dayClosed(s)) return acted;
    for (const { seat } of bots) {
      reseat(seat);
      g.post(seat, pickOf(POSTS), now);
      const legal = g.legal(seat);
      const protect = legal.filter((c) => c.do === 'protect' && c.target !== seat);
      if (protect.length > 0) g.protect(seat, pickOf(protect).target ?? null, now);
      const votes = legal.filter((c) => c.do === 'vote' && c.target !== seat && !sameTeam(g, seat, c));
      if (votes.length > 0) g.vote(seat, pickOf(votes).target!, pickOf(REASONS), now);
    }
  } else {
    const black = g.blackSeats();
    const humanBlack = black.some((x) => !g.doc.seats[x - 1]!.bot);
    const agreed = g.doc.sender && g.doc.sender.night === s.number && black.includes(g.doc.sender.seat);
    const botBlack = bots.find(({ seat }) => black.includes(seat));
    // An all-bot team agrees its lowest seat sends; with a human among them the humans agree.
    if (!agreed && !humanBlack && botBlack) g.setSender(botBlack.seat, botBlack.seat, now);
    for (const { seat } of bots) {
      reseat(seat);
      const legal = g.legal(seat).filter((c) => isNightVerb(c.do) && c.do !== 'explode' && !sameTeam(g, seat, c));
      const byVerb = new Map<string, Command[]>();
      for (const c of legal) byVerb.set(c.do, [...(byVerb.get(c.do) ?? []), c]);
      for (const [verb, cmds] of byVerb) {
        if (verb === 'shoot' && black.length > 1 && g.doc.sender?.seat !== seat) continue;
        const c = pickOf(cmds);
        if (isNightVerb(c.do)) g.night(seat, c.do, c.target ?? null, now);
      }
    }
  }
  g.doc.botsDone = phaseKey;
  return true;
}

/** A black bot neither votes nor shoots at its own team (it knows them from the deal). */
function sameTeam(g: ForumGame, seat: number, c: Command): boolean {
  const s = g.state!;
  if (c.target === null || c.target === undefined || c.do === 'heal' || c.do === 'protect') return false;
  return s.seats[seat - 1]!.team === 'black' && s.seats[c.target - 1]!.team === 'black';
}
