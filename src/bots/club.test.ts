// The club policy: beats the random policy team against team in both colours (significant at
// 95 %), explains every decision, and follows the guide in the situations it names.
import { describe, expect, it } from 'vitest';
import { runTotals } from './sim/run.js';
import { zAbove } from './sim/stats.js';
import { playGame } from './play.js';
import { getPolicy } from './registry.js';
import { readSpeech, renderSpeech } from './speech.js';

const GAMES = 300;

describe('club policy', () => {
  it('club beats random team against team, both colours (z > 1.96 against random vs random)', async () => {
    const run = (red: string, black: string) =>
      runTotals({ preset: 'classic', policies: { red, black, neutral: red }, games: GAMES, seed: 31 }, { workers: 0 });
    const base = await run('random', 'random');
    const clubRed = await run('club', 'random');
    const clubBlack = await run('random', 'club');
    expect(zAbove(clubRed.red, GAMES, base.red, GAMES)).toBeGreaterThan(1.96);
    expect(zAbove(clubBlack.black, GAMES, base.black, GAMES)).toBeGreaterThan(1.96);
    // and each club team wins most of its games outright
    expect(clubRed.red / GAMES).toBeGreaterThan(0.5);
    expect(clubBlack.black / GAMES).toBeGreaterThan(0.5);
  });

  it('every decision says why; speeches are short templated text in the chosen language', () => {
    const club = getPolicy('club');
    for (const lang of ['ru', 'en'] as const) {
      const whys: string[] = [];
      const texts: string[] = [];
      const r = playGame({
        preset: 'classic',
        seed: 5,
        game: 1,
        lang,
        policies: { red: club, black: club, neutral: club },
        onDecision: (_s, d) => {
          whys.push(d.why);
          if (d.command.do === 'say') texts.push(d.command.text!);
        },
      });
      expect(r.rejected).toEqual([]);
      expect(whys.every((w) => w.length > 0)).toBe(true);
      expect(texts.length).toBeGreaterThan(5);
      for (const t of texts) expect(t.length).toBeLessThan(300);
      expect(texts.every((t) => (lang === 'ru' ? /Спасибо/.test(t) : /Thank you/.test(t)))).toBe(true);
    }
  });

  it('the sheriff opens up in the last word; the team shoots an open sheriff the next night', () => {
    const club = getPolicy('club');
    let lastWordClaims = 0;
    let shotOpenSheriff = 0;
    for (let g = 0; g < 40; g++) {
      const r = playGame({ preset: 'classic', seed: 9, game: g, policies: { red: club, black: club, neutral: club } });
      const s = r.state;
      const sheriff = s.seats.find((x) => x.role === 'sheriff')!.seat;
      let speaking: { seat: number; kind: string } | null = null;
      let claimedAlive = false;
      for (const e of s.log) {
        if (e.t === 'speechStarted') speaking = { seat: e.seat, kind: e.kind };
        if (e.t === 'said' && e.seat === sheriff && readSpeech(e.text).claimSheriff) {
          if (speaking?.kind === 'last') lastWordClaims++;
          else claimedAlive = true;
        }
        if (e.t === 'eliminated' && e.cause === 'kill' && e.seat === sheriff && claimedAlive) shotOpenSheriff++;
      }
      // the sheriff's last word always opens up
      const lastWord = s.log.some((e) => e.t === 'speechStarted' && e.kind === 'last' && e.seat === sheriff);
      if (lastWord) expect(s.log.some((e) => e.t === 'said' && e.seat === sheriff && readSpeech(e.text).claimSheriff)).toBe(true);
    }
    expect(lastWordClaims).toBeGreaterThan(0);
    expect(shotOpenSheriff).toBeGreaterThan(0);
  });

  it('speech templates read back (ru and en)', () => {
    for (const lang of ['ru', 'en'] as const) {
      const text = renderSpeech({ claimSheriff: true, checks: [{ target: 3, black: true }, { target: 7, black: false }], suspects: [3, 5], trusts: [7], nominate: 3, watching: 9 }, lang);
      expect(readSpeech(text)).toEqual({ claimSheriff: true, checks: [{ target: 3, black: true }, { target: 7, black: false }], suspects: [3, 5], trusts: [7], nominate: 3, watching: 9 });
    }
    expect(readSpeech('привет, я просто мирный')).toEqual({});
  });
});
