// gorod rating RECORDS_DIR [--kind club|tournament|elite] [--json] [--stats] [--lang ru|en]
// Elo over a folder of finished games, in the order they were played (meta.finishedAt or
// meta.createdAt when the records have them, else by file name). A record's meta.rating
// ("club", "tournament", "elite", "none") overrides --kind for that game.
import { eloRatings, finishedGame, playerStats, RATING_KINDS, type GameFacts, type RatedGame } from '../tournament/index.js';
import { cliError } from './errors.js';
import { readRecordsDir } from './records-dir.js';
import { skipped, textTable } from './text-table.js';

const H = {
  ru: { place: '№', name: 'Игрок', rating: 'Рейтинг', red: 'За красных', black: 'За чёрных', games: 'Игр', wins: 'Побед', checks: 'Проверки шерифа (чёрных)', first: 'Первый убитый', guesses: 'ЛХ (2/3 чёрных)', fouls: 'Фолы', removals: 'Удаления', rate: 'Победы, %' },
  en: { place: '#', name: 'Player', rating: 'Rating', red: 'Red side', black: 'Black side', games: 'Games', wins: 'Wins', checks: 'Sheriff checks (black)', first: 'First killed', guesses: 'Guesses (2/3 black)', fouls: 'Fouls', removals: 'Removals', rate: 'Win %' },
} as const;

const when = (json: unknown): number => {
  const m = (json as { meta?: Record<string, unknown> } | null)?.meta;
  const t = m?.['finishedAt'] ?? m?.['createdAt'];
  return typeof t === 'number' ? t : Number.POSITIVE_INFINITY;
};

export function runRating(dir: string, o: { kind?: string; json?: boolean; stats?: boolean; lang?: string }): number {
  const lang = o.lang === 'en' ? 'en' : 'ru';
  const h = H[lang];
  const kind = o.kind ?? 'club';
  if (!(RATING_KINDS as readonly string[]).includes(kind) || kind === 'none') return cliError(lang === 'ru' ? '--kind: club, tournament или elite' : '--kind: club, tournament or elite', lang);
  const files = readRecordsDir(dir, lang);
  if (!files.ok) return cliError(files.error, lang);
  const problems = [...files.errors];
  const games: RatedGame[] = [];
  const facts: GameFacts[] = [];
  const ordered = files.files.map((f, i) => ({ ...f, i })).sort((a, b) => when(a.json) - when(b.json) || a.i - b.i);
  for (const f of ordered) {
    const g = finishedGame(f.json);
    if (!g.ok) {
      problems.push(`${f.file}: ${g.error.message[lang]}${g.error.detail ? ` (${g.error.detail})` : ''}`);
      continue;
    }
    facts.push(g.value.facts);
    const own = (f.json as { meta?: Record<string, unknown> }).meta?.['rating'];
    const k = typeof own === 'string' && (RATING_KINDS as readonly string[]).includes(own) ? own : kind;
    if (k !== 'none') games.push({ kind: k as RatedGame['kind'], seats: g.value.facts.seats.map((x) => ({ name: x.name, team: x.team, result: x.result })) });
  }
  const { rows } = eloRatings(games);
  const stats = playerStats(facts);
  for (const p of problems) process.stderr.write(`${skipped[lang]} ${p}\n`);
  if (o.json) {
    process.stdout.write(JSON.stringify(o.stats ? { ratings: rows, stats } : rows) + '\n');
    return problems.length ? 1 : 0;
  }
  const out = [textTable([h.place, h.name, h.rating, h.red, h.black, h.games, h.wins], rows.map((r) => [r.place, r.name, r.rating, r.red, r.black, r.games, r.wins]))];
  if (o.stats)
    out.push(
      '',
      textTable(
        [h.name, h.games, h.rate, h.checks, h.first, h.guesses, h.fouls, h.removals],
        stats.map((s) => [s.name, s.games, Math.round(s.winRate * 100), `${s.sheriffChecks.total} (${s.sheriffChecks.black})`, s.firstKilled, `${s.guesses.twoBlack}/${s.guesses.threeBlack}`, s.fouls, s.removals]),
      ),
    );
  process.stdout.write(out.join('\n') + '\n');
  return problems.length ? 1 : 0;
}
