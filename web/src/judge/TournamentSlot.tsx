// A tournament slot's console (`?tournament=…&round=…&table=…` in the organizer's link): the
// tournament's name and the slot in the heading, a link back to the tournament, and the judge's
// request for a correction of the game (the organizer sees the slot waiting for one), queued on
// this device while the network is down.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call, errorText } from '../lib/api.js';
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

/**
 * A correction request the network did not carry (the hall's Wi-Fi is often down): kept on this
 * device under the slot and sent again when the network is back, like the game's own entries.
 */
interface Pending {
  reason: string;
  token: string;
}

const pendingKey = (slot: TournamentSlot): string => `gorod.flag.${slot.id}.${slot.round}.${slot.table}`;

function loadPending(slot: TournamentSlot): Pending | null {
  try {
    const raw = localStorage.getItem(pendingKey(slot));
    const p = raw ? (JSON.parse(raw) as Partial<Pending>) : null;
    return p && typeof p.reason === 'string' && typeof p.token === 'string' ? { reason: p.reason, token: p.token } : null;
  } catch {
    return null;
  }
}

function savePending(slot: TournamentSlot, p: Pending | null): void {
  try {
    if (p) localStorage.setItem(pendingKey(slot), JSON.stringify(p));
    else localStorage.removeItem(pendingKey(slot));
  } catch {
    // Storage full or refused: the request stays in memory for this page.
  }
}

function postFlag(slot: TournamentSlot, p: Pending): Promise<unknown> {
  return call(`/api/tournaments/${encodeURIComponent(slot.id)}/games/${slot.round}/${slot.table}/flags`, {
    method: 'POST',
    body: JSON.stringify({ reason: p.reason }),
    headers: { authorization: `Bearer ${p.token}` },
  });
}

type FlagState = { kind: 'sent' | 'queued' | 'error'; text: string } | null;

/** How often a queued request is tried again besides the browser's "online" event (which some miss). */
const RETRY_MS = 10_000;

/**
 * The correction request's sending: a network failure queues it (and says so), a retry follows
 * the network's return; the server's refusal is shown as it is and not retried.
 */
function useCorrectionRequest(slot: TournamentSlot, lang: Lang): { state: FlagState; queued: boolean; send: (p: Pending) => Promise<void>; clear: () => void } {
  const [state, setState] = useState<FlagState>(null);
  const [queued, setQueued] = useState(() => loadPending(slot) !== null);
  const sending = useRef(false);
  const attempt = useCallback(
    async (p: Pending): Promise<void> => {
      if (sending.current) return;
      sending.current = true;
      try {
        await postFlag(slot, p);
        savePending(slot, null);
        setQueued(false);
        setState({ kind: 'sent', text: L(lang, 'Запрос отправлен организатору.', 'The request is sent to the organizer.') });
      } catch (e) {
        if (e instanceof ApiError) {
          savePending(slot, null);
          setQueued(false);
          setState({ kind: 'error', text: errorText(e, lang) });
        } else {
          savePending(slot, p);
          setQueued(true);
          setState({
            kind: 'queued',
            text: L(lang, 'Нет связи с сервером: запрос сохранён на этом устройстве и уйдёт сам, когда связь вернётся.', 'No connection: the request is kept on this device and goes out by itself when the connection is back.'),
          });
        }
      } finally {
        sending.current = false;
      }
    },
    [slot, lang],
  );
  useEffect(() => {
    if (!queued) return;
    const retry = (): void => {
      const p = loadPending(slot);
      if (p) void attempt(p);
    };
    retry();
    window.addEventListener('online', retry);
    const timer = setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [queued, slot, attempt]);
  return { state, queued, send: attempt, clear: () => setState(null) };
}

/** The tools bar's part: back to the tournament, and "ask for a correction" with a reason. */
export function SlotTools({ slot, token, lang }: { slot: TournamentSlot; token: string | null; lang: Lang }) {
  const [open, setOpen] = useState(false);
  const req = useCorrectionRequest(slot, lang);
  return (
    <>
      <a className="button" href={`/t/${encodeURIComponent(slot.id)}`} data-testid="slot-tournament">
        {L(lang, 'Турнир', 'Tournament')}
      </a>
      {token && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => {
            // A new request starts clean; a queued one keeps saying that it waits.
            if (!open && req.state?.kind !== 'queued') req.clear();
            setOpen((x) => !x);
          }}
          data-testid="flag-open"
        >
          {req.queued ? L(lang, 'Исправление: ждёт связи', 'Correction: waiting for the network') : L(lang, 'Нужно исправление', 'Needs a correction')}
        </button>
      )}
      {open && token && <CorrectionRequest token={token} lang={lang} req={req} onDone={() => setOpen(false)} />}
    </>
  );
}

function CorrectionRequest({
  token,
  lang,
  req,
  onDone,
}: {
  token: string;
  lang: Lang;
  req: ReturnType<typeof useCorrectionRequest>;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { state } = req;
  // The console re-renders every second (the clock): the close waits on the answer, not on a render.
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (state?.kind !== 'sent') return;
    setReason('');
    const t = setTimeout(() => done.current(), 2500);
    return () => clearTimeout(t);
  }, [state]);
  const send = async (): Promise<void> => {
    setBusy(true);
    try {
      await req.send({ reason: reason.trim(), token });
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
      <button type="button" disabled={busy || req.queued || !reason.trim()} onClick={() => void send()} data-testid="flag-send">
        {L(lang, 'Отправить', 'Send')}
      </button>
      {state && (
        <p className={state.kind === 'sent' ? 'ok' : state.kind === 'queued' ? 'warn' : 'error'} role="status" data-testid="flag-state" data-kind={state.kind}>
          {state.text}
        </p>
      )}
    </div>
  );
}
