// Templated speeches in Russian or English, and the reader that recovers their content from a
// `said` event. Bots read each other (and humans who use the same words): a sheriff's claim,
// checks, suspicions; the don's "watching N" is the black team's sign for the found sheriff.
import type { Lang } from './policy.js';

export interface Speech {
  claimSheriff?: boolean;
  checks?: { target: number; black: boolean }[];
  suspects?: number[];
  trusts?: number[];
  nominate?: number;
  /** The don's sign to his team: "I'm watching N" (the sheriff he found). */
  watching?: number;
  /** Why the first suspect (reasons.ts, in the speech's language): follows a dash, never parsed. */
  because?: string;
  /** The kind of speech and the day, for its opening words (never parsed back). */
  /** 'post': a forum post (no speech to close with thanks). */
  kind?: 'day' | 'tie' | 'last' | 'post';
  day?: number;
}

const T = {
  ru: {
    claim: 'Я шериф.',
    checks: 'Проверки:',
    black: 'чёрный',
    red: 'красный',
    suspects: 'Подозреваю',
    trusts: 'Доверяю',
    nominate: 'Выставляю',
    watching: 'Слежу за',
    nothing: 'Пока без подозрений, слушаю стол.',
    firstRound: 'Первый круг, информации мало, слушаю стол.',
    firstPost: 'Первый день, информации мало, присматриваюсь.',
    last: 'Моё последнее слово.',
    tie: 'Я мирный житель, прошу меня оставить.',
    thanks: 'Спасибо.',
  },
  en: {
    claim: 'I am the sheriff.',
    checks: 'Checked:',
    black: 'black',
    red: 'red',
    suspects: 'I suspect',
    trusts: 'I trust',
    nominate: 'I nominate',
    watching: "I'm watching",
    nothing: 'No suspicions yet, I am listening to the table.',
    firstRound: 'First round, little to go on: I am listening to the table.',
    firstPost: 'Day one, little to go on: I am watching.',
    last: 'My last word.',
    tie: 'I am a civilian: keep me at the table.',
    thanks: 'Thank you.',
  },
} as const;

export function renderSpeech(sp: Speech, lang: Lang): string {
  const t = T[lang];
  const parts: string[] = [];
  if (sp.kind === 'last') parts.push(t.last);
  if (sp.kind === 'tie' && !sp.claimSheriff) parts.push(t.tie);
  const opening = parts.length;
  if (sp.claimSheriff) parts.push(t.claim);
  if (sp.checks && sp.checks.length > 0)
    parts.push(`${t.checks} ${sp.checks.map((c) => `${c.target} ${c.black ? t.black : t.red}`).join(', ')}.`);
  if (sp.watching !== undefined) parts.push(`${t.watching} ${sp.watching}.`);
  if (sp.suspects && sp.suspects.length > 0) parts.push(`${t.suspects} ${sp.suspects.join(', ')}${sp.because ? ` — ${sp.because}` : ''}.`);
  if (sp.trusts && sp.trusts.length > 0) parts.push(`${t.trusts} ${sp.trusts.join(', ')}.`);
  if (sp.nominate !== undefined) parts.push(`${t.nominate} ${sp.nominate}.`);
  // Nothing to tell: say so (a tie speech has said its piece already).
  if (parts.length === opening && sp.kind !== 'tie') parts.push(sp.day === 1 && sp.kind === 'day' ? t.firstRound : sp.day === 1 && sp.kind === 'post' ? t.firstPost : t.nothing);
  if (sp.kind !== 'post') parts.push(t.thanks);
  return parts.join(' ');
}

const NUMS = /\d+/g;
function numbersAfter(text: string, label: string): number[] {
  const i = text.indexOf(label);
  if (i < 0) return [];
  const end = text.indexOf('.', i + label.length);
  const part = text.slice(i + label.length, end < 0 ? undefined : end);
  const dash = part.indexOf('—');
  return (dash < 0 ? part : part.slice(0, dash)).match(NUMS)?.map(Number) ?? [];
}

const READ = new Map<string, Speech>();

/** What a speech says, for either language. Unknown text reads as nothing. Memoized (pure). */
export function readSpeech(text: string): Speech {
  let sp = READ.get(text);
  if (!sp) {
    if (READ.size > 50_000) READ.clear();
    READ.set(text, (sp = parse(text)));
  }
  return sp;
}

function parse(text: string): Speech {
  const out: Speech = {};
  for (const lang of ['ru', 'en'] as const) {
    const t = T[lang];
    if (text.includes(t.claim)) out.claimSheriff = true;
    const ci = text.indexOf(t.checks);
    if (ci >= 0) {
      const end = text.indexOf('.', ci);
      const part = text.slice(ci + t.checks.length, end < 0 ? undefined : end);
      const checks: { target: number; black: boolean }[] = [];
      for (const item of part.split(',')) {
        const m = /(\d+)\s+(\S+)/.exec(item.trim());
        if (m && (m[2] === t.black || m[2] === t.red)) checks.push({ target: Number(m[1]), black: m[2] === t.black });
      }
      out.checks = checks;
    }
    const sus = numbersAfter(text, t.suspects);
    if (sus.length > 0) out.suspects = sus;
    const tr = numbersAfter(text, t.trusts);
    if (tr.length > 0) out.trusts = tr;
    const nom = numbersAfter(text, t.nominate);
    if (nom.length > 0) out.nominate = nom[0]!;
    const w = numbersAfter(text, t.watching);
    if (w.length > 0) out.watching = w[0]!;
  }
  return out;
}
