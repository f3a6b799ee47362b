// Pieces the tournament pages share: loading a tournament (and reloading it on every live change),
// the status badge of a game slot, an error line in the reader's language, CSV text.
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../lib/api.js';
import { currentLang } from '../lib/i18n.js';
import { organizerToken, tapi, watchTournament, type Standings, type Tournament } from './tapi.js';
import { useT } from './i18n.js';

export interface Loaded {
  t: Tournament | null;
  standings: Standings | null;
  error: string | null;
  token: string | null;
  reload: () => Promise<void>;
  set: (t: Tournament) => void;
}

/** The tournament and its standings; both are read again after every change the server reports. */
export function useTournament(id: string): Loaded {
  const token = organizerToken(id);
  const [t, setT] = useState<Tournament | null>(null);
  const [standings, setStandings] = useState<Standings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const [doc, st] = await Promise.all([tapi.get(id, token), tapi.standings(id, token)]);
      setT(doc);
      setStandings(st);
      setError(null);
    } catch (e) {
      setError(errorText(e, currentLang()));
    }
  }, [id, token]);
  useEffect(() => {
    void reload();
    return watchTournament(id, () => void reload());
  }, [id, reload]);
  return { t, standings, error, token, reload, set: setT };
}

export function StatusBadge({ status }: { status: 'waiting' | 'playing' | 'finished' | 'correction' }) {
  const { t } = useT();
  return <span className={`status tstatus-${status}`}>{t(`status.${status}`)}</span>;
}

export function ErrorLine({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="error" role="alert" data-testid="t-error">
      {error}
    </p>
  );
}

export function fmtPoints(x: number | null | undefined): string {
  if (x === null || x === undefined) return '—';
  return (Math.round(x * 100) / 100).toLocaleString(currentLang() === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 2 });
}

/** One CSV field, quoted when it must be. */
export function csvField(v: string | number): string {
  const s = String(v);
  return /[",;\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function downloadText(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useErr(): [string | null, (e: unknown) => void, () => void] {
  const [err, setErr] = useState<string | null>(null);
  return [err, (e: unknown) => setErr(errorText(e, currentLang())), () => setErr(null)];
}
