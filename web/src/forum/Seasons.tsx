// A forum season's table and a player's forum page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.js';
import { call } from './api.js';
import { ErrorLine, useErr } from './common.js';

interface SeasonRow {
  autokillSpent: boolean;
  posts: number;
  games: number;
  wins: number;
  noShows: number;
  bannedUntil?: number;
}

export function SeasonView({ id }: { id: string }) {
  const { t } = useTranslation();
  const [s, setS] = useState<{ name: string; number: number; players: Record<string, SeasonRow> } | null>(null);
  const [err, setErr] = useErr();
  useEffect(() => void call<NonNullable<typeof s>>('GET', `/seasons/${id}`).then(setS, setErr), [id]);
  if (!s) return <main className="page forum">{err ? <ErrorLine err={err} /> : <p className="muted">{t('app.loading')}</p>}</main>;
  return (
    <main className="page forum">
      <h1>{t('forum.season.title', { name: s.name })}</h1>
      <SeasonTable rows={Object.entries(s.players)} season={s.number} />
    </main>
  );
}

function SeasonTable({ rows, season }: { rows: [string, SeasonRow][]; season: number }) {
  const { t } = useTranslation();
  return (
    <table className="f-table">
      <thead>
        <tr>
          <th>{t('forum.season.player')}</th>
          <th>{t('forum.season.games')}</th>
          <th>{t('forum.season.wins')}</th>
          <th>{t('forum.season.posts')}</th>
          <th>{t('forum.season.autokill')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, r]) => (
          <tr key={name}>
            <td>
              <Link to={`/f/p/${encodeURIComponent(name)}`}>{name}</Link>
              {r.bannedUntil !== undefined && r.bannedUntil >= season && <div className="f-error">{t('forum.season.ban', { n: r.bannedUntil })}</div>}
            </td>
            <td>{r.games}</td>
            <td>{r.wins}</td>
            <td>{r.posts}</td>
            <td>{r.autokillSpent ? t('forum.season.spent') : t('forum.season.free')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlayerView({ name }: { name: string }) {
  const [p, setP] = useState<{ seasons: ({ id: string; name: string; number: number } & SeasonRow)[] } | null>(null);
  useEffect(() => void call<NonNullable<typeof p>>('GET', `/players/${encodeURIComponent(name)}`).then(setP, () => undefined), [name]);
  return (
    <main className="page forum">
      <h1>{name}</h1>
      {p?.seasons.map((s) => (
        <section key={s.id}>
          <h2>
            <Link to={`/f/s/${s.id}`}>{s.name}</Link>
          </h2>
          <SeasonTable rows={[[name, s]]} season={s.number} />
        </section>
      ))}
    </main>
  );
}
