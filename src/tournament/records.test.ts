// A record that does not belong to its slot is refused with the reason; records find their slot
// by meta or by the players in their seats; player statistics from the facts.
import { describe, expect, it } from 'vitest';
import { Table } from '../../test/support/scenario.js';
import { validateTournament } from './check.js';
import { gameFacts } from './facts.js';
import { addPlayers, parsePlayersCsv } from './players.js';
import { checkSlotRecord, findSlot } from './slot-record.js';
import { playerStats } from './stats.js';
import { bestMoveGame, DEAL_SEAT1_RED, playedOut, POINTS_ON, teamDefeatGame } from '../../test/support/tournament-games.js';
import { TOURNAMENT_FORMAT, type Tournament } from './types.js';

const NICKS = ['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Илья', 'Кира', 'Лев', 'Мира', 'Нил'];

function tour(preset = 'classic', gameOptions: Record<string, unknown> = {}): Tournament {
  const players = NICKS.map((nickname, i) => ({ id: `p${i + 1}`, nickname }));
  const v = validateTournament({
    format: TOURNAMENT_FORMAT,
    name: 'T',
    players,
    options: { preset, gameOptions },
    rounds: [{ games: [{ table: 1, seats: players.slice(0, 10).map((p) => p.id) }] }, { games: [{ table: 1, seats: players.slice(2).map((p) => p.id) }] }],
  });
  if (!v.ok) throw new Error(JSON.stringify(v.error));
  return v.value;
}

describe('a record must belong to its slot', () => {
  const t = tour();
  const names = NICKS.slice(0, 10);
  it('the slot’s players in the slot’s seats, finished, same preset: accepted', () => {
    expect(checkSlotRecord(t, { round: 1, table: 1 }, playedOut('red', names).record()).ok).toBe(true);
  });
  const refused = (rec: unknown, ref = { round: 1, table: 1 }, tt = t) => {
    const r = checkSlotRecord(tt, ref, rec);
    return r.ok ? 'accepted' : `${r.error.code}: ${r.error.detail}`;
  };
  it('other players, or the same players in other seats', () => {
    expect(refused(playedOut('red', NICKS.slice(2)).record())).toBe('otherPlayers: seat 1: «Анна» plays here, the record has «Вера»');
    expect(refused(playedOut('red', [names[1]!, names[0]!, ...names.slice(2)]).record())).toMatch(/^otherPlayers: seat 1/);
  });
  it('unfinished', () => {
    const g = new Table({ preset: 'classic', deal: DEAL_SEAT1_RED, players: names });
    g.night([]);
    expect(refused(g.record())).toBe('unfinished: the game stands at day 1');
  });
  it('another preset', () => {
    expect(refused(bestMoveGame(names).record())).toBe('otherPreset: the tournament plays classic, the record tournament');
  });
  it('other options than the tournament plays', () => {
    const tt = tour('tournament', { ...POINTS_ON, pointsExtra: false });
    expect(refused(bestMoveGame(names).record(), { round: 1, table: 1 }, tt)).toBe('otherOptions: pointsExtra: the tournament plays false, the record true');
  });
  it('a rejected command, a record that cannot be read, a slot that does not exist', () => {
    const rec = playedOut('red', names).record();
    rec.commands.splice(3, 0, { by: 11, do: 'endSpeech' } as never);
    expect(refused(rec)).toMatch(/^rejectedCommand: command 3: badActor/);
    expect(refused({ format: 'gorod-record/1', preset: 'nope' })).toMatch(/^badRecord/);
    expect(refused(playedOut('red', names).record(), { round: 3, table: 1 })).toMatch(/^noSuchSlot/);
  });
  it('a record of another round (meta.tournament) is refused', () => {
    const rec = playedOut('red', names).record({ tournament: { round: 2, table: 1 } });
    expect(refused(rec)).toMatch(/round 2, table 1/);
  });
  it('findSlot: by meta, else by the players in seat order', () => {
    expect(findSlot(t, playedOut('red', NICKS.slice(2)).record())).toEqual({ ok: true, value: { round: 2, table: 1 } });
    expect(findSlot(t, { meta: { tournament: { round: 1, table: 1 } } })).toEqual({ ok: true, value: { round: 1, table: 1 } });
    expect(findSlot(t, playedOut('red', NICKS.slice(1, 11)).record()).ok).toBe(false);
  });
});

describe('players', () => {
  it('a CSV paste: header, quotes, semicolons and tabs, blank lines; ids continue', () => {
    const r = parsePlayersCsv('Ник,Клуб\n"Анна, мл.";Альфа\n\nБорис\tБета\nВера\n');
    expect(r).toEqual({ ok: true, value: [{ nickname: 'Анна, мл.', club: 'Альфа' }, { nickname: 'Борис', club: 'Бета' }, { nickname: 'Вера' }] });
    const added = addPlayers([{ id: 'p7', nickname: 'Глеб' }], r.ok ? r.value : []);
    expect(added.ok && added.value.map((p) => p.id)).toEqual(['p7', 'p8', 'p9', 'p10']);
  });
  it('a nickname registered twice (case and spacing aside) is refused', () => {
    const r = addPlayers([{ id: 'p1', nickname: 'Анна' }], [{ nickname: ' анна ' }]);
    expect(!r.ok && r.error.detail).toContain('registered already');
  });
  it('a tournament document: unknown preset and players seated twice are refused with the place', () => {
    const base = { name: 'T', players: [{ id: 'a', nickname: 'A' }] };
    expect(validateTournament({ ...base, options: { preset: 'forum' } })).toMatchObject({ ok: false, error: { code: 'badTournament' } });
    const twice = validateTournament({ ...base, rounds: [{ games: [{ table: 1, seats: Array(10).fill('a') }] }] });
    expect(!twice.ok && twice.error.detail).toContain('plays twice');
  });
});

describe('player statistics', () => {
  it('games and wins by role, checks, first killed and guesses, fouls and removals', () => {
    const g = gameFacts(bestMoveGame().state);
    const s = new Map(playerStats([g, g]).map((p) => [p.name, p]));
    expect(s.get('4')).toMatchObject({ games: 2, wins: 2, winRate: 1, roles: { sheriff: { games: 2, wins: 2 } }, sheriffChecks: { total: 2, black: 2 } });
    expect(s.get('1')).toMatchObject({ donChecks: { total: 2, sheriffFound: 2 }, removals: 2 });
    expect(s.get('7')).toMatchObject({ firstKilled: 2, guesses: { made: 2, twoBlack: 0, threeBlack: 2 } });
    // fiim 9.6.2: two technical fouls remove the player (seat 3 of the team-defeat game).
    expect(playerStats([gameFacts(teamDefeatGame().state)]).find((p) => p.name === '3')).toMatchObject({ removals: 1 });
  });
});
