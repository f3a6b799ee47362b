// A tournament document from outside (a file, an organizer's request) checked before use:
// shapes, unique ids and nicknames, slots that name registered players once per round, a preset
// whose games can be scored, a valid scoring system.
import { PRESETS, isOneOf, presetDef, resolveOptions, type PresetId } from '../engine/index.js';
import { fail, ok, tournamentError, type Result } from './errors.js';
import { checkFlags } from './flags.js';
import { resolveScoring } from './scoring-systems.js';
import { DEFAULT_OPTIONS, RATING_KINDS, TOURNAMENT_FORMAT, nameKey, type ExtraPoints, type GameSlot, type Player, type Round, type Tournament, type TournamentSchedule } from './types.js';

export const MAX_TOURNAMENT_PLAYERS = 1000;
export const MAX_ROUNDS = 200;
export const MAX_NICKNAME = 64;

/**
 * Presets a tournament may play: the engine's presets whose games open with an introduction
 * night (so night 2 is the first shooting night) and seat ten. Read from the engine's list, so a
 * new preset of that kind (fiim) is accepted as soon as the engine has it.
 */
export function tournamentPresets(): PresetId[] {
  return PRESETS.filter((p) => {
    const d = presetDef(p);
    return d !== undefined && d.opensWith === 'introNight' && d.sizes[0] <= 10 && d.sizes[1] >= 10;
  });
}

/** How many seats a game of the tournament has: the preset's sizes, narrowed by its options (tournament: `seats`). */
export function tableSize(t: Pick<Tournament, 'options'>): readonly [number, number] {
  const def = presetDef(t.options.preset as PresetId);
  if (!def) return [0, 0];
  const o = resolveOptions(def.id, t.options.gameOptions);
  if (def.sizeFor && o.ok) {
    const n = def.sizeFor(o.value);
    return [n, n];
  }
  return def.sizes;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isId = (x: unknown): x is string => typeof x === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(x);

function checkPlayers(x: unknown): Result<Player[]> {
  if (!Array.isArray(x) || x.length > MAX_TOURNAMENT_PLAYERS) return fail(tournamentError('badTournament', `players: at most ${MAX_TOURNAMENT_PLAYERS}`));
  const ids = new Set<string>();
  const names = new Map<string, string>();
  const out: Player[] = [];
  for (const [i, p] of x.entries()) {
    if (!isObj(p) || !isId(p['id'])) return fail(tournamentError('badTournament', `players.${i}.id`));
    const nick = p['nickname'];
    if (typeof nick !== 'string' || nick.trim().length === 0 || nick.length > MAX_NICKNAME) return fail(tournamentError('badTournament', `players.${i}.nickname`));
    const club = p['club'];
    if (club !== undefined && (typeof club !== 'string' || club.length > MAX_NICKNAME)) return fail(tournamentError('badTournament', `players.${i}.club`));
    if (ids.has(p['id'])) return fail(tournamentError('badTournament', `players.${i}.id: ${p['id']} twice`));
    const key = nameKey(nick);
    // Records name players by nickname: two players one name would be indistinguishable.
    if (names.has(key)) return fail(tournamentError('badTournament', `players.${i}.nickname: "${nick}" is also ${names.get(key)}`));
    ids.add(p['id']);
    names.set(key, p['id']);
    const player: Player = { id: p['id'], nickname: nick.trim() };
    if (typeof club === 'string' && club.trim()) player.club = club.trim();
    out.push(player);
  }
  return ok(out);
}

function checkRounds(x: unknown, ids: Set<string>, sizes: readonly [number, number]): Result<Round[]> {
  if (!Array.isArray(x) || x.length > MAX_ROUNDS) return fail(tournamentError('badTournament', `rounds: at most ${MAX_ROUNDS}`));
  const out: Round[] = [];
  for (const [i, r] of x.entries()) {
    const at = `rounds.${i}`;
    if (!isObj(r)) return fail(tournamentError('badTournament', at));
    const kind = r['kind'] ?? 'qualifying';
    if (kind !== 'qualifying' && kind !== 'final') return fail(tournamentError('badTournament', `${at}.kind: qualifying or final`));
    const weight = r['weight'] ?? 1;
    if (typeof weight !== 'number' || !(weight > 0 && weight <= 100)) return fail(tournamentError('badTournament', `${at}.weight: above 0, at most 100`));
    if (!Array.isArray(r['games']) || r['games'].length === 0 || r['games'].length > 100) return fail(tournamentError('badTournament', `${at}.games: 1 to 100`));
    const seen = new Set<string>();
    const tables = new Set<number>();
    const games: GameSlot[] = [];
    for (const [j, g] of r['games'].entries()) {
      const gat = `${at}.games.${j}`;
      if (!isObj(g)) return fail(tournamentError('badTournament', gat));
      const table = g['table'];
      if (typeof table !== 'number' || !Number.isInteger(table) || table < 1 || table > 1000 || tables.has(table)) return fail(tournamentError('badTournament', `${gat}.table: a number unique in the round`));
      tables.add(table);
      const seats = g['seats'];
      if (!Array.isArray(seats) || seats.length < sizes[0] || seats.length > sizes[1]) return fail(tournamentError('badTournament', `${gat}.seats: ${sizes[0]} to ${sizes[1]} players`));
      for (const id of seats) {
        if (typeof id !== 'string' || !ids.has(id)) return fail(tournamentError('badTournament', `${gat}.seats: ${String(id).slice(0, 40)} is not a player`));
        if (seen.has(id)) return fail(tournamentError('badTournament', `${at}: player ${id} plays twice`));
        seen.add(id);
      }
      games.push({ table, seats: seats.slice() as string[] });
    }
    out.push({ kind, weight: Math.round(weight * 1000) / 1000, games });
  }
  return ok(out);
}

function checkExtra(x: unknown, rounds: Round[]): Result<ExtraPoints[]> {
  if (!Array.isArray(x) || x.length > 10_000) return fail(tournamentError('badTournament', 'extra'));
  const out: ExtraPoints[] = [];
  const ids = new Set<string>();
  for (const [i, e] of x.entries()) {
    const at = `extra.${i}`;
    if (!isObj(e) || !isId(e['id']) || ids.has(e['id'])) return fail(tournamentError('badTournament', `${at}.id`));
    const slot = typeof e['round'] === 'number' ? rounds[e['round'] - 1]?.games.find((g) => g.table === e['table']) : undefined;
    if (!slot) return fail(tournamentError('badTournament', `${at}: no game at round ${String(e['round'])}, table ${String(e['table'])}`));
    if (typeof e['player'] !== 'string' || !slot.seats.includes(e['player'])) return fail(tournamentError('badTournament', `${at}.player: not at that table`));
    const points = e['points'];
    if (typeof points !== 'number' || !Number.isFinite(points) || points === 0 || Math.abs(points) > 10) return fail(tournamentError('badTournament', `${at}.points: non-zero, at most 10 either way`));
    const reason = e['reason'];
    if (typeof reason !== 'string' || reason.trim().length === 0 || reason.length > 500) return fail(tournamentError('badTournament', `${at}.reason`));
    if (e['by'] !== undefined && (typeof e['by'] !== 'string' || e['by'].length > MAX_NICKNAME)) return fail(tournamentError('badTournament', `${at}.by`));
    if (e['at'] !== undefined && typeof e['at'] !== 'number') return fail(tournamentError('badTournament', `${at}.at`));
    ids.add(e['id']);
    const item: ExtraPoints = { id: e['id'], round: e['round'] as number, table: e['table'] as number, player: e['player'], points: Math.round(points * 1000) / 1000, reason: reason.trim() };
    if (typeof e['by'] === 'string') item.by = e['by'];
    if (typeof e['at'] === 'number') item.at = e['at'];
    out.push(item);
  }
  return ok(out);
}

/** Check an untrusted tournament document; missing options take their defaults. */
export function validateTournament(x: unknown): Result<Tournament> {
  const bad = (d: string): Result<Tournament> => fail(tournamentError('badTournament', d));
  if (!isObj(x)) return bad('an object');
  if (x['format'] !== undefined && x['format'] !== TOURNAMENT_FORMAT) return bad(`format: "${TOURNAMENT_FORMAT}"`);
  const name = x['name'];
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 200) return bad('name: 1 to 200 characters');
  const o = x['options'] ?? {};
  if (!isObj(o)) return bad('options');
  for (const k of Object.keys(o)) if (!(k in DEFAULT_OPTIONS) && k !== 'schedule') return bad(`options.${k.slice(0, 40)}: unknown`);
  const preset = o['preset'] ?? DEFAULT_OPTIONS.preset;
  const allowed = tournamentPresets();
  if (!isOneOf(PRESETS, preset) || !allowed.includes(preset)) return bad(`options.preset: one of ${allowed.join(', ')}`);
  const gameOptions = o['gameOptions'] ?? {};
  if (!isObj(gameOptions)) return bad('options.gameOptions');
  const resolved = resolveOptions(preset, gameOptions);
  if (!resolved.ok) return bad(`options.gameOptions: ${resolved.error.detail ?? resolved.error.code}`);
  for (const k of ['hideExtraUntilFinals', 'finalistsFirst'] as const) if (o[k] !== undefined && typeof o[k] !== 'boolean') return bad(`options.${k}`);
  const ratingKind = o['ratingKind'] ?? DEFAULT_OPTIONS.ratingKind;
  if (!isOneOf(RATING_KINDS, ratingKind)) return bad(`options.ratingKind: one of ${RATING_KINDS.join(', ')}`);
  const schedule = checkSchedule(o['schedule']);
  if (schedule === false) return bad('options.schedule: dates YYYY-MM-DD, games 1 to 100, finalTop 10 to 1000, finalGames 1 to 100, finalWeight above 0');
  const players = checkPlayers(x['players'] ?? []);
  if (!players.ok) return players;
  const ids = new Set(players.value.map((p) => p.id));
  const forbidden: [string, string][] = [];
  const fx = x['forbidden'] ?? [];
  if (!Array.isArray(fx) || fx.length > 10_000) return bad('forbidden');
  for (const [i, pair] of fx.entries()) {
    if (!Array.isArray(pair) || pair.length !== 2 || pair[0] === pair[1] || !ids.has(pair[0]) || !ids.has(pair[1])) return bad(`forbidden.${i}: two different players`);
    forbidden.push([pair[0], pair[1]]);
  }
  const rounds = checkRounds(x['rounds'] ?? [], ids, tableSize({ options: { ...DEFAULT_OPTIONS, preset, gameOptions } }));
  if (!rounds.ok) return rounds;
  const extra = checkExtra(x['extra'] ?? [], rounds.value);
  if (!extra.ok) return extra;
  const flags = checkFlags(x['flags'] ?? [], rounds.value);
  if (!flags.ok) return flags;
  const scoring = resolveScoring(x['scoring'] ?? 'fiim');
  if (!scoring.ok) return scoring;
  return ok({
    format: TOURNAMENT_FORMAT,
    name: name.trim(),
    players: players.value,
    forbidden,
    rounds: rounds.value,
    extra: extra.value,
    ...(flags.value.length ? { flags: flags.value } : {}),
    scoring: scoring.value,
    options: {
      preset,
      gameOptions: structuredClone(gameOptions),
      hideExtraUntilFinals: (o['hideExtraUntilFinals'] as boolean | undefined) ?? DEFAULT_OPTIONS.hideExtraUntilFinals,
      finalistsFirst: (o['finalistsFirst'] as boolean | undefined) ?? DEFAULT_OPTIONS.finalistsFirst,
      ratingKind,
      ...(schedule ? { schedule } : {}),
    },
  });
}

/** The organizer's plan: undefined when absent, false when malformed. */
function checkSchedule(x: unknown): TournamentSchedule | undefined | false {
  if (x === undefined) return undefined;
  if (!isObj(x)) return false;
  const out: TournamentSchedule = {};
  for (const k of Object.keys(x)) if (!['from', 'to', 'games', 'finalTop', 'finalGames', 'finalWeight', 'finished'].includes(k)) return false;
  if (x['finished'] !== undefined) {
    if (typeof x['finished'] !== 'boolean') return false;
    out.finished = x['finished'];
  }
  for (const k of ['from', 'to'] as const) {
    const v = x[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    out[k] = v;
  }
  const ints = { games: [1, 100], finalTop: [10, 1000], finalGames: [1, 100] } as const;
  for (const [k, [lo, hi]] of Object.entries(ints) as [keyof typeof ints, readonly [number, number]][]) {
    const v = x[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) return false;
    out[k] = v;
  }
  const w = x['finalWeight'];
  if (w !== undefined) {
    if (typeof w !== 'number' || !(w > 0) || w > 100) return false;
    out.finalWeight = w;
  }
  return out;
}
