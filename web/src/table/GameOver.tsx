// Game over: the winner, every role, the R60 check of the deal (recomputed here with WebCrypto),
// the record to download and the way to the protocol and the replay.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../src/engine/index.js';
import { verifyCommitment, type CommitCheck } from '../lib/commitment.js';
import { nameOf } from '../lib/format.js';
import { Link } from '../lib/router.js';

export function GameOver({ view, tableId, recordUrl, announced }: { view: GameView; tableId: string; recordUrl?: string | null; announced?: string | null }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<unknown>(null);
  const [check, setCheck] = useState<CommitCheck | null>(null);
  const [loadError, setLoadError] = useState(false);
  const name = nameOf(view);
  const url = recordUrl ?? `/api/games/${encodeURIComponent(tableId)}/record`;
  useEffect(() => {
    if (!view.finished) return;
    let live = true;
    let tries = 0;
    const load = async (): Promise<void> => {
      try {
        const res = await fetch(url);
        if (!res.ok) throw new Error(String(res.status));
        const rec: unknown = await res.json();
        if (!live) return;
        setRecord(rec);
        setCheck(await verifyCommitment(rec, announced ?? null));
      } catch {
        // The record is published a moment after the last event; try again a few times.
        if (live && ++tries < 5) setTimeout(() => void load(), 600 * tries);
        else if (live) setLoadError(true);
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [view.finished, url, announced]);
  if (!view.finished) return null;
  const download = (): void => {
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `gorod-${tableId}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section className={`panel game-over game-over-${view.winner ?? 'draw'}`} aria-label={t('over.title')}>
      <h3 data-testid="winner">{t(`winner.${view.winner ?? 'draw'}`)}</h3>
      <table className="roles-table">
        <thead>
          <tr>
            <th>{t('over.seat')}</th>
            <th>{t('over.role')}</th>
            <th>{t('over.fate')}</th>
          </tr>
        </thead>
        <tbody>
          {view.seats.map((s) => (
            <tr key={s.seat} className={`team-${s.team ?? 'red'}`}>
              <td>{name(s.seat)}</td>
              <td>{s.role ? t(`role.${s.role}`) : '—'}</td>
              <td>{s.alive ? t('over.alive') : t(`seat.out_${s.exit?.cause ?? 'vote'}`) + (s.exit ? ` (${t(`phaseShort.${s.exit.phase}`, { n: s.exit.number })})` : '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="commit" data-testid="commitment" aria-live="polite">
        {check === null && !loadError && <span className="muted">{t('over.checking')}</span>}
        {loadError && <span className="error">{t('over.noRecord')}</span>}
        {check && (check.ok ? <span className="ok">✔ {t('over.commitOk')}</span> : <span className="error">✘ {t(`over.commit_${check.reason ?? 'mismatch'}`)}</span>)}
        {check && (
          <details>
            <summary>{t('over.commitDetails')}</summary>
            <code className="hash">{t('over.recorded')}: {check.recorded ?? '—'}</code>
            <code className="hash">{t('over.computed')}: {check.computed || '—'}</code>
            {check.announced && <code className="hash">{t('over.announced')}: {check.announced}</code>}
          </details>
        )}
      </div>
      <div className="actions">
        <button type="button" className="btn" disabled={!record} onClick={download}>
          {t('over.download')}
        </button>
        <Link className="btn" to={`/protocol/${encodeURIComponent(tableId)}`}>
          {t('over.protocol')}
        </Link>
        <Link className="btn" to={`/replay/${encodeURIComponent(tableId)}`}>
          {t('over.replay')}
        </Link>
      </div>
    </section>
  );
}
