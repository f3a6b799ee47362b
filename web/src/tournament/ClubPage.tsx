// `/clubs/:club`: a club's players with their ratings (the club rating table), its tournaments with
// the best place of its players, and the club's rating (its rated players' average).
import { useEffect, useState } from 'react';
import { dateLocale } from '../lib/i18n.js';
import { Link, routeParam } from '../lib/router.js';
import { ErrorLine, fmtPoints, useErr } from './common.js';
import { useT } from './i18n.js';
import { tapi, type ClubPage as Club } from './tapi.js';
import './tournament.css';

export default function ClubPage() {
  const { t } = useT();
  const name = routeParam('/clubs/:club', 'club') ?? '';
  const [c, setC] = useState<Club | null>(null);
  const [err, setErr] = useErr();
  useEffect(() => {
    tapi.club(name).then(setC, setErr);
  }, [name]);
  if (!c)
    return (
      <main className="page tpage">
        <ErrorLine error={err} />
        {!err && <p className="muted">{t('loading')}</p>}
      </main>
    );
  return (
    <main className="page tpage" data-testid="club-page">
      <h1>{c.club}</h1>
      <div className="tcards">
        <div className="tcard">
          <span className="tcard-v">{c.rating !== null ? fmtPoints(c.rating) : '—'}</span>
          <span className="tcard-l">{t('club.rating')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{c.players.length}</span>
          <span className="tcard-l">{t('club.players')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{c.tournaments.length}</span>
          <span className="tcard-l">{t('club.tournamentsCount')}</span>
        </div>
      </div>
      <section className="panel">
        <h2>{t('club.ratingTable')}</h2>
        <div className="tscroll">
          <table className="ttable-grid" data-testid="club-players">
            <thead>
              <tr>
                <th>#</th>
                <th className="tl">{t('standings.player')}</th>
                <th>{t('player.rating')}</th>
                <th>{t('standings.games')}</th>
                <th>{t('player.winRate')}</th>
              </tr>
            </thead>
            <tbody>
              {c.players.map((p, i) => (
                <tr key={p.nickname}>
                  <td>{i + 1}</td>
                  <td className="tl">
                    <Link to={`/players/${encodeURIComponent(p.nickname)}`}>{p.nickname}</Link>
                  </td>
                  <td className="tpoints">{fmtPoints(p.rating)}</td>
                  <td>{p.games}</td>
                  <td>{p.games ? `${Math.round(p.winRate * 100)} %` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="panel">
        <h2>{t('club.tournaments')}</h2>
        <ul className="tlist">
          {c.tournaments.map((x) => (
            <li key={x.id}>
              <Link to={`/t/${x.id}?tab=standings`}>{x.name}</Link> <span className="muted small">{new Date(x.createdAt).toLocaleDateString(dateLocale())}</span> —{' '}
              {t('club.entry', { count: x.players })}
              {x.best !== null && `, ${t('club.best', { place: x.best })}`}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
