// Rounds: each table's state (waiting, playing, finished, waiting for a correction — with why, for
// the organizer — or corrected) and, for the organizer, its
// start: an online table (players' links; bots may fill seats) or a judge's console link with a
// QR code for the judge's phone.
import { useState } from 'react';
import { Qr } from '../judge/ui.js';
import { absolute, judgeLink, seatLink } from '../lib/storage.js';
import { Link } from '../lib/router.js';
import { ErrorLine, StatusBadge, useErr, type Loaded } from './common.js';
import { FlagList } from './FlagList.js';
import { useT } from './i18n.js';
import { tapi, type OpenedTable, type Tournament, type TSlot } from './tapi.js';

export function RoundsTab({ L, doc }: { L: Loaded; doc: Tournament }) {
  const { t } = useT();
  if (doc.rounds.length === 0) return <p className="muted">{t('seating.none')}</p>;
  // The current round: the first with a game not finished.
  const current = doc.rounds.find((r) => r.games.some((g) => g.status !== 'finished'))?.number ?? doc.rounds.length;
  return (
    <section data-testid="rounds-tab">
      {doc.rounds.map((r) => (
        <details key={r.number} className="panel tround-panel" open={r.number === current}>
          <summary>
            <h2>
              {t('seating.roundN', { n: r.number })} <span className="muted small">{t('rounds.summary', { finished: r.games.filter((g) => g.status === 'finished').length, total: r.games.length })}</span>
            </h2>
          </summary>
          <div className="tslots">
            {r.games.map((g) => (
              <SlotCard key={g.table} L={L} doc={doc} g={g} />
            ))}
          </div>
        </details>
      ))}
    </section>
  );
}

function SlotCard({ L, doc, g }: { L: Loaded; doc: Tournament; g: TSlot }) {
  const { t } = useT();
  const org = L.token !== null;
  const [opened, setOpened] = useState<OpenedTable | null>(null);
  const [bots, setBots] = useState(false);
  const [err, setErr, clear] = useErr();
  const [busy, setBusy] = useState(false);
  const key = `${g.round}-${g.table}`;
  const open = async (mode: 'online' | 'judge'): Promise<void> => {
    clear();
    setBusy(true);
    try {
      const body = mode === 'online' && bots ? { mode, bots: g.seats.map((s) => s.seat), botDelayMs: 200 } : { mode };
      setOpened(await tapi.openTable(doc.id, L.token, g.round, g.table, body));
      await L.reload();
    } catch (e) {
      setErr(e);
    } finally {
      setBusy(false);
    }
  };
  const links = async (): Promise<void> => {
    clear();
    try {
      setOpened(await tapi.slotTable(doc.id, L.token, g.round, g.table));
    } catch (e) {
      setErr(e);
    }
  };
  const corrected = (g.version ?? 0) > 1;
  return (
    <div className="tslot" data-testid={`slot-${key}`} data-status={g.status}>
      <div className="tslot-head">
        <h3>{t('seating.tableN', { n: g.table })}</h3>
        <StatusBadge status={g.status} />
        {corrected && <span className="status tstatus-corrected">{t('status.corrected', { v: g.version })}</span>}
        {g.version !== undefined && g.winner && <span className={`winner-tag winner-${g.winner}`}>{t(`winner.${g.winner}`)}</span>}
      </div>
      <p className="small muted tslot-names">
        {g.seats.map((s) => (
          <span key={s.seat}>
            {s.seat}. {s.nickname}
          </span>
        ))}
      </p>
      {org && g.status === 'correction' && <FlagList flags={(doc.flags ?? []).filter((f) => f.round === g.round && f.table === g.table)} open />}
      <div className="actions">
        <Link to={`/t/${doc.id}/game/${g.round}/${g.table}`} className="btn btn-small" data-testid={`game-link-${key}`}>
          {g.version !== undefined ? t('rounds.result') : t('rounds.game')}
        </Link>
        {org && g.status === 'waiting' && !g.tableId && (
          <>
            <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void open('judge')} data-testid={`open-judge-${key}`}>
              {t('rounds.openJudge')}
            </button>
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void open('online')} data-testid={`open-online-${key}`}>
              {t('rounds.openOnline')}
            </button>
            <label className="small">
              <input type="checkbox" checked={bots} onChange={(e) => setBots(e.target.checked)} data-testid={`bots-${key}`} /> {t('rounds.bots')}
            </label>
          </>
        )}
        {org && g.tableId && !opened && g.version === undefined && (
          <button type="button" className="btn btn-small" onClick={() => void links()} data-testid={`links-${key}`}>
            {t('rounds.links')}
          </button>
        )}
      </div>
      <ErrorLine error={err} />
      {opened && <TableLinks o={opened} slotKey={key} doc={doc} g={g} />}
    </div>
  );
}

function TableLinks({ o, slotKey, doc, g }: { o: OpenedTable; slotKey: string; doc: Tournament; g: TSlot }) {
  const { t } = useT();
  if (o.mode === 'judge' && o.hostToken) {
    const url = `${absolute(judgeLink(o.tableId, o.hostToken))}&tournament=${encodeURIComponent(doc.id)}&round=${g.round}&table=${g.table}`;
    return (
      <div className="tlinks" data-testid={`judge-${slotKey}`}>
        <Qr text={url} size={160} />
        <div>
          <p>{t('rounds.judgeHint')}</p>
          <a href={url} data-testid={`judge-link-${slotKey}`} className="tlink">
            {t('rounds.judgeOpen')}
          </a>
          <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(url)}>
            {t('rounds.copy')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <ol className="tlinks-seats" data-testid={`online-${slotKey}`}>
      {o.seats.map((s) => (
        <li key={s.seat}>
          <span className="tseat">{s.seat}</span> {s.nickname ?? s.name}{' '}
          {s.play || s.token ? (
            <a href={s.play ?? seatLink(o.tableId, s.token!, s.seat)} target="_blank" rel="noreferrer">
              {t('rounds.seatLink')}
            </a>
          ) : (
            <span className="muted small">{t('rounds.bot')}</span>
          )}
        </li>
      ))}
      <li>
        <a href={o.watch ?? `/play/${encodeURIComponent(o.tableId)}`} target="_blank" rel="noreferrer">
          {t('rounds.watch')}
        </a>
      </li>
    </ol>
  );
}
