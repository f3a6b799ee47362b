// gorod standings TOURNAMENT.json RECORDS_DIR [--scoring fiim] [--json] [--lang ru|en]
// The standings of a tournament (a gorod-tournament/1 file, e.g. GET /api/tournaments/:id/document)
// from a folder of its games' records. Each record finds its game by meta.tournament or by its
// players' seats; one that belongs nowhere is reported and left out (exit status 1).
import {
  checkSlotRecord,
  findSlot,
  resolveScoring,
  scoreSlot,
  slotKey,
  standings,
  validateTournament,
  type ScoredGame,
  type Standings,
} from '../tournament/index.js';
import { cliError, typedError } from './errors.js';
import { readRecordsDir } from './records-dir.js';
import { readRecordFile } from './replay.js';
import { skipped, textTable } from './text-table.js';

const H = {
  ru: { place: '№', player: 'Игрок', points: 'Баллы', games: 'Игр', wins: 'Побед', groups: { main: 'Осн', bonus: 'Бонус', bestMove: 'ЛХ', extra: 'Доп', penalty: 'Штраф', compensation: 'Ci' }, counted: (n: number) => `Игр учтено: ${n}` },
  en: { place: '#', player: 'Player', points: 'Points', games: 'Games', wins: 'Wins', groups: { main: 'Main', bonus: 'Bonus', bestMove: 'Best move', extra: 'Extra', penalty: 'Penalty', compensation: 'Ci' }, counted: (n: number) => `Games counted: ${n}` },
} as const;

export function standingsText(s: Standings, lang: 'ru' | 'en'): string {
  const h = H[lang];
  const groups = Object.keys(s.rows[0]?.groups ?? {}) as (keyof typeof h.groups)[];
  return [
    `${s.scoring.name[lang]} · ${h.counted(s.games)}`,
    textTable(
      [h.place, h.player, h.points, h.games, h.wins, ...groups.map((g) => h.groups[g])],
      s.rows.map((r) => [r.place, r.nickname, r.points, r.games, r.wins, ...groups.map((g) => r.groups[g] ?? 0)]),
    ),
  ].join('\n');
}

export function runStandings(tournamentFile: string, dir: string, o: { scoring?: string; json?: boolean; lang?: string }): number {
  const lang = o.lang === 'en' ? 'en' : 'ru';
  const read = readRecordFile(tournamentFile, lang);
  if (!read.ok) return cliError(read.error, lang);
  const doc = read.json as Record<string, unknown>;
  if (o.scoring !== undefined) {
    const s = resolveScoring(o.scoring);
    if (!s.ok) return typedError(s.error, lang);
    doc['scoring'] = s.value;
  }
  const t = validateTournament(doc);
  if (!t.ok) return typedError(t.error, lang);
  const files = readRecordsDir(dir, lang);
  if (!files.ok) return cliError(files.error, lang);
  const problems = [...files.errors];
  const bySlot = new Map<string, { file: string; game: ScoredGame }>();
  for (const f of files.files) {
    const slot = findSlot(t.value, f.json);
    const checked = slot.ok ? checkSlotRecord(t.value, slot.value, f.json) : slot;
    if (!checked.ok || !slot.ok) {
      const e = checked.ok ? null : checked.error;
      problems.push(`${f.file}: ${e?.message[lang]}${e?.detail ? ` (${e.detail})` : ''}`);
      continue;
    }
    const key = slotKey(slot.value);
    const other = bySlot.get(key);
    if (other) {
      problems.push(lang === 'ru' ? `${f.file}: тур ${slot.value.round}, стол ${slot.value.table} — это уже ${other.file}` : `${f.file}: round ${slot.value.round}, table ${slot.value.table} is ${other.file} already`);
      continue;
    }
    bySlot.set(key, { file: f.file, game: scoreSlot(t.value, slot.value, checked.value.facts) });
  }
  const s = standings(
    t.value,
    [...bySlot.values()].map((x) => x.game),
  );
  for (const p of problems) process.stderr.write(`${skipped[lang]} ${p}\n`);
  process.stdout.write((o.json ? JSON.stringify(s) : standingsText(s, lang)) + '\n');
  return problems.length > 0 ? 1 : 0;
}
