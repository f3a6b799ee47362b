// `/players/:nickname`: a player across every tournament here — rating and its history (a line),
// win rate by role (bars), the sheriff's finds, first-killed count and guesses, fouls, recent games
// with their replays, tournaments with places.
import { useEffect, useState } from 'react';
import { ProfileAccountPanel } from '../account/ProfileAccountPanel.js';
import { ROLE_DEFS, type RoleId } from '../../../src/engine/index.js';
import { roleName } from '../judge/format.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { Link, routeParam } from '../lib/router.js';
import { BarChart, LineChart } from './charts.js';
import { ErrorLine, fmtPoints, useErr } from './common.js';
import { useT } from './i18n.js';
import { tapi, type PlayerProfile } from './tapi.js';
import './tournament.css';

const pct = (x: number): string => `${Math.round(x * 100)} %`;

export default function PlayerPage() {
  const { t } = useT();
  const lang = currentLang();
  const nick = routeParam('/players/:nickname', 'nickname') ?? '';
  const [p, setP] = useState<PlayerProfile | null>(null);
  const [err, setErr] = useErr();
  useEffect(() => {
    tapi.player(nick).then(setP, setErr);
  }, [nick]);
  if (!p)
    return (
      <main className="page tpage">
        <ErrorLine error={err} />
        {!err && <p className="muted">{t('loading')}</p>}
      </main>
    );
  const s = p.stats;
  const roles = s ? (Object.entries(s.roles) as [RoleId, { games: number; wins: number }][]).sort((a, b) => b[1].games - a[1].games) : [];
  const date = (ms: number): string => new Date(ms).toLocaleDateString(dateLocale(lang));
  return (
    <main className="page tpage" data-testid="player-page">
      <h1>{p.nickname}</h1>
      {p.club && (
        <p>
          {t('player.club')}: <Link to={`/clubs/${encodeURIComponent(p.club)}`}>{p.club}</Link>
        </p>
      )}
      {/* The account behind the nickname, if a person has claimed it (issue 20). */}
      <ProfileAccountPanel nickname={p.nickname} />
      <div className="tcards">
        <div className="tcard">
          <span className="tcard-v" data-testid="rating">{p.rating ? fmtPoints(p.rating.rating) : '1000'}</span>
          <span className="tcard-l">{t('player.rating')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{s?.games ?? 0}</span>
          <span className="tcard-l">{t('player.games')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{s ? pct(s.winRate) : '—'}</span>
          <span className="tcard-l">{t('player.winRate')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{s ? `${s.sheriffChecks.black}/${s.sheriffChecks.total}` : '—'}</span>
          <span className="tcard-l">{t('player.sheriffHits')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{s?.firstKilled ?? 0}</span>
          <span className="tcard-l">{t('player.firstKilled')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{s ? `${s.guesses.twoBlack + s.guesses.threeBlack}/${s.guesses.made}` : '—'}</span>
          <span className="tcard-l">{t('player.guesses')}</span>
        </div>
        <div className="tcard">
          <span className="tcard-v">{s?.fouls ?? 0}</span>
          <span className="tcard-l">{t('player.fouls', { removals: s?.removals ?? 0 })}</span>
        </div>
      </div>
      <div className="tgrid2">
        <section className="panel">
          <h2>{t('player.ratingHistory')}</h2>
          {p.history.length ? (
            <LineChart label={t('player.ratingHistory')} points={p.history.map((h, i) => ({ x: i, y: h.rating, title: `${h.tournament}, ${t('seating.roundN', { n: h.round })}: ${fmtPoints(h.rating)} (${h.change > 0 ? '+' : ''}${fmtPoints(h.change)})` }))} />
          ) : (
            <p className="muted">{t('player.noRated')}</p>
          )}
        </section>
        <section className="panel">
          <h2>{t('player.byRole')}</h2>
          {roles.length ? (
            <BarChart
              label={t('player.byRole')}
              bars={roles.map(([r, v]) => ({ label: roleName(r, lang), value: v.games ? v.wins / v.games : 0, note: `${pct(v.games ? v.wins / v.games : 0)} · ${v.wins}/${v.games}`, tone: ROLE_DEFS[r]?.team === 'black' ? 'black' : 'red' }))}
            />
          ) : (
            <p className="muted">{t('player.noGames')}</p>
          )}
        </section>
      </div>
      <section className="panel">
        <h2>{t('player.recent')}</h2>
        <ul className="tlist" data-testid="recent">
          {p.recent.map((g) => (
            <li key={`${g.tournament.id}-${g.round}-${g.table}`}>
              <span className={`tresult ${g.result}`}>{t(`result.${g.result}`)}</span> {roleName(g.role as RoleId, lang)} ·{' '}
              <Link to={`/t/${g.tournament.id}/game/${g.round}/${g.table}`}>
                {g.tournament.name}, {t('seating.roundN', { n: g.round })}, {t('seating.tableN', { n: g.table })}
              </Link>
              {g.tableId && (
                <>
                  {' '}
                  · <Link to={`/replay/${g.tableId}`}>{t('game.replay')}</Link>
                </>
              )}
              <span className="muted small"> {date(g.at)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel">
        <h2>{t('player.tournaments')}</h2>
        <ul className="tlist" data-testid="player-tournaments">
          {p.tournaments.map((x) => (
            <li key={x.id}>
              <Link to={`/t/${x.id}?tab=standings`}>{x.name}</Link> — {x.place ? t('player.place', { place: x.place, of: x.of }) : t('player.noPlace')} · {t('player.points', { points: fmtPoints(x.points) })}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
