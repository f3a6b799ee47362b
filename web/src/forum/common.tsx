// What every forum page shares: the error line, times read in the table's zone, a seat's name,
// and the server's generated lines (the host's results, announcements, private results) written
// in the reader's language from the events and data they carry.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { describeEvent, seatNo, type GameEvent } from '../../../src/engine/index.js';
import type { HostSay } from '../../../src/server/forum/types.js';
import { currentLang } from '../lib/i18n.js';
import { ForumApiError, type Game, type Message, type Post } from './api.js';

export function useErr(): [string | null, (e: unknown) => void, () => void] {
  const [err, setErr] = useState<string | null>(null);
  return [err, (e: unknown) => setErr(e instanceof ForumApiError ? e.error.message[currentLang()] : String(e)), () => setErr(null)];
}

export function ErrorLine({ err }: { err: string | null }) {
  return err ? (
    <p className="f-error" role="alert" data-testid="forum-error">
      {err}
    </p>
  ) : null;
}

export function leftText(ms: number, lang: 'ru' | 'en'): string {
  const m = Math.max(0, Math.round(ms / 60_000));
  const h = Math.floor(m / 60);
  const mm = m % 60;
  if (lang === 'ru') return h > 0 ? `${h} ч ${mm} мин` : `${mm} мин`;
  return h > 0 ? `${h} h ${mm} min` : `${mm} min`;
}

/** The table's time zone (its schedule's UTC offset), set by the game on view: every time reads in it. */
let zoneMinutes = 240;
export function setZone(minutes: number): void {
  zoneMinutes = minutes;
}
export const time = (at: number): string => {
  const d = new Date(at + zoneMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

export const seatName = (game: Game, n: number): string => `${seatNo(n, currentLang())} ${game.seats[n - 1]?.name ?? ''}`.trim();

/** The host's announcement in the reader's words. */
export function sayText(say: HostSay, t: TFunction, game: Game): string {
  switch (say.kind) {
    case 'extend':
      return t('forum.say.extend', { m: say.minutes, at: time(say.until) });
    case 'replace':
      return t('forum.say.replace', { seat: seatNo(say.seat, currentLang()), name: say.name, old: say.old });
    case 'remove':
      return t('forum.say.remove', { seat: seatName(game, say.seat) });
    case 'summary':
      return t('forum.say.summary');
  }
}

/** A post as the reader reads it: the host's results from the engine's events, the rest as written. */
export function postText(p: Post, t: TFunction, game: Game): string {
  const lang = currentLang();
  if (p.auto && p.events) {
    const lines = (p.events as GameEvent[]).map((e) => describeEvent(e, lang, (n) => seatName(game, n))).filter((x): x is string => !!x);
    if (lines.length > 0) return lines.join('\n');
  }
  if (p.say) return sayText(p.say, t, game);
  return p.text;
}

/** A private message as the reader reads it: a move as sent, the engine's answer, or free text. */
export function messageText(m: Message, t: TFunction, game: Game): string {
  const lang = currentLang();
  if (m.act) return `${t(`forum.verb.${m.act.verb}`)} → ${m.act.target === null ? t('forum.priv.nobody') : seatName(game, m.act.target)}`;
  const line = m.ev ? describeEvent(m.ev as GameEvent, lang, (n) => seatName(game, n)) : null;
  if (!line) return m.text;
  return m.kind === 'confirm' ? `${t('forum.priv.accepted')} ${line}` : line;
}
