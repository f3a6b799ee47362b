// Regenerates examples/records/fiim-*.json (npx tsx test/support/gen-fiim-examples.ts). Each scenario
// is scripted; the outcome written to meta.expect is checked by src/engine/examples-fiim.test.ts.
import type { Command } from '../../src/engine/index.js';
import { ExampleWriter as Ex } from './example-writer.js';
import { atFour, atNine, DEAL, shoot } from './fiim-table.js';
import { finish } from './finish-game.js';

const C = (by: number | 'clock' | 'judge', d: Command['do'], x: Partial<Command> = {}): Command => ({ by, do: d, ...x }) as Command;

// The deal of every example: 1 civ, 2 sheriff, 3 civ, 4 civ, 5 don, 6 civ, 7 mafia, 8–9 civ, 10 mafia.
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  e.note('Night 1: the don sets the order of shots (fiim 5.1, R17).');
  t.do(C(5, 'plan', { targets: [1, 3, 4] }));
  t.do(C('clock', 'endNight'));
  e.note('Day 1: 1 nominates 7 and tries to take it back — no withdrawing in fiim (7.5.3, notAllowed).');
  t.do(C(1, 'nominate', { target: 7 }));
  t.try(C(1, 'withdraw'));
  t.do(C(1, 'endSpeech'));
  t.do(C(2, 'endSpeech'));
  t.do(C(3, 'nominate', { target: 10 }));
  t.speeches();
  e.note('The vote: four hands for 7, the rest (six) go to the last candidate, 10 (7.13): 10 leaves with a last word.');
  t.vote({ 1: 7, 2: 7, 3: 7, 4: 7 });
  t.talkThrough();
  e.note('Night 2: the mafia kill 1; the don finds the sheriff, the sheriff finds the don.');
  t.night([C(5, 'shoot', { target: 1 }), C(7, 'shoot', { target: 1 }), C(5, 'check', { target: 2 }), C(2, 'check', { target: 5 })]);
  e.note("Day 2: 1 was killed on the first night and names three (8.17): the best move, in the record for the tournament's points.");
  t.do(C(1, 'bestMove', { targets: [5, 7, 10] }));
  t.do(C(1, 'endSpeech'));
  e.note('2 nominates 5, 4 nominates 7; the vote ties 4–4; tie speeches and a revote (7.17): 5 leaves.');
  t.speeches({ 2: 5, 4: 7 });
  t.vote({ 2: 5, 3: 5, 4: 5, 6: 5, 5: 7, 7: 7, 8: 7, 9: 7 });
  t.talkThrough();
  t.vote({ 2: 5, 3: 5, 4: 5, 6: 5, 8: 5, 5: 7, 7: 7, 9: 7 });
  t.talkThrough();
  e.note('Night 3: the last mafia kills 3.');
  t.night([C(7, 'shoot', { target: 3 }), C(2, 'check', { target: 7 })]);
  t.talkThrough();
  e.note('Day 3: 2 nominates 7, a single candidate leaves (R7) — red has won, and 7 still gets the final minute before the result is announced (8.19).');
  t.speeches({ 2: 7 });
  e.write(
    'fiim-full-game.json',
    'A fiim game from the first night to the final minute',
    'The FIIM rules as mafiaratings applies them: no withdrawing a nomination (7.5.3), the first night\'s victim\'s best move (8.17), a tie and its revote (7.17), and the last word of the player whose exit decides the game before the result (8.19: verdict for the judge, then gameOver).',
    { events: [{ t: 'bestMove', seat: 1, targets: [5, 7, 10], rule: 'fiim 8.17' }, { t: 'verdict', winner: 'red', vis: 'judge' }, { t: 'gameOver', winner: 'red', rule: 'fiim 8.19' }] },
  );
}
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  t.night([]);
  t.do(C(1, 'nominate', { target: 4 }));
  t.do(C(1, 'endSpeech'));
  e.note('Day 1, during the speech of 2: two technical fouls to 6 (9.6.2) remove him without a last word; the removal cancels the day\'s vote (9.8.1).');
  t.do(C('judge', 'techFoul', { target: 6, reason: 'спор с судьёй' }));
  t.do(C('judge', 'techFoul', { target: 6, reason: 'стук по столу' }));
  e.note('The speeches go on and 3 nominates 9; when they end, no vote (noVote cancelled).');
  t.speeches({ 3: 9 });
  finish(t, 'red');
  e.write('fiim-technical-fouls-cancel-vote.json', 'Two technical fouls cancel the day\'s vote', 'A player removed by a second technical foul (fiim 9.6.2) leaves without a last word, and the removal cancels that day\'s vote (the anti-monster rule, fiim 9.8.1): the speeches go on, nominations included, but no vote is held.', {
    events: [{ t: 'techFouled', seat: 6, count: 2 }, { t: 'voteCancelled', seat: 6, day: 1 }, { t: 'noVote', why: 'cancelled', number: 1 }],
  });
}
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  t.night([]);
  e.note('Day 1: three fouls to 3 before his speech (9.5.1).');
  for (let i = 0; i < 3; i++) t.do(C('judge', 'foul', { target: 3 }));
  t.do(C(1, 'endSpeech'));
  t.do(C(2, 'endSpeech'));
  e.note('His turn has no words: a message is refused (silenced), but he nominates 5 — the right a silenced player keeps.');
  t.try(C(3, 'say', { text: 'Я мирный' }));
  t.do(C(3, 'nominate', { target: 5 }));
  t.do(C(3, 'endSpeech'));
  t.speeches({ 4: 10 });
  t.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 });
  finish(t, 'red');
  e.write('fiim-silenced-nominates.json', 'Three fouls: no speech, a nomination', 'A player with three fouls loses the next speech but keeps the right to nominate at that moment (fiim 9.5.1): speechStarted kind "silent", say refused, nominate accepted.', {
    events: [{ t: 'speechStarted', seat: 3, kind: 'silent', rule: 'fiim 9.5.1' }, { t: 'nominated', by: 3, target: 5 }],
  });
}
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  e.note('Four players are left by day 5: 2, 8 and 9 red, 10 black.');
  atFour(t);
  e.note('Day 5: three fouls to 9 before his speech — with three or four left he speaks a short 30-second speech instead (9.5.1).');
  for (let i = 0; i < 3; i++) t.do(C('judge', 'foul', { target: 9 }));
  finish(t, 'red');
  e.write('fiim-short-speech-at-four.json', 'Three fouls at four players: a short speech', 'With three or four players at the table a player with three fouls is not silenced: his next speech is 30 seconds (fiim 9.5.1, options silencedShortAt 4, shortSpeechSeconds 30).', {
    events: [{ t: 'speechStarted', seat: 9, kind: 'day', short: true, number: 5 }],
  });
}
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  t.night([]);
  t.speeches();
  e.note('Nights 2, 3 and 4: the mafia miss, and nobody leaves in the days between: a draw at the close of night 4 (1.5).');
  shoot(t, null).speeches();
  shoot(t, null).speeches();
  shoot(t, null);
  e.write('fiim-quiet-nights-draw.json', 'Three nights without an exit: a draw', 'fiim 1.5: if three nights in a row, with the days between them, nobody leaves the game, the game is a draw (gameOver winner null).', { events: [{ t: 'gameOver', winner: null, rule: 'fiim 1.5' }] });
}
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  e.note('Day 2 at nine players: 2 nominates 3, 3 nominates 4, 4 nominates 6.');
  atNine(t).speeches({ 2: 3, 3: 4, 4: 6 });
  e.note('The judge counts hands: three for each (voteCount, R8) — the record keeps counts, no seat is made up.');
  for (const target of [3, 4, 6]) t.do(C('judge', 'voteCount', { target, count: 3 }));
  t.talkThrough();
  e.note('The revote ties the same three: at nine players three are not lifted (7.23.2) — night, all stay.');
  for (const target of [3, 4, 6]) t.do(C('judge', 'voteCount', { target, count: 3 }));
  finish(t, 'red');
  e.write('fiim-counted-hands-three-of-nine.json', 'Counted hands, and three of nine are not lifted', 'The judge enters the show of hands as counts (voteCount): voteClosed has no seat votes, its tally and counted list say what the room showed. Three players tied twice at nine are not put to «all leave?» (fiim 7.23.2).', {
    events: [{ t: 'votesCounted', target: 3, count: 3 }, { t: 'voteClosed', votes: [], counted: [{ target: 3, count: 3 }, { target: 4, count: 3 }, { target: 6, count: 3 }] }, { t: 'tieKept', why: 'threeOfNine', rule: 'fiim 7.23' }],
  });
}
{
  const e = new Ex('fiim', DEAL, { dayOneVote: 'respeech' });
  const t = e.t;
  t.night([]);
  e.note('Day 1 with the zero-round rule respeech: only 1 nominates, seat 5.');
  t.speeches({ 1: 5 });
  e.note('A single nominee is voted unopposed, as mafiaratings holds and records it (7.16.2): every hand goes to 5, who stays and speaks 30 seconds; then night.');
  t.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5, 9: 5, 10: 5 });
  t.talkThrough();
  e.note('Night 2: the mafia kill 1. Day 2: no nominations.');
  shoot(t, 1).talkThrough().speeches();
  e.note('Night 3: the judge calls every number, the out ones too (8.3); all three black players shoot 1, who is out — a miss (8.7).');
  shoot(t, 1);
  finish(t, 'red');
  e.write('fiim-unopposed-vote-shot-at-out.json', 'An unopposed day-one vote, and a shot at a player already out', 'Option dayOneVote "respeech" (fiim 7.16.2): a single day-one nominee is voted unopposed and, as the winner, stays and speaks. fiim 8.3, 8.7 (option shotAtOut "miss"): a shot at a player who is out is taken, and the night is a miss.', {
    events: [{ t: 'votingStarted', round: 'main', ballot: [5] }, { t: 'dayOneStays', seat: 5, respeech: true }, { t: 'nightMiss', rule: 'fiim 8.7' }],
  });
}
{
  const e = new Ex('fiim', DEAL, { dayOneVote: 'respeech' });
  const t = e.t;
  t.night([]);
  e.note('Day 1 with Polemica\'s zero-round rule respeech: 1 nominates 5, 2 nominates 6.');
  t.speeches({ 1: 5, 2: 6 });
  e.note('6 has the most votes but stays, with a 30-second extra speech; then night.');
  t.vote({ 1: 6, 2: 6, 3: 6, 4: 6, 6: 6, 10: 6, 5: 5, 7: 5, 8: 5, 9: 5 });
  t.talkThrough();
  finish(t, 'red');
  e.write('fiim-zero-round-respeech.json', 'Day one: the winner stays and speaks (polemica zeroVoting respeech)', 'Option dayOneVote "respeech" (fiim 7.16.2, Polemica zeroVoting respeech): the winner of the day-one vote does not leave but gets an extra short speech.', {
    events: [{ t: 'dayOneStays', seat: 6, respeech: true }, { t: 'speechStarted', seat: 6, kind: 'respeech' }],
  });
}
{
  const e = new Ex('fiim', DEAL);
  const t = e.t;
  t.night([]);
  t.speeches();
  e.note('Night 2: the mafia kill 1.');
  shoot(t, 1);
  e.note('Day 2: 1 names three (8.17) and is fouled during the last word — a player out may still be penalised (9.7).');
  t.do(C(1, 'bestMove', { targets: [5, 7, 10] }));
  t.do(C('judge', 'foul', { target: 1, reason: 'жесты' }));
  t.do(C(1, 'endSpeech'));
  e.note('2 nominates 5, 3 nominates 6.');
  t.speeches({ 2: 5, 3: 6 });
  e.note('Six of nine hands for 5 with three to come: the vote is settled.');
  for (const seat of [2, 3, 4, 6, 8, 9]) t.do(C(seat, 'vote', { target: 5 }));
  e.note('7 is disqualified during the vote (an oath): a settled vote stands, the next day\'s vote is cancelled instead (9.8.1).');
  t.do(C('judge', 'remove', { target: 7, reason: 'клятва' }));
  t.vote({ 5: 6, 10: 6 });
  t.talkThrough();
  e.note('Night 3: the last mafia kills 2; day 3 has no vote.');
  shoot(t, 2);
  t.talkThrough().speeches({ 3: 10 });
  finish(t, 'red');
  e.write('fiim-settled-vote-stands.json', 'A removal during a settled vote: the result stands', 'fiim 9.8.1 as mafiaratings applies it (gameIsVotingCanceled): a disqualification during a vote whose result no remaining hand can change lets that result stand and cancels the next day\'s vote instead. Also fiim 9.7: a player giving their last word may still be fouled.', {
    events: [
      { t: 'fouled', seat: 1, count: 1 },
      { t: 'voteCancelled', seat: 7, day: 3 },
      { t: 'eliminated', seat: 5, cause: 'vote', number: 2 },
      { t: 'noVote', why: 'cancelled', number: 3 },
    ],
  });
}
