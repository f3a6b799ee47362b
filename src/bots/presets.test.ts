// The club policy plays every preset sensibly, in seeded games: it finishes, never has a command
// refused, never shoots or kills a player it knows to be on its own side, never nominates and
// withdraws in a loop, never leaves a forum game on its own (R51), and says in Russian what it
// thinks (R4 speeches; forum R42 posts and reasoned ballots).
import { describe, expect, it } from 'vitest';
import { PRESET_DEFS, PRESETS, type GameEvent, type GameState, type PresetId } from '../engine/index.js';
import { playGame } from './play.js';
import { getPolicy } from './registry.js';
import { readSpeech } from './speech.js';

const GAMES = 12;
const club = getPolicy('club');
const presets = PRESETS.filter((p) => PRESET_DEFS[p]) as PresetId[];

function games(preset: PresetId): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < GAMES; g++) {
    const r = playGame({ preset, seed: 41, game: g, lang: 'ru', policies: { red: club, black: club, neutral: club } });
    expect(r.rejected, `${preset} game ${g}`).toEqual([]);
    expect(r.stuck, `${preset} game ${g}`).toBe(false);
    out.push(r.state);
  }
  return out;
}

const ATTACKS = new Set(['shoot', 'kill', 'explode']);

/** Who each seat knows to be on its side, from its own events: its black team, its red checks. */
function friendsOf(s: GameState, seat: number, upTo: number): Set<number> {
  const me = s.seats[seat - 1]!;
  const out = new Set<number>();
  for (const e of s.log.slice(0, upTo) as GameEvent[]) {
    if (e.t === 'teamRevealed' && me.team === 'black' && e.members.some((m) => m.seat === seat)) for (const m of e.members) out.add(m.seat);
    if (e.t === 'checkResult' && e.seat === seat && e.result === 'red') out.add(e.target);
    if (e.t === 'told' && e.kind === 'checked' && Array.isArray(e.vis) && e.vis.includes(seat) && e.target !== undefined && e.result !== 'black') out.add(e.target);
  }
  out.delete(seat);
  return out;
}

describe.each(presets)('club bots at a %s table', (preset) => {
  const played = games(preset);

  it('finish every game with a result', () => {
    for (const s of played) expect(s.finished).toBe(true);
  });

  it('never shoot or kill a player they know to be on their side', () => {
    for (const s of played)
      s.log.forEach((e, i) => {
        if (e.t !== 'nightAction' || !ATTACKS.has(e.verb) || e.target === null) return;
        expect(friendsOf(s, e.seat, i).has(e.target), `${preset}: ${e.seat} ${e.verb} ${e.target} on night ${e.number}`).toBe(false);
      });
  });

  it('nominate at most once a speech and never withdraw in a loop', () => {
    for (const s of played) {
      let speaker: number | null = null;
      let acts = 0;
      for (const e of s.log) {
        if (e.t === 'speechStarted') [speaker, acts] = [e.seat, 0];
        if ((e.t === 'nominated' && e.by === speaker) || (e.t === 'nominationWithdrawn' && e.by === speaker)) acts++;
        expect(acts).toBeLessThanOrEqual(1);
      }
      expect(s.log.filter((e) => e.t === 'nominationWithdrawn')).toEqual([]);
    }
  });

  it('never leave the game on their own', () => {
    for (const s of played) expect(s.log.filter((e) => e.t === 'eliminated' && e.cause === 'leave')).toEqual([]);
  });

  it('speak Russian: what they suspect and why; a nomination they announce is the one they make', () => {
    let spoken = 0;
    let reasoned = 0;
    for (const s of played) {
      const said = s.log.filter((e): e is Extract<GameEvent, { t: 'said' }> => e.t === 'said');
      spoken += said.length;
      for (const e of said) {
        expect(e.text, e.text).not.toMatch(/[A-Za-z]/);
        expect(e.text.length).toBeLessThan(400);
        if (/ — /.test(e.text)) reasoned++;
        const sp = readSpeech(e.text);
        if (sp.nominate === undefined || e.phase !== 'day') continue;
        const next = s.log.slice(e.n + 1).find((x) => (x.t === 'nominated' && x.by === e.seat) || x.t === 'speechEnded');
        // The engine may refuse nothing here (rejected is empty): the named seat is put up unless it already is.
        if (next?.t === 'nominated') expect(next.target).toBe(sp.nominate);
      }
      for (const e of s.log) if (e.t === 'ballotCast') expect(e.reason, 'a forum ballot has its reason (R42)').toMatch(/^[^A-Za-z]+$/);
    }
    expect(spoken).toBeGreaterThan(GAMES * 5);
    expect(reasoned).toBeGreaterThan(0);
  });
});

describe('forum bots', () => {
  it('play on past day one: only the vote (and a voted-out kamikaze\'s pick) takes players on day 1', () => {
    for (let g = 0; g < GAMES; g++) {
      const r = playGame({ preset: 'forum', seed: 43, game: g, policies: { red: club, black: club, neutral: club } });
      const day1 = r.state.log.filter((e) => e.t === 'eliminated' && e.phase === 'day' && e.number === 1);
      expect(day1.length).toBeLessThanOrEqual(2);
      expect(r.state.log.some((e) => e.t === 'dayStarted' && e.number === 2) || r.state.finished).toBe(true);
    }
  });
});
