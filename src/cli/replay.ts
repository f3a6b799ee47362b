// gorod replay FILE [--json] [--lang ru|en]
import { readFileSync } from 'node:fs';
import { cliError } from './errors.js';
import { describeLog, reject, replay, type GameEvent, type GameState, type Lang } from '../engine/index.js';

export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

export interface ReplayJson {
  finished: boolean;
  winner: 'red' | 'black' | 'neutral' | null;
  phase: string;
  number: number;
  alive: number[];
  eliminations: { seat: number; cause: string; phase: string; number: number }[];
  rejected: { index: number; code: string }[];
  events: GameEvent[];
  score?: unknown;
}

export function replaySummary(state: GameState, rejected: { index: number; code: string }[]): ReplayJson {
  const eliminations = state.log
    .filter((e): e is Extract<GameEvent, { t: 'eliminated' }> => e.t === 'eliminated')
    .map((e) => ({ seat: e.seat, cause: e.cause, phase: e.phase, number: e.number }));
  return {
    finished: state.finished,
    winner: state.winner,
    phase: state.phase,
    number: state.number,
    alive: state.seats.filter((s) => s.alive).map((s) => s.seat),
    eliminations,
    rejected: rejected.map((r) => ({ index: r.index, code: r.code })),
    events: state.log,
  };
}

/** Why a file could not be read, in the reader's words (the system's own reason, e.g. ENOENT, after it). */
const READ_ERRORS = {
  ru: { cannotRead: 'не прочитать', tooLarge: 'запись слишком велика', notJson: 'это не JSON' },
  en: { cannotRead: 'cannot read', tooLarge: 'record too large', notJson: 'not JSON' },
} as const;

/** Read and parse a record file; errors come back as a message in `lang`, never a stack trace. */
export function readRecordFile(file: string, lang: Lang): { ok: true; json: unknown } | { ok: false; error: string } {
  const w = READ_ERRORS[lang];
  let text: string;
  try {
    text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  } catch (e) {
    return { ok: false, error: `${w.cannotRead} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  if (text.length > MAX_RECORD_BYTES) return { ok: false, error: w.tooLarge };
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch (e) {
    // The parser's reason is English: Russian readers get the file's name.
    return { ok: false, error: lang === 'ru' ? `${file}: ${w.notJson}` : `${w.notJson}: ${(e as Error).message}` };
  }
}

type Scorer = (state: GameState) => unknown;

export async function loadScorer(): Promise<Scorer | null> {
  try {
    const mod = (await import('../engine/index.js')) as Record<string, unknown>;
    const fn = mod['scoreForReplay'];
    return typeof fn === 'function' ? (fn as Scorer) : null;
  } catch {
    return null;
  }
}

export async function runReplay(file: string, opts: { json?: boolean; lang?: string }): Promise<number> {
  const lang: Lang = opts.lang === 'en' ? 'en' : 'ru';
  const read = readRecordFile(file, lang);
  if (!read.ok) return cliError(read.error, lang);
  const r = replay(read.json);
  // The engine's code and detail are developers' English: the Russian line gives only the message.
  if (!r.ok) return cliError(lang === 'ru' ? `запись неверна: ${r.error.message.ru}` : `invalid record: ${r.error.message.en} (${r.error.code}${r.error.detail ? `: ${r.error.detail}` : ''})`, lang);
  const { state, rejected } = r.value;
  if (opts.json) {
    const out = replaySummary(state, rejected);
    const scorer = await loadScorer();
    const score = scorer?.(state);
    if (score !== undefined && score !== null) out.score = score;
    process.stdout.write(JSON.stringify(out) + '\n');
    return 0;
  }
  const lines = describeLog(state.log, lang);
  process.stdout.write(lines.join('\n').trimStart() + '\n');
  for (const rej of rejected) {
    const why = reject(rej.code).message[lang];
    // The code is an engine id: English readers get it (and --json), the Russian line only the reason.
    process.stdout.write(lang === 'ru' ? `! команда ${rej.index} отклонена: ${why}\n` : `! command ${rej.index} rejected: ${why} (${rej.code})\n`);
  }
  if (!state.finished) process.stdout.write(lang === 'ru' ? '(игра не окончена)\n' : '(the game is not finished)\n');
  return 0;
}
