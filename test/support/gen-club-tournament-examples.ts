// Regenerates examples/records/club-*.json and tournament-*.json (npx tsx test/support/gen-club-tournament-examples.ts).
// Each scenario is scripted; the outcome written to meta.expect is checked by src/engine/examples-club-tournament.test.ts.
import type { Command, RoleId } from '../../src/engine/index.js';
import { ExampleWriter as Ex } from './example-writer.js';
import { finish } from './finish-game.js';

const C = (by: number | 'clock' | 'judge', d: Command['do'], x: Partial<Command> = {}): Command => ({ by, do: d, ...x }) as Command;

// ---------- club ----------
// 10 seats: 1 don, 2 putana, 3 mafia, 4 sheriff, 5 doctor, 6 maniac, 7–10 civilians.
const CLUB10: RoleId[] = ['don', 'putana', 'mafia', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian', 'civilian'];
function clubNight(o: { shoot?: number | null; don?: number; block: number; heal: number; check: number; maniac?: number | 'skip' }): Command[] {
  return [
    C(1, 'shoot', { target: o.shoot ?? null }),
    C(3, 'shoot', { target: o.shoot ?? null }),
    C(1, 'check', { target: o.don ?? 7 }),
    C(2, 'block', { target: o.block }),
    C(5, 'heal', { target: o.heal }),
    C(4, 'check', { target: o.check }),
    o.maniac === undefined || o.maniac === 'skip' ? C(6, 'skip') : C(6, 'kill', { target: o.maniac }),
  ];
}

{
  const e = new Ex('club', CLUB10);
  e.note('Night 1: introductions only (R21); the clock opens day 1.');
  e.t.night([]);
  e.note('Day 1: two nominations, but no vote on day 1 (R21, firstDayVote false).');
  e.t.speeches({ 1: 8, 7: 1 });
  e.note('Night 2: don and mafia shoot 7; the doctor heals 7 (R23); the putana freezes 9; the sheriff checks 1: black; the maniac skips.');
  e.t.night(clubNight({ shoot: 7, block: 9, heal: 7, check: 1 }));
  e.note('Morning: no one died (the heal cancelled the kill); 9 is frozen: their speech is skipped, no vote today (R23, R29).');
  e.t.speeches({ 4: 1, 7: 3 });
  e.note('Day 2 vote: the don (1) leaves with six votes.');
  e.t.vote({ 1: 3, 2: 3, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 10: 1 });
  finish(e.t, 'red');
  e.write('club-doctor-saves.json', "Doctor saves the mafia's target", 'Night 2: the mafia shoot seat 7 and the doctor heals seat 7: nobody dies (R23). The heal is in the judge\'s log only (healed, vis judge). Red then plays the game out and wins.', { events: [{ t: 'healed', seat: 7, by: 5, saved: ['shot'], vis: 'judge' }, { t: 'nightMiss', number: 2 }] });
}
{
  const e = new Ex('club', CLUB10);
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the putana freezes the sheriff (4); his check of 1 is void — no answer (R23). The mafia kill 8.');
  e.t.night(clubNight({ shoot: 8, block: 4, heal: 9, check: 1 }));
  e.note('Day 2: 8 speaks the last word; the sheriff\'s speech is skipped (speechSkipped, rule R23) and he has no vote (R29).');
  e.t.talkThrough();
  e.t.speeches({ 2: 7, 7: 2 });
  e.note('Seat 4 may not vote: the round closes when the eight others have voted.');
  e.t.try(C(4, 'vote', { target: 7 }));
  e.t.vote({ 1: 7, 2: 7, 3: 7, 5: 2, 6: 2, 7: 2, 9: 2, 10: 2 });
  finish(e.t, 'red');
  e.write('club-putana-freezes-sheriff.json', 'Putana freezes the sheriff', 'The putana freezes the sheriff on night 2: his check returns nothing, and on day 2 he has no speech and no vote (R23, R29). Only the sheriff sees the freeze (frozen, vis [4]); the table sees his skipped speech.', { events: [{ t: 'frozen', seat: 4, voided: ['check'], vis: [4] }, { t: 'speechSkipped', seat: 4, rule: 'R23' }] });
}
{
  const e = new Ex('club', CLUB10);
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the mafia shoot 9, the maniac kills the don (1). Both die; last words in seat order (R19).');
  e.t.night(clubNight({ shoot: 9, block: 8, heal: 10, check: 3, maniac: 1 }));
  finish(e.t, 'red');
  e.write('club-maniac-kills-don.json', 'Maniac kills the don', 'The maniac (red, R20) kills the don on night 2 while the mafia kill seat 9: two players leave the same night, each with a last word. The don\'s check of that night is still answered (R13).', { events: [{ t: 'eliminated', seat: 1, cause: 'kill', rule: 'R22' }, { t: 'eliminated', seat: 9, cause: 'kill', rule: 'R12' }] });
}
{
  const e = new Ex('club', CLUB10);
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the maniac skips (1 of 2).');
  e.t.night(clubNight({ block: 8, heal: 10, check: 3 }));
  e.t.speeches();
  e.note('Night 3: the maniac skips again (2 of 2).');
  e.t.night(clubNight({ block: 7, heal: 9, check: 2 }));
  e.t.speeches();
  e.note('Night 4: a third skip is rejected (limitReached, R22); the maniac kills 3 instead.');
  e.t.try(C(6, 'skip'));
  e.t.night([...clubNight({ block: 8, heal: 10, check: 1 }).slice(0, 6), C(6, 'kill', { target: 3 })]);
  finish(e.t, 'red');
  e.write('club-maniac-third-skip.json', "Maniac's third skip rejected", 'The maniac may abstain at most twice a game (R22, option maniacSkips 2): the third skip is rejected and the night waits for his kill.', {});
}
{
  const e = new Ex('club', CLUB10);
  e.t.night([]);
  e.t.speeches();
  e.t.night(clubNight({ shoot: 10, block: 8, heal: 9, check: 3 }));
  e.t.talkThrough();
  e.t.speeches({ 4: 3, 3: 4 });
  e.note('Seat 3 tries to vote for himself: rejected (selfVote, R24); he votes for 4.');
  e.t.try(C(3, 'vote', { target: 3 }));
  e.t.vote({ 3: 4, 1: 4, 2: 4, 4: 3, 5: 3, 6: 3, 7: 3, 9: 3 });
  finish(e.t, 'red');
  e.write('club-self-vote-rejected.json', 'Self-vote rejected', 'club-8-15 3.1: a player may not vote for themselves (R24, option selfVote false). The rejected command stays in the record and is reported by index (R70).', {});
}
// 8 seats (default R20 deal): 1 don, 2 mafia, 3 putana, 4 sheriff, 5 doctor, 6 maniac, 7–8 civilians.
const CLUB8: RoleId[] = ['don', 'mafia', 'putana', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian'];
function toFour(e: Ex): void {
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the mafia kill 8; the maniac kills the mafioso 2.');
  e.t.night([C(1, 'shoot', { target: 8 }), C(2, 'shoot', { target: 8 }), C(1, 'check', { target: 5 }), C(3, 'block', { target: 7 }), C(5, 'heal', { target: 4 }), C(4, 'check', { target: 3 }), C(6, 'kill', { target: 2 })]);
  e.t.talkThrough();
  e.note('Day 2: the sheriff found the putana (3); she leaves by vote.');
  e.t.speeches({ 4: 3, 3: 4 });
  e.t.vote({ 1: 4, 3: 4, 4: 3, 5: 3, 6: 3 });
  e.t.talkThrough();
  e.note('Night 3: the don kills the maniac (6); four remain: don, sheriff, doctor, civilian.');
  e.t.night([C(1, 'shoot', { target: 6 }), C(1, 'check', { target: 4 }), C(5, 'heal', { target: 5 }), C(4, 'check', { target: 1 }), C(6, 'skip')]);
  e.t.talkThrough();
}
{
  const e = new Ex('club', CLUB8);
  toFour(e);
  e.note('Day 3 at four players: 1 and 4 are nominated and get two votes each. No revote: all stay and night comes (R25).');
  e.t.speeches({ 4: 1, 1: 4 });
  e.t.vote({ 1: 4, 4: 1, 5: 1, 7: 4 });
  e.t.night([C(1, 'shoot', { target: 7 }), C(1, 'check', { target: 4 }), C(5, 'heal', { target: 4 }), C(4, 'check', { target: 7 })]);
  e.t.talkThrough();
  finish(e.t, 'red');
  e.write('club-four-player-tie.json', 'Four-player tie not revoted', 'club-8-15: "В случае, когда остаётся четыре игрока за столом повторное голосование … не проводится" — with four at the table a tie keeps everyone (R25, option fourPlayerTieStays).', { events: [{ t: 'tieKept', seats: [1, 4], rule: 'R25', number: 3 }] });
}
{
  const e = new Ex('club', CLUB8);
  toFour(e);
  for (let n = 0; n < 3; n++) {
    e.t.speeches();
    e.note(`Night ${4 + n}: the don does not shoot (quiet night ${n + 1} at four players, R26).`);
    e.t.night([C(1, 'shoot', { target: null }), C(1, 'check', { target: 7 }), C(5, 'heal', { target: n % 2 === 0 ? 7 : 4 }), C(4, 'check', { target: 5 })]);
  }
  e.write('club-three-quiet-nights.json', 'Three quiet nights with four players', 'club-8-15 rule 8: four players at the table and three nights in a row without a black shot — red wins (R26, option quietNightsWin 3). The count is the judge\'s (quietNight, vis judge); the verdict is public.', { events: [{ t: 'gameOver', winner: 'red', rule: 'R26' }] });
}
{
  const e = new Ex('club', CLUB10);
  e.t.night([]);
  e.note('Day 1: seat 1 gives the floor to 5 ("пятый, речь", R27); 5 speaks within 1\'s minute; the floor returns and 1 nominates.');
  e.t.do(C(1, 'giveFloor', { target: 5 }));
  e.t.do(C(5, 'say', { text: 'Спасибо, первый. Я доктор? Нет, я мирный.' }));
  e.t.try(C(5, 'nominate', { target: 3 }));
  e.t.do(C(1, 'giveFloor', { target: 1 }));
  e.t.do(C(1, 'nominate', { target: 3 }));
  e.t.do(C(1, 'endSpeech'));
  e.t.speeches();
  e.t.night(clubNight({ shoot: 8, block: 9, heal: 10, check: 3 }));
  e.t.talkThrough();
  e.note('Day 2: seat 7 withdraws the hand while voting: removed, no last word, vote void (R24, club-8-15 6.1.3).');
  e.t.speeches({ 2: 4, 4: 3 });
  e.t.do(C(7, 'vote', { target: 4, withdrawn: true }));
  e.t.vote({ 1: 4, 2: 4, 3: 4, 4: 3, 5: 3, 6: 3, 10: 3 });
  finish(e.t, 'red');
  e.write('club-floor-and-withdrawn-hand.json', 'Giving the floor; a withdrawn hand', 'R27: the speaker lends the floor (floorGiven event); the guest may speak but not nominate. R24: a withdrawn hand in a vote removes the player and voids that vote.', { events: [{ t: 'floorGiven', seat: 1, to: 5 }, { t: 'handWithdrawn', seat: 7 }, { t: 'eliminated', seat: 7, cause: 'removal' }] });
}
{
  const e = new Ex('club', CLUB10);
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the doctor heals 7.');
  e.t.night(clubNight({ shoot: 9, block: 8, heal: 7, check: 3 }));
  e.t.talkThrough();
  e.t.speeches();
  e.note('Night 3: the doctor tries 7 again: rejected (consecutive, R23); he heals himself (once a game).');
  e.t.try(C(5, 'heal', { target: 7 }));
  e.t.night(clubNight({ shoot: 10, block: 8, heal: 5, check: 1, maniac: 2 }));
  e.t.talkThrough();
  finish(e.t, 'black');
  e.write('club-doctor-consecutive-black-win.json', "Doctor's consecutive heal rejected; black wins", 'The doctor may not heal the same player two nights running (R23, option doctorConsecutive false). Reds then vote out reds and the mafia win when black equals red (R28; putana counts as black).', {});
}

// ---------- tournament ----------
// 12 seats: 1 don, 2–3 mafia, 4 sheriff, 5 lover, 6 doctor, 7–12 civilians.
const TOUR: RoleId[] = ['don', 'mafia', 'mafia', 'sheriff', 'lover', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
function tNight(o: { shoot?: number | null; don?: number; save: number; heal: number; check: number }): Command[] {
  return [
    C(1, 'shoot', { target: o.shoot ?? null }),
    C(2, 'shoot', { target: o.shoot ?? null }),
    C(3, 'shoot', { target: o.shoot ?? null }),
    C(1, 'check', { target: o.don ?? 7 }),
    C(4, 'check', { target: o.check }),
    C(5, 'save', { target: o.save }),
    C(6, 'heal', { target: o.heal }),
  ];
}
{
  const e = new Ex('tournament', TOUR);
  e.t.night([]);
  e.note('Day 1: one nomination only: no vote on day 1 (3.4.10).');
  e.t.speeches({ 3: 9 });
  e.note('Night 2: the lover saves 9 for tomorrow\'s vote (R32); the mafia kill 12.');
  e.t.night(tNight({ shoot: 12, save: 9, heal: 10, check: 8 }));
  e.t.talkThrough();
  e.note('Day 2: 9 gets most votes, but the judge announces the lover\'s save: 9 stays and no one leaves (keptFromVote, R32).');
  e.t.speeches({ 2: 9, 3: 10 });
  e.t.vote({ 1: 9, 2: 9, 3: 9, 4: 9, 5: 10, 6: 9, 7: 9, 8: 10, 9: 10, 10: 9, 11: 9 });
  finish(e.t, 'red');
  e.write('tournament-lover-saves.json', "Lover saves the vote's loser", 'R32: the lover\'s night choice keeps that player from the next day\'s vote; the judge announces it when it keeps someone. Her choice itself stays private (nightAction vis [5]; voteShield vis judge).', { events: [{ t: 'keptFromVote', seat: 9, vis: 'public', rule: 'R32' }, { t: 'voteShield', seat: 9, by: 5, vis: 'judge' }] });
}
{
  const e = new Ex('tournament', TOUR);
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the mafia shoot 7, the doctor heals 7 (+1, 4.3.1); the sheriff checks 2: black (+1, 4.3.2).');
  e.t.night(tNight({ shoot: 7, save: 9, heal: 7, check: 2 }));
  finish(e.t, 'red');
  e.write('tournament-both-bonuses.json', 'Both first-night bonuses', 'Section 4.3: the doctor\'s first heal hit the player the mafia shot (+1) and the sheriff\'s first check found black (+1). Red wins: 1 point per red seat, 0 per black (R34 defaults); doctor and sheriff end with 2.', {});
}
{
  const e = new Ex('tournament', TOUR);
  e.t.night([]);
  e.t.speeches();
  e.t.night(tNight({ shoot: 8, save: 9, heal: 7, check: 10 }));
  e.t.talkThrough();
  e.t.speeches();
  e.note('Night 3: the doctor tries 7 again: rejected (consecutive, R33); heals 6 (himself: allowed).');
  e.t.try(C(6, 'heal', { target: 7 }));
  e.note('The mafia shoot the doctor; his self-heal saves him (no first-night bonus: night 3).');
  e.t.night(tNight({ shoot: 6, save: 10, heal: 6, check: 1 }));
  finish(e.t, 'red');
  e.write('tournament-doctor-consecutive.json', "Doctor's consecutive-night heal rejected", 'R33: the doctor may heal a player at most twice a game and never two nights running; healing himself is allowed.', { events: [{ t: 'healed', seat: 6, by: 6, saved: ['shot'], number: 3 }] });
}
{
  const e = new Ex('tournament', TOUR, { pointsBestMove: true });
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the mafia kill 7, the first player killed at night.');
  e.t.night(tNight({ shoot: 7, save: 9, heal: 8, check: 10 }));
  e.note('Last word: 7 names 1, 2 and 3 — all three black: best move +0.4 (FIIM, option pointsBestMove).');
  e.t.do(C(7, 'bestMove', { targets: [1, 2, 3] }));
  e.t.talkThrough();
  finish(e.t, 'red');
  e.write('tournament-best-move.json', 'Best move: three black named', 'FIIM practice, on by option: the first player killed at night names up to three seats in the last word; three black named gives +0.4 (two: +0.25).', {});
}
{
  const e = new Ex('tournament', TOUR, { pointsExitPenalty: true, pointsExtra: true });
  e.t.night([]);
  e.note('Day 1: seat 2 (mafia) collects four fouls and is removed: −0.5 (FIIM, option pointsExitPenalty).');
  for (let i = 0; i < 4; i++) e.t.do(C('judge', 'foul', { target: 2, reason: 'разговоры' }));
  e.t.speeches();
  e.t.night([C(1, 'shoot', { target: 12 }), C(3, 'shoot', { target: 12 }), C(1, 'check', { target: 4 }), C(4, 'check', { target: 3 }), C(5, 'save', { target: 9 }), C(6, 'heal', { target: 10 })]);
  finish(e.t, 'red');
  e.note('After the game the judge gives the sheriff +0.3 for leading the table (extraPoints, public once the game is over).');
  e.t.do(C('judge', 'extraPoints', { target: 4, points: 0.3, reason: 'вёл стол' }));
  e.write('tournament-penalty-and-extra-points.json', 'Four fouls −0.5; judge\'s extra points', 'The FIIM extras, each on by option: −0.5 for leaving by four fouls or removal, and the judge\'s extra points, which may be given after the game ends.', {});
}
{
  const e = new Ex('tournament', ['civilian', 'sheriff', 'don', 'civilian', 'lover', 'mafia', 'doctor', 'civilian', 'mafia', 'civilian'], { seats: 10 });
  e.t.night([]);
  finish(e.t, 'black');
  e.write('tournament-ten-seats.json', 'Ten seats: black wins', 'Option seats 10 (R30): two civilians fewer. Reds vote out reds; black wins when living black equals living red (1.4). Points: 1 for each black seat.', {});
}
{
  const e = new Ex('tournament', TOUR);
  e.t.night([]);
  e.t.speeches();
  e.note('Night 2: the lover saves 9; the mafia split their shots: a miss.');
  e.t.night([...tNight({ save: 9, heal: 10, check: 8 }).slice(1), C(1, 'shoot', { target: 11 })]);
  e.note('Day 2: 9 and 10 tie 6–6, and again in the revote: "all leave?" — yes. 10 leaves; 9 stays by the lover\'s save (R32); no one leaves in 9\'s place.');
  e.t.speeches({ 2: 9, 3: 10 });
  const split = { 1: 9, 2: 9, 3: 9, 4: 9, 5: 9, 6: 10, 7: 10, 8: 10, 9: 10, 10: 10, 11: 9, 12: 10 };
  e.t.vote(split);
  e.t.talkThrough();
  e.t.vote(split);
  for (let s = 1; s <= 12; s++) e.t.do(C(s, 'vote', { leave: true }));
  e.t.talkThrough();
  finish(e.t, 'red');
  e.write('tournament-all-leave-save.json', '"All leave?" with a saved player', 'R9 + R32: the "all leave" vote passes; the player the lover saved stays, the other candidate leaves.', { events: [{ t: 'keptFromVote', seat: 9 }, { t: 'eliminated', seat: 10, cause: 'vote', number: 2 }] });
}
{
  const e = new Ex('tournament', TOUR);
  e.t.night([]);
  e.note('Day 1: seat 1 nominates 7, then tries a second nomination: rejected (nominationLimit, R31); he withdraws and nominates 8 (R35).');
  e.t.do(C(1, 'nominate', { target: 7 }));
  e.t.try(C(1, 'nominate', { target: 9 }));
  e.t.do(C(1, 'withdraw'));
  e.t.do(C(1, 'nominate', { target: 8 }));
  e.t.do(C(1, 'endSpeech'));
  e.t.speeches({ 2: 7 });
  e.note('Seat 8 votes for himself (allowed, R35); seat 3 withdraws the hand: the vote counts, no removal (3.4.9, R31).');
  e.t.do(C(8, 'vote', { target: 8 }));
  e.t.do(C(3, 'vote', { target: 8, withdrawn: true }));
  e.t.vote({ 1: 8, 2: 8, 4: 7, 5: 7, 6: 7, 7: 8, 9: 7, 10: 8 });
  e.t.talkThrough();
  finish(e.t, 'red');
  e.write('tournament-nominations-and-hands.json', 'One nomination a day; self-vote; a withdrawn hand counts', 'R31/R35: one standing nomination per player per day (withdraw and nominate again within the speech); self-vote allowed; a withdrawn hand is counted (provocation none, 3.4.9).', {});
}
