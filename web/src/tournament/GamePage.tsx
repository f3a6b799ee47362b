// `/t/:id/game/:round/:table`: one game of the tournament — each seat's points with every line and
// its rule, the protocol, the record's versions (who, when, why), and for the organizer the
// corrections: extra points given through the tournament, or a corrected record with its reason,
// and the requests for a correction (a judge's, a player's, the server's) with how each was resolved.
import { useEffect, useState } from 'react';
import type { RoleId } from '../../../src/engine/index.js';
import { roleName } from '../judge/format.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { Link, routeParam } from '../lib/router.js';
import { ErrorLine, fmtPoints, StatusBadge, useErr } from './common.js';
import { FlagList } from './FlagList.js';
import { useT } from './i18n.js';
import { organizerToken, tapi, type GameView, type Tournament } from './tapi.js';
import './tournament.css';

export default function GamePage() {
  const { t } = useT();
  const lang = currentLang();
  const id = routeParam('/t/:id/game/:round/:table', 'id') ?? '';
  const round = Number(routeParam('/t/:id/game/:round/:table', 'round'));
  const table = Number(routeParam('/t/:id/game/:round/:table', 'table'));
  const token = organizerToken(id);
  const [doc, setDoc] = useState<Tournament | null>(null);
  const [g, setG] = useState<GameView | null>(null);
  const [lines, setLines] = useState<string[] | null>(null);
  const [err, setErr, clear] = useErr();
  const [player, setPlayer] = useState('');
  const [points, setPoints] = useState('0.3');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fixReason, setFixReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [note, setNote] = useState('');

  const load = async (): Promise<void> => {
    try {
      const [d, v] = await Promise.all([tapi.get(id, token), tapi.game(id, token, round, table)]);
      setDoc(d);
      setG(v);
      if (v.version !== undefined) setLines((await tapi.protocol(id, round, table, lang)).lines);
    } catch (e) {
      setErr(e);
    }
  };
  useEffect(() => {
    void load();
  }, [id, round, table, lang]);

  const addExtra = async (): Promise<void> => {
    clear();
    setDone(null);
    try {
      await tapi.extra(id, token, round, table, { player, points: Number(points.replace(',', '.')), reason: reason.trim() });
      setReason('');
      setDone(t('game.extraDone'));
      await load();
    } catch (e) {
      setErr(e);
    }
  };
  const upload = async (): Promise<void> => {
    if (!file) return;
    clear();
    setDone(null);
    try {
      const record = JSON.parse(await file.text()) as unknown;
      const r = await tapi.upload(id, token, round, table, { record, ...(fixReason.trim() ? { reason: fixReason.trim() } : {}) });
      setDone(r.duplicate ? t('game.duplicate') : t('game.uploaded', { v: r.version }));
      setFile(null);
      setFixReason('');
      await load();
    } catch (e) {
      setErr(e instanceof SyntaxError ? new Error(t('game.badFile')) : e);
    }
  };

  const resolve = async (): Promise<void> => {
    clear();
    setDone(null);
    try {
      await tapi.resolveFlags(id, token, round, table, { note: note.trim() });
      setNote('');
      setDone(t('flag.resolvedDone'));
      await load();
    } catch (e) {
      setErr(e);
    }
  };

  if (!g || !doc) {
    return (
      <main className="page tpage">
        <ErrorLine error={err} />
        {!err && <p className="muted">{t('loading')}</p>}
      </main>
    );
  }
  const ruleName = (rule: string): string => doc.scoring.rules.find((r) => r.id === rule)?.name[lang] ?? t('game.rule');
  return (
    <main className="page tpage" data-testid="game-page">
      <p className="small no-print">
        <Link to={`/t/${id}?tab=rounds`}>← {doc.name}</Link>
      </p>
      <h1>
        {t('seating.roundN', { n: round })} · {t('seating.tableN', { n: table })} <StatusBadge status={g.status} />
      </h1>
      {g.winner && <p className={`winner-tag winner-${g.winner}`}>{t(`winner.${g.winner}`)}</p>}
      <div className="tscroll panel">
        <table className="ttable-grid" data-testid="game-score">
          <thead>
            <tr>
              <th>{t('game.seat')}</th>
              <th className="tl">{t('standings.player')}</th>
              {g.score && <th>{t('standings.points')}</th>}
              {/* The role and what the points are for share a column: on a phone the whole table fits. */}
              {g.score && (
                <th className="tl">
                  {t('game.role')} · {t('game.lines')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {g.seats.map((s) => {
              const sc = g.score?.find((x) => x.seat === s.seat);
              return (
                <tr key={s.seat} data-testid="game-seat">
                  <td>{s.seat}</td>
                  <td className="tl">
                    <Link to={`/players/${encodeURIComponent(s.nickname)}`}>{s.nickname}</Link>
                  </td>
                  {sc && (
                    <td className="tpoints" data-testid={`points-${s.seat}`}>
                      {fmtPoints(sc.points)}
                    </td>
                  )}
                  {sc && (
                    <td className="tl">
                      {roleName(sc.role as RoleId, lang)}
                      <div className="small muted tlines">{sc.lines.map((l) => `${ruleName(l.rule)} ${l.points > 0 ? '+' : ''}${fmtPoints(l.points)}`).join('; ') || '—'}</div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {g.tableId && (
        <p className="no-print">
          <Link to={`/replay/${g.tableId}`}>{t('game.replay')}</Link> · <Link to={`/protocol/${g.tableId}`}>{t('game.protocolFull')}</Link>
        </p>
      )}
      {g.extra.length > 0 && (
        <div className="panel">
          <h2>{t('game.extra')}</h2>
          <ul data-testid="extra-list">
            {g.extra.map((x) => (
              <li key={x.id}>
                {g.seats.find((s) => s.id === x.player)?.nickname}: {x.points > 0 ? '+' : ''}
                {fmtPoints(x.points)} — {x.reason}
                <span className="muted small">
                  {' '}
                  {x.by ? `${x.by}, ` : ''}
                  {x.at !== undefined && new Date(x.at).toLocaleString(dateLocale(lang))}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {g.versions.length > 0 && (
        <div className="panel">
          <h2>{t('game.versions')}</h2>
          <ol data-testid="versions">
            {g.versions.map((v) => (
              <li key={v.version}>
                {t('game.version', { v: v.version })} · {new Date(v.at).toLocaleString(dateLocale(lang))} ·{' '}
                {v.source === 'table' ? t('source.table') : `${t(`source.${v.source}`, { defaultValue: v.source })}, ${t(`by.${v.by.kind}`, { defaultValue: v.by.kind })}${v.by.name ? ` (${v.by.name})` : ''}`}
                {v.reason && <em> — {v.reason}</em>}
              </li>
            ))}
          </ol>
        </div>
      )}
      {token && g.flags && g.flags.length > 0 && (
        <div className="panel no-print" data-testid="flags-panel">
          <h2>{t('flag.title')}</h2>
          <FlagList flags={g.flags} />
          {g.status === 'correction' && (
            <>
              <p className="hint">{t('flag.resolveHint')}</p>
              <div className="trow">
                <input value={note} onChange={(e) => setNote(e.target.value)} placeholder={t('flag.note')} aria-label={t('flag.note')} maxLength={500} data-testid="resolve-note" />
                <button type="button" className="btn" disabled={!note.trim()} onClick={() => void resolve()} data-testid="resolve-do">
                  {t('flag.resolveDo')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
      {token && (g.version !== undefined || g.status === 'correction') && (
        <div className="panel no-print" data-testid="correction">
          <h2>{t('game.correct')}</h2>
          {g.version !== undefined && <h3>{t('game.extraAdd')}</h3>}
          {g.version !== undefined && <div className="trow">
            <select value={player} onChange={(e) => setPlayer(e.target.value)} data-testid="extra-player" aria-label={t('standings.player')}>
              <option value="">{t('standings.player')}</option>
              {g.seats.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.seat}. {s.nickname}
                </option>
              ))}
            </select>
            <input inputMode="decimal" value={points} onChange={(e) => setPoints(e.target.value)} size={5} aria-label={t('standings.points')} data-testid="extra-points" />
            <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('game.reason')} maxLength={500} data-testid="extra-reason" />
            <button type="button" className="btn" disabled={!player || !reason.trim() || !Number(points.replace(',', '.'))} onClick={() => void addExtra()} data-testid="extra-add">
              {t('game.extraDo')}
            </button>
          </div>}
          <h3>{t('game.fixRecord')}</h3>
          <p className="hint">{t('game.fixHint')}</p>
          <div className="trow">
            {/* The browser's own file button speaks its own language: a labelled button in ours instead. */}
            <label className="btn tfile">
              {file ? file.name : t('game.chooseFile')}
              <input type="file" accept="application/json,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="fix-file" />
            </label>
            <input value={fixReason} onChange={(e) => setFixReason(e.target.value)} placeholder={t('game.reason')} maxLength={500} data-testid="fix-reason" />
            <button type="button" className="btn" disabled={!file || (g.version !== undefined && !fixReason.trim())} onClick={() => void upload()} data-testid="fix-upload">
              {t('game.fixDo')}
            </button>
          </div>
        </div>
      )}
      <ErrorLine error={err} />
      {done && (
        <p className="ok" role="status" data-testid="game-done">
          {done}
        </p>
      )}
      {lines && (
        <details className="panel tdetails">
          <summary>
            <h2>{t('game.protocol', { count: lines.length })}</h2>
          </summary>
          <ol className="tprotocol small" data-testid="protocol-lines">
            {lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ol>
        </details>
      )}
    </main>
  );
}
