// The seating: generate it (tables, games per player) with the server's own progress — moves done
// of the budget and the meetings' variance now, polled — a cancel button, and its quality figures
// after; swap two players of a round by hand; print it, one A4 sheet a table.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api.js';
import { ErrorLine, fmtPoints, useErr, type Loaded } from './common.js';
import { useT } from './i18n.js';
import { tapi, type Quality, type SeatingJob, type Tournament } from './tapi.js';

/** How often the page asks the server how far the seating got. */
const POLL_MS = 250;

export function SeatingTab({ L, doc }: { L: Loaded; doc: Tournament }) {
  const { t } = useT();
  const org = L.token !== null;
  const n = doc.players.length;
  const [tables, setTables] = useState(Math.max(1, Math.floor(n / 10)));
  const [games, setGames] = useState(doc.options.schedule?.games ?? 10);
  const [seed, setSeed] = useState('');
  const [quality, setQuality] = useState<Quality | null>(null);
  const [job, setJob] = useState<SeatingJob | null>(null);
  const [err, setErr, clear] = useErr();
  const [swapRound, setSwapRound] = useState(1);
  const [sa, setSa] = useState('');
  const [sb, setSb] = useState('');
  // Polling stops when the page goes away (the run goes on at the server, or is cancelled there).
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const begun = doc.rounds.some((r) => r.games.some((g) => g.status !== 'waiting' || g.tableId));
  const divisible = (n * games) % 10 === 0 && n >= 10 * tables;

  const generate = async (): Promise<void> => {
    clear();
    setQuality(null);
    try {
      let v = await tapi.seatJob(doc.id, L.token, { tables, games, ...(seed.trim() ? { seed: seed.trim() } : {}) });
      setJob(v);
      while (v.state === 'running' && alive.current) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        v = await tapi.seatJobGet(doc.id, L.token, v.id);
        if (alive.current) setJob(v);
      }
      if (v.state === 'done' && v.result) {
        setQuality(v.result.quality);
        await L.reload();
      } else if (v.state === 'failed' && v.error) setErr(new ApiError(400, v.error.code, v.error.message));
    } catch (e) {
      setErr(e);
      setJob(null);
    }
  };
  const cancel = async (): Promise<void> => {
    if (!job) return;
    try {
      setJob(await tapi.seatJobCancel(doc.id, L.token, job.id));
    } catch (e) {
      setErr(e);
    }
  };
  const running = job?.state === 'running';
  const pct = job ? (job.state === 'done' ? 100 : job.total > 0 ? Math.floor((100 * job.done) / job.total) : 0) : 0;
  const swap = async (): Promise<void> => {
    clear();
    try {
      L.set(await tapi.swap(doc.id, L.token, { round: swapRound, a: sa, b: sb }));
      setSa('');
      setSb('');
    } catch (e) {
      setErr(e);
    }
  };
  const round = doc.rounds[swapRound - 1];
  const inRound = round ? round.games.flatMap((g) => g.seats.map((s) => ({ ...s, table: g.table }))) : [];

  return (
    <section data-testid="seating-tab">
      {org && (
        <div className="panel no-print">
          <h2>{t('seating.generate')}</h2>
          <div className="trow">
            <label className="tfield">
              <span>{t('seating.tables')}</span>
              <input type="number" min={1} max={100} value={tables} onChange={(e) => setTables(Number(e.target.value))} data-testid="seat-tables" />
            </label>
            <label className="tfield">
              <span>{t('seating.games')}</span>
              <input type="number" min={1} max={100} value={games} onChange={(e) => setGames(Number(e.target.value))} data-testid="seat-games" />
            </label>
            <label className="tfield">
              <span>{t('seating.seed')}</span>
              <input value={seed} onChange={(e) => setSeed(e.target.value)} maxLength={200} placeholder={t('seating.seedHint')} />
            </label>
          </div>
          <p className="hint">{t('seating.plan', { players: n, count: tables > 0 ? (n * games) / (10 * tables) : 0 })}</p>
          {!divisible && <p className="error">{t('seating.notDivisible')}</p>}
          {begun && <p className="hint">{t('seating.locked')}</p>}
          <div className="actions">
            <button type="button" className="btn btn-primary" disabled={!divisible || begun || running} onClick={() => void generate()} data-testid="seat-generate">
              {doc.rounds.length ? t('seating.regenerate') : t('seating.generate')}
            </button>
            {running && (
              <button type="button" className="btn" onClick={() => void cancel()} data-testid="seat-cancel">
                {t('seating.cancel')}
              </button>
            )}
          </div>
          {job && job.state !== 'failed' && (
            <div className="tprogress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} data-testid="seat-progress" data-state={job.state}>
              <div style={{ width: `${pct}%` }} />
              <span>
                {job.state === 'done'
                  ? t('seating.done')
                  : job.state === 'cancelled'
                    ? t('seating.cancelled')
                    : job.variance === null
                      ? t('seating.working')
                      : t('seating.progress', { pct, v: fmtPoints(job.variance) })}
              </span>
            </div>
          )}
          {quality && <QualityView q={quality} />}
        </div>
      )}
      <ErrorLine error={err} />
      {org && doc.rounds.length > 0 && !doc.rounds.some((r) => r.kind === 'final') && <FinalsForm L={L} doc={doc} onError={setErr} />}
      {org && doc.rounds.length > 0 && (
        <div className="panel no-print" data-testid="swap">
          <h2>{t('seating.swap')}</h2>
          <div className="trow">
            <select value={swapRound} onChange={(e) => setSwapRound(Number(e.target.value))} aria-label={t('seating.round')}>
              {doc.rounds.map((r) => (
                <option key={r.number} value={r.number}>
                  {t('seating.roundN', { n: r.number })}
                </option>
              ))}
            </select>
            {[
              [sa, setSa, 'swap-a'],
              [sb, setSb, 'swap-b'],
            ].map(([v, set, id]) => (
              <select key={id as string} value={v as string} onChange={(e) => (set as (x: string) => void)(e.target.value)} data-testid={id as string} aria-label={t('seating.player')}>
                <option value="">{t('seating.player')}</option>
                {inRound.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.nickname} — {t('seating.tableSeat', { table: s.table, seat: s.seat })}
                  </option>
                ))}
              </select>
            ))}
            <button type="button" className="btn" disabled={!sa || !sb || sa === sb} onClick={() => void swap()} data-testid="swap-do">
              {t('seating.swapDo')}
            </button>
          </div>
        </div>
      )}
      {doc.rounds.length === 0 ? (
        <p className="muted">{t('seating.none')}</p>
      ) : (
        <>
          <div className="actions no-print">
            <button type="button" className="btn" onClick={() => window.print()} data-testid="seat-print">
              {t('seating.print')}
            </button>
          </div>
          <div className="tseating" data-testid="seating">
            {doc.rounds.map((r) => (
              <div key={r.number} className="tround">
                <h2>
                  {t('seating.roundN', { n: r.number })}
                  {r.kind === 'final' && <span className="status"> {t('seating.final')}</span>}
                </h2>
                <div className="ttables">
                  {r.games.map((g) => (
                    <div key={g.table} className="ttable print-sheet" data-testid={`seat-table-${r.number}-${g.table}`}>
                      <h3>
                        <span className="print-only">
                          {doc.name} · {t('seating.roundN', { n: r.number })} ·{' '}
                        </span>
                        {t('seating.tableN', { n: g.table })}
                      </h3>
                      <ol>
                        {g.seats.map((s) => (
                          <li key={s.seat}>
                            <span className="tseat">{s.seat}</span> {s.nickname}
                          </li>
                        ))}
                      </ol>
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function QualityView({ q }: { q: Quality }) {
  const { t } = useT();
  const f = (x: number): string => (Math.round(x * 1000) / 1000).toString();
  return (
    <dl className="tquality" data-testid="quality">
      <dt>{t('seating.q.meetings')}</dt>
      <dd>{t('seating.q.meetingsValue', { min: q.meetings.min, max: q.meetings.max, mean: f(q.meetings.mean) })}</dd>
      <dt>{t('seating.q.variance')}</dt>
      <dd>{t('seating.q.varianceValue', { v: f(q.meetings.variance), bound: f(q.meetings.bound) })}</dd>
      <dt>{t('seating.q.seats')}</dt>
      <dd>{q.seats.balanced ? t('seating.q.balanced') : t('seating.q.unbalanced', { score: f(q.seats.score) })}</dd>
      <dt>{t('seating.q.tables')}</dt>
      <dd>{t('seating.q.tablesValue', { min: q.tablesPerPlayer.min, max: q.tablesPerPlayer.max })}</dd>
      <dt>{t('seating.q.forbidden')}</dt>
      <dd>{q.forbidden.met === 0 ? t('seating.q.forbiddenNone') : t('seating.q.forbiddenMet', { count: q.forbidden.met })}</dd>
    </dl>
  );
}

/** The finals: the top of the standings seated at their own tables, their points multiplied. */
function FinalsForm({ L, doc, onError }: { L: Loaded; doc: Tournament; onError: (e: unknown) => void }) {
  const { t } = useT();
  const sch = doc.options.schedule;
  const [top, setTop] = useState(sch?.finalTop ?? 10);
  const [games, setGames] = useState(sch?.finalGames ?? 1);
  const [weight, setWeight] = useState(sch?.finalWeight ?? 1);
  const [busy, setBusy] = useState(false);
  const played = doc.rounds.every((r) => r.games.every((g) => g.status === 'finished'));
  const go = async (): Promise<void> => {
    setBusy(true);
    try {
      L.set((await tapi.finals(doc.id, L.token, { top, games, weight })).tournament);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="panel tdetails no-print" data-testid="finals">
      <summary>
        <h2>{t('seating.finals')}</h2>
      </summary>
      <div className="trow">
        <label className="tfield">
          <span>{t('new.finalTop')}</span>
          <input type="number" min={10} step={10} value={top} onChange={(e) => setTop(Number(e.target.value))} />
        </label>
        <label className="tfield">
          <span>{t('seating.games')}</span>
          <input type="number" min={1} max={100} value={games} onChange={(e) => setGames(Number(e.target.value))} />
        </label>
        <label className="tfield">
          <span>{t('new.finalWeight')}</span>
          <input type="number" min={0.1} step={0.1} value={weight} onChange={(e) => setWeight(Number(e.target.value))} />
        </label>
      </div>
      {!played && <p className="hint">{t('seating.finalsEarly')}</p>}
      <button type="button" className="btn" disabled={busy || top % 10 !== 0 || top > doc.players.length} onClick={() => void go()}>
        {t('seating.finalsDo')}
      </button>
    </details>
  );
}
