// Standings: every column of the scoring system (points by group, Ci, first killed, tie-breaks),
// sortable; per-round points linked to each game; CSV and JSON export; the printable final
// protocol; the organizer finishes the tournament here.
import { useState } from 'react';
import { currentLang } from '../lib/i18n.js';
import { Link } from '../lib/router.js';
import { csvField, downloadText, ErrorLine, fmtPoints, useErr, type Loaded } from './common.js';
import { useT } from './i18n.js';
import { tapi, type StandingRow, type Standings, type Tournament } from './tapi.js';

interface Col {
  key: string;
  label: string;
  value: (r: StandingRow) => number | string;
  text?: (r: StandingRow) => string;
}

/** The columns of these standings: the fixed ones, the scoring system's groups, its tie-breaks. */
export function columns(doc: Tournament, s: Standings, t: (k: string, o?: Record<string, unknown>) => string): Col[] {
  const groups = [...new Set(doc.scoring.rules.map((r) => r.group))];
  const cols: Col[] = [
    { key: 'place', label: t('standings.place'), value: (r) => r.place },
    { key: 'nickname', label: t('standings.player'), value: (r) => r.nickname },
    { key: 'points', label: t('standings.points'), value: (r) => r.points, text: (r) => fmtPoints(r.points) },
    { key: 'games', label: t('standings.games'), value: (r) => r.games },
    { key: 'wins', label: t('standings.wins'), value: (r) => r.wins },
  ];
  for (const g of groups) cols.push({ key: `g-${g}`, label: t(`group.${g}`), value: (r) => r.groups[g] ?? 0, text: (r) => fmtPoints(r.groups[g] ?? 0) });
  if (doc.scoring.rules.some((r) => r.kind === 'firstKilledCompensation')) cols.push({ key: 'ci', label: t('standings.ci'), value: (r) => r.ci, text: (r) => fmtPoints(r.ci) });
  cols.push({ key: 'firstKilled', label: t('standings.firstKilled'), value: (r) => r.firstKilled });
  const tbs = s.tiebreaks;
  // A points tie-break names its groups (FIIM: extra + best move + penalties), not just "points".
  tbs.forEach((tb, i) => cols.push({ key: `tb-${i}`, label: t('standings.tiebreak', { n: i + 1, by: tb.by === 'points' ? tb.groups.map((g) => t(`group.${g}`)).join(' + ') : t(`tiebreak.${tb.by}`) }), value: (r) => r.tiebreaks[i] ?? 0, text: (r) => fmtPoints(r.tiebreaks[i] ?? 0) }));
  return cols;
}

export function StandingsTab({ L, doc }: { L: Loaded; doc: Tournament }) {
  const { t } = useT();
  const s = L.standings;
  const [sort, setSort] = useState<{ key: string; desc: boolean }>({ key: 'place', desc: false });
  const [byRound, setByRound] = useState(false);
  const [err, setErr, clear] = useErr();
  if (!s) return <p className="muted">{t('loading')}</p>;
  const cols = columns(doc, s, t);
  const col = cols.find((c) => c.key === sort.key) ?? cols[0]!;
  const rows = [...s.rows].sort((a, b) => {
    const x = col.value(a);
    const y = col.value(b);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), currentLang());
    return (sort.desc ? -c : c) || a.place - b.place;
  });
  const tableOf = (pid: string, round: number): number | undefined => doc.rounds[round - 1]?.games.find((g) => g.seats.some((x) => x.id === pid))?.table;
  const finished = doc.options.schedule?.finished === true;

  const csv = (): void => {
    const head = [...cols.map((c) => c.label), t('standings.club'), ...doc.rounds.map((r) => t('standings.roundShort', { n: r.number }))];
    const lines = [head.map(csvField).join(',')];
    for (const r of s.rows) lines.push([...cols.map((c) => c.value(r)), r.club ?? '', ...r.rounds.map((x) => (x === null ? '' : x))].map(csvField).join(','));
    downloadText(`${doc.name}.csv`, 'text/csv;charset=utf-8', `\uFEFF${lines.join('\r\n')}\r\n`);
  };
  const json = (): void => downloadText(`${doc.name}.json`, 'application/json', JSON.stringify({ tournament: { id: doc.id, name: doc.name }, standings: s }, null, 2));
  const finish = async (v: boolean): Promise<void> => {
    clear();
    try {
      L.set(await tapi.patch(doc.id, L.token, { options: { schedule: { ...(doc.options.schedule ?? {}), finished: v } } }));
    } catch (e) {
      setErr(e);
    }
  };

  return (
    <section data-testid="standings-tab" className="tstandings">
      <h2 className="print-only">
        {finished ? t('standings.finalProtocol') : t('standings.title')} — {doc.name}
      </h2>
      <div className="actions no-print">
        <label className="small">
          <input type="checkbox" checked={byRound} onChange={(e) => setByRound(e.target.checked)} data-testid="by-round" /> {t('standings.byRound')}
        </label>
        <button type="button" className="btn btn-small" onClick={csv} data-testid="export-csv">
          CSV
        </button>
        <button type="button" className="btn btn-small" onClick={json} data-testid="export-json">
          JSON
        </button>
        <button type="button" className="btn btn-small" onClick={() => window.print()} data-testid="print-protocol">
          {t('standings.print')}
        </button>
        {L.token && (
          <button type="button" className={`btn btn-small${finished ? '' : ' btn-primary'}`} onClick={() => void finish(!finished)} data-testid="finish">
            {finished ? t('standings.reopen') : t('standings.finish')}
          </button>
        )}
      </div>
      <ErrorLine error={err} />
      {finished && <p className="tfinal" data-testid="finished">{t('standings.finished')}</p>}
      <p className="muted small">
        {t('standings.counted', { count: s.games })} {s.extraHidden ? t('standings.extraHidden') : ''}
      </p>
      <div className="tscroll">
        <table className="ttable-grid" data-testid="standings">
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c.key} aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'} className={c.key === 'nickname' ? 'tl' : ''}>
                  <button type="button" onClick={() => setSort((x) => ({ key: c.key, desc: x.key === c.key ? !x.desc : c.key !== 'place' && c.key !== 'nickname' }))} data-testid={`sort-${c.key}`}>
                    {c.label}
                    {sort.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''}
                  </button>
                </th>
              ))}
              {(byRound || finished) &&
                doc.rounds.map((r) => (
                  <th key={`r${r.number}`} className="tround-col">
                    {t('standings.roundShort', { n: r.number })}
                  </th>
                ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={`${r.tied && r.games > 0 ? 'tied' : ''}${r.finalist ? ' finalist' : ''}`} data-testid="standing-row" data-nick={r.nickname}>
                {cols.map((c) =>
                  c.key === 'nickname' ? (
                    <td key={c.key} className="tl">
                      <Link to={`/players/${encodeURIComponent(r.nickname)}`}>{r.nickname}</Link>
                      {r.club && <span className="muted tclub">{r.club}</span>}
                    </td>
                  ) : (
                    <td key={c.key} className={c.key === 'points' ? 'tpoints' : ''} data-col={c.key}>
                      {c.text ? c.text(r) : c.value(r)}
                    </td>
                  ),
                )}
                {(byRound || finished) &&
                  r.rounds.map((x, i) => {
                    const table = tableOf(r.id, i + 1);
                    return (
                      <td key={i} className="tround-col">
                        {x === null || table === undefined ? '—' : <Link to={`/t/${doc.id}/game/${i + 1}/${table}`}>{fmtPoints(x)}</Link>}
                      </td>
                    );
                  })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
