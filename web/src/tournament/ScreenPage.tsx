// `/t/:id/screen`: the hall's screen (a projector, or a stream overlay with `?overlay=1`). It shows
// the current round's seating by table, then the live standings with each player's trend, and
// switches between them every `?every=` seconds (15 by default). Big type: read from 10 m.
import { useEffect, useState } from 'react';
import { queryParam, routeParam } from '../lib/router.js';
import { fmtPoints, useTournament } from './common.js';
import { useT } from './i18n.js';
import { trends } from './trend.js';
import './tournament.css';

export default function ScreenPage() {
  const { t } = useT();
  const id = routeParam('/t/:id/screen', 'id') ?? '';
  const overlay = queryParam('overlay') === '1';
  const every = Math.max(3, Number(queryParam('every')) || 15) * 1000;
  const fixed = queryParam('view');
  const L = useTournament(id);
  const [view, setView] = useState<'seating' | 'standings'>(fixed === 'standings' ? 'standings' : 'seating');
  useEffect(() => {
    if (fixed) return;
    const h = setInterval(() => setView((v) => (v === 'seating' ? 'standings' : 'seating')), every);
    return () => clearInterval(h);
  }, [every, fixed]);
  useEffect(() => {
    // The page's canvas too: a dark colour scheme would paint it (a stream overlay must show through).
    document.body.classList.toggle('overlay-body', overlay);
    document.documentElement.classList.toggle('overlay-html', overlay);
    return () => {
      document.body.classList.remove('overlay-body');
      document.documentElement.classList.remove('overlay-html');
    };
  }, [overlay]);
  const doc = L.t;
  const s = L.standings;
  if (!doc) return <main className="screen">{L.error ?? t('loading')}</main>;
  const round = doc.rounds.find((r) => r.games.some((g) => g.status !== 'finished')) ?? doc.rounds.at(-1);
  const show = view === 'seating' && round ? 'seating' : 'standings';
  const trend = s ? trends(s.rows) : new Map<string, number>();
  return (
    <main className={`screen${overlay ? ' overlay' : ''}`} data-testid="screen" data-view={show}>
      <header className="screen-head">
        <h1>{doc.name}</h1>
        <span>{show === 'seating' && round ? t('screen.seating', { n: round.number }) : t('screen.standings', { count: s?.games ?? 0 })}</span>
      </header>
      {show === 'seating' && round ? (
        <div className="screen-tables">
          {round.games.map((g) => (
            <section key={g.table} className={`screen-table st-${g.status}`}>
              <h2>
                {t('seating.tableN', { n: g.table })} <small>{t(`status.${g.status}`)}</small>
              </h2>
              <ol>
                {g.seats.map((x) => (
                  <li key={x.seat}>
                    <b>{x.seat}</b> {x.nickname}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : (
        <ol className="screen-standings" data-testid="screen-standings">
          {(s?.rows ?? []).slice(0, 20).map((r) => {
            const tr = trend.get(r.id) ?? 0;
            return (
              <li key={r.id} data-nick={r.nickname}>
                <span className="ss-place">{r.place}</span>
                <span className="ss-name">{r.nickname}</span>
                <span className={`ss-trend ${tr > 0 ? 'up' : tr < 0 ? 'down' : ''}`} aria-label={tr > 0 ? t('screen.up', { n: tr }) : tr < 0 ? t('screen.down', { n: -tr }) : t('screen.same')}>
                  {tr > 0 ? `▲${tr}` : tr < 0 ? `▼${-tr}` : '•'}
                </span>
                <span className="ss-points">{fmtPoints(r.points)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </main>
  );
}
