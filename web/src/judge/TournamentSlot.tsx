// A tournament slot's console (`?tournament=…&round=…&table=…` in the organizer's link): the
// tournament's name and the slot in the heading, a link back to the tournament, and the judge's
// request for a correction of the game (the organizer sees the slot waiting for one).
import { useEffect, useState } from 'react';
import { call, errorText } from '../lib/api.js';
import { queryParam } from '../lib/router.js';
import type { Lang } from './lang.js';

export interface TournamentSlot {
  id: string;
  name: string;
  round: number;
  table: number;
}

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

export function useTournamentSlot(): TournamentSlot | null {
  const [slot, setSlot] = useState<TournamentSlot | null>(null);
  useEffect(() => {
    const t = queryParam('tournament');
    const round = Number(queryParam('round'));
    const table = Number(queryParam('table'));
    if (!t || !(round > 0) || !(table > 0)) return;
    fetch(`/api/tournaments/${encodeURIComponent(t)}`)
      .then((r) => (r.ok ? (r.json() as Promise<{ name: string }>) : null))
      .then((d) => d && setSlot({ id: t, name: d.name, round, table }))
      .catch(() => undefined);
  }, []);
  return slot;
}

/** The server table's heading: the tournament and the slot, or plainly a server table. */
export function slotTitle(slot: TournamentSlot | null, lang: Lang): string {
  return slot ? `${slot.name} · ${L(lang, `тур ${slot.round}, стол ${slot.table}`, `round ${slot.round}, table ${slot.table}`)}` : L(lang, 'Стол на сервере', 'Server table');
}

/** The tools bar's part: back to the tournament, and "ask for a correction" with a reason. */
export function SlotTools({ slot, token, lang }: { slot: TournamentSlot; token: string | null; lang: Lang }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a className="button" href={`/t/${encodeURIComponent(slot.id)}`} data-testid="slot-tournament">
        {L(lang, 'Турнир', 'Tournament')}
      </a>
      {token && (
        <button type="button" aria-expanded={open} onClick={() => setOpen((x) => !x)} data-testid="flag-open">
          {L(lang, 'Нужно исправление', 'Needs a correction')}
        </button>
      )}
      {open && token && <CorrectionRequest slot={slot} token={token} lang={lang} onDone={() => setOpen(false)} />}
    </>
  );
}

function CorrectionRequest({ slot, token, lang, onDone }: { slot: TournamentSlot; token: string; lang: Lang; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (): Promise<void> => {
    setBusy(true);
    try {
      await call(`/api/tournaments/${encodeURIComponent(slot.id)}/games/${slot.round}/${slot.table}/flags`, {
        method: 'POST',
        body: JSON.stringify({ reason: reason.trim() }),
        headers: { authorization: `Bearer ${token}` },
      });
      setState({ ok: true, text: L(lang, 'Запрос отправлен организатору.', 'The request is sent to the organizer.') });
      setReason('');
      setTimeout(onDone, 2500);
    } catch (e) {
      // Offline, the request is not queued (unlike the game's entries): the judge sees it failed and retries.
      setState({ ok: false, text: errorText(e, lang) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flag-request" role="group" aria-label={L(lang, 'Запрос исправления', 'Correction request')} data-testid="flag-request">
      <label>
        {L(lang, 'Что исправить (организатор увидит это)', 'What to correct (the organizer sees this)')}
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} data-testid="flag-reason" />
      </label>
      <button type="button" disabled={busy || !reason.trim()} onClick={() => void send()} data-testid="flag-send">
        {L(lang, 'Отправить', 'Send')}
      </button>
      {state && (
        <p className={state.ok ? 'ok' : 'error'} role="status" data-testid="flag-state">
          {state.text}
        </p>
      )}
    </div>
  );
}
