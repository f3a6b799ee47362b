// legalCommands(state, actor): what an actor may do now. Bots and UIs choose from this list;
// every command in it is accepted by apply() (a property test holds it to that). Free-form
// commands are not listed: `say` and the don's `plan`. Colours on record are listed one seat and
// colour at a time (a speaker may name several in one command), the judge's counted hands as every
// count the round still allows.
import type { Command } from './command.js';
import { SPEECHES } from './day-flow.js';
import type { Actor } from './events.js';
import { penaltyTargets } from './discipline.js';
import { dayOptions } from './options.js';
import { missesOut } from './night.js';
import { mayLeaveOnRecord } from './on-record.js';
import { legalBestMoves } from './points.js';
import { rulesOf } from './rules.js';
import { countsLeft } from './vote.js';
import { ROLE_DEFS } from './roles.js';
import type { GameState } from './state.js';
import { hasActed, isOn } from './table.js';

export function legalCommands(s: GameState, actor: Actor): Command[] {
  const out: Command[] = [];
  if (s.finished) return out;
  const st = s.stage;
  const rules = rulesOf(s);
  if (rules.legal) return rules.legal(s, actor);
  if (actor === 'clock' || actor === 'judge') {
    if (st.kind === 'speech') out.push({ by: actor, do: 'endSpeech' });
    if (st.kind === 'vote') out.push({ by: actor, do: 'closeVote' });
    if (st.kind === 'night') out.push({ by: actor, do: 'endNight' });
    if (actor === 'judge') {
      const penalised = penaltyTargets(s);
      for (const t of penalised) out.push({ by: 'judge', do: 'foul', target: t });
      if (dayOptions(s.options).technicalFouls) for (const t of penalised) out.push({ by: 'judge', do: 'techFoul', target: t });
      for (const t of penalised) out.push({ by: 'judge', do: 'remove', target: t });
      if (st.kind === 'vote') out.push(...legalCounts(s));
      for (const extra of rules.judgeExtras?.(s) ?? []) out.push(extra);
    }
    return out;
  }
  const me = s.seats[actor - 1];
  if (!me) return out;
  if (st.kind === 'speech' && st.seat === actor) {
    const living = livingSeats(s);
    out.push({ by: actor, do: 'endSpeech' });
    if (SPEECHES[st.speech].nominate && !rules.mutedToday(s, actor)) {
      const mine = s.nominations.find((n) => n.by === actor);
      const withdrawing = dayOptions(s.options).withdrawNomination;
      if (mine && s.speechNominated && withdrawing !== 'never') out.push({ by: actor, do: 'withdraw' });
      // fiim 7.5.2: a new nomination in the same speech replaces the earlier one.
      if (!mine || (s.speechNominated && withdrawing === 'auto'))
        for (const t of living) if (!s.nominations.some((n) => n.target === t)) out.push({ by: actor, do: 'nominate', target: t });
    }
    if (mayLeaveOnRecord(s, actor))
      for (const x of s.seats) if (x.seat !== actor) out.push({ by: actor, do: 'onRecord', red: [x.seat] }, { by: actor, do: 'onRecord', black: [x.seat] });
    for (const extra of legalBestMoves(s, actor)) out.push(extra);
    for (const extra of rules.legalExtras?.(s, actor) ?? []) out.push(extra);
    return out;
  }
  if (!me.alive) return out;
  if (st.kind === 'vote' && s.votes[actor - 1] === -1 && rules.canVote(s, actor)) {
    if (st.round === 'allLeave') {
      out.push({ by: actor, do: 'vote', leave: true }, { by: actor, do: 'vote', leave: false });
    } else {
      for (const t of s.ballot) if (t !== actor || s.options.selfVote) out.push({ by: actor, do: 'vote', target: t });
    }
    return out;
  }
  if (st.kind === 'night' && !st.intro) {
    const abilities = ROLE_DEFS[me.role].abilities;
    // Most seats hold no night ability: nothing to list, nothing to allocate.
    const living = abilities.length > 0 ? livingSeats(s) : [];
    for (const a of abilities) {
      if (a.when !== 'night' || hasActed(s, actor, a.verb) || !isOn(s, actor, a)) continue;
      if (a.slot !== undefined && s.actions.some((x) => x.seat === actor && ROLE_DEFS[me.role].abilities.some((b) => b.verb === x.verb && b.slot === a.slot))) continue;
      if (a.verb === 'skip') {
        if (!rules.checkNightAction(s, actor, 'skip', null)) out.push({ by: actor, do: 'skip' });
        continue;
      }
      // A team's shot may name a seat already out where that is a miss (fiim 8.7, option shotAtOut).
      const targets = a.verb === 'check' ? s.seats.map((x) => x.seat).filter((t) => t !== actor) : missesOut(s, a) ? s.seats.map((x) => x.seat) : living;
      for (const t of targets) if (!rules.checkNightAction(s, actor, a.verb, t)) out.push({ by: actor, do: a.verb, target: t });
      if (a.verb === 'shoot') out.push({ by: actor, do: 'shoot', target: null });
    }
  }
  for (const extra of rules.legalExtras?.(s, actor) ?? []) out.push(extra);
  return out;
}

/** Living seats in seat order; computed only by the branches that list targets (legalCommands is
 * asked for every seat at every step by bots and the console, and most seats may do nothing). */
function livingSeats(s: GameState): number[] {
  const out: number[] = [];
  for (const x of s.seats) if (x.alive) out.push(x.seat);
  return out;
}

/** The judge's counts of raised hands (R8) the round still allows: each uncounted candidate, each count. */
function legalCounts(s: GameState): Command[] {
  const st = s.stage;
  if (st.kind !== 'vote') return [];
  const out: Command[] = [];
  const targets: (number | null)[] = st.round === 'allLeave' ? [null] : s.ballot;
  for (const target of targets) {
    const max = countsLeft(s, target);
    for (let count = 1; count <= max; count++)
      out.push(target === null ? { by: 'judge', do: 'voteCount', leave: true, count } : { by: 'judge', do: 'voteCount', target, count });
  }
  return out;
}
