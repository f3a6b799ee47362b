// A show of hands becomes per-seat vote commands, or the judge's count (`voteCount`), which the
// record keeps as a count: who raised a hand is then not known and not made up. Seats that never
// raise a hand are left to the engine, which gives their vote to the last candidate (R8).
import { legalCommands, type Command, type GameState } from '../../../src/engine/index.js';

/** Seats that may still vote in this round (alive, not yet voted, not silenced by the preset). */
export function pendingVoters(s: GameState): number[] {
  if (s.stage.kind !== 'vote') return [];
  const out: number[] = [];
  for (const x of s.seats) if (legalCommands(s, x.seat).some((c) => c.do === 'vote')) out.push(x.seat);
  return out;
}

/** May this seat vote for this candidate now (self-vote rules included)? */
export function mayVoteFor(s: GameState, seat: number, target: number): boolean {
  return legalCommands(s, seat).some((c) => c.do === 'vote' && c.target === target);
}

/** Which ballot position the judge is on: the first candidate after the last one that got a hand or a count. */
export function currentCandidateIndex(s: GameState): number {
  if (s.stage.kind !== 'vote' || s.stage.round === 'allLeave') return 0;
  let last = -1;
  for (const v of [...s.votes, ...(s.counts ?? []).map((c) => c.target ?? -1)]) {
    const i = s.ballot.indexOf(v);
    if (i > last) last = i;
  }
  return Math.min(last + 1, Math.max(0, s.ballot.length - 1));
}

/** Votes so far per candidate (the judge's view of the room, not public until close): seats, and counted hands. */
export function countsSoFar(s: GameState): Map<number, { seats: number[]; counted: number }> {
  const out = new Map<number, { seats: number[]; counted: number }>();
  for (const t of s.ballot) out.set(t, { seats: [], counted: 0 });
  s.votes.forEach((v, i) => {
    if (v !== -1 && out.has(v)) out.get(v)!.seats.push(i + 1);
  });
  for (const c of s.counts ?? []) if (c.target !== null && out.has(c.target)) out.get(c.target)!.counted += c.count;
  return out;
}

/** Hands counted so far in this round (the judge's `voteCount`s). */
export function countedSoFar(s: GameState): number {
  let n = 0;
  for (const c of s.counts ?? []) n += c.count;
  return n;
}

export interface HandsInput {
  target: number;
  hands: number[];
  /** Hands raised and pulled back ("провокация", R8): handled by the table's `provocation` option. */
  withdrawn?: number[];
}

/** Per-seat commands for a show of hands; seats that cannot vote for the target are reported. */
export function handsToCommands(s: GameState, input: HandsInput): { commands: Command[]; refused: number[] } {
  const commands: Command[] = [];
  const refused: number[] = [];
  const withdrawn = new Set(input.withdrawn ?? []);
  const seats = [...new Set([...input.hands, ...withdrawn])].sort((a, b) => a - b);
  for (const seat of seats) {
    if (!mayVoteFor(s, seat, input.target)) {
      refused.push(seat);
      continue;
    }
    const c: Command = { by: seat, do: 'vote', target: input.target };
    if (withdrawn.has(seat)) c.withdrawn = true;
    commands.push(c);
  }
  return { commands, refused };
}

/**
 * A typed count (R8): the room's tally for the candidate (or «all leave?», `target` null), kept as
 * a count. Null when more hands than voters are left.
 */
export function countCommand(s: GameState, target: number | null, count: number): Command | null {
  const left = pendingVoters(s).length - countedSoFar(s);
  const may = target === null ? left : Math.min(left, pendingVoters(s).filter((seat) => mayVoteFor(s, seat, target)).length);
  if (!Number.isInteger(count) || count < 0 || count > may) return null;
  return target === null ? { by: 'judge', do: 'voteCount', leave: true, count } : { by: 'judge', do: 'voteCount', target, count };
}

/** "All leave?" (R9): hands up mean yes; everyone else counts as no when the judge closes. */
export function allLeaveCommands(s: GameState, yes: number[]): Command[] {
  const pending = new Set(pendingVoters(s));
  return [...new Set(yes)].filter((seat) => pending.has(seat)).sort((a, b) => a - b).map((seat) => ({ by: seat, do: 'vote', leave: true }));
}

/** Seats whose vote the engine will give to the last candidate if the round closed now (R8). */
export function defaultVoters(s: GameState): number[] {
  return pendingVoters(s);
}

/** How many votes go to the last candidate if the round closed now: counted hands leave fewer seats behind. */
export function defaultCount(s: GameState): number {
  return Math.max(0, pendingVoters(s).length - countedSoFar(s));
}
