// What every forum page shares: the error line, times read in the table's zone, a seat's name.
import { useState } from 'react';
import { currentLang } from '../lib/i18n.js';
import { ForumApiError, type Game } from './api.js';

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

export const seatName = (game: Game, n: number): string => `№${n} ${game.seats[n - 1]?.name ?? ''}`;
