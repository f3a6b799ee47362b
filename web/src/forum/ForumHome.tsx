// /f: the forum games list and a new game's creation (in a season or not), the seasons.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.js';
import { call, saveKey, type SeasonInfo } from './api.js';
import { ErrorLine, useErr } from './common.js';
import { SeasonsSection } from './Seasons.js';

export function ForumHome() {
  const { t } = useTranslation();
  const [games, setGames] = useState<{ id: string; title: string; status: 'lobby' | 'playing' | 'finished' }[]>([]);
  const [seasons, setSeasons] = useState<SeasonInfo[]>([]);
  const [seasonId, setSeasonId] = useState('');
  const [title, setTitle] = useState('');
  const [players, setPlayers] = useState('');
  const [created, setCreated] = useState<{ id: string; hostKey: string; seatKeys: Record<string, string> } | null>(null);
  const [err, setErr] = useErr();
  const loadSeasons = () => void call<{ seasons: SeasonInfo[] }>('GET', '/seasons').then((r) => setSeasons(r.seasons), setErr);
  useEffect(() => {
    call<{ games: typeof games }>('GET', '/games').then((r) => setGames(r.games), setErr);
    loadSeasons();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = players
      .split('\n')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x, i) => (/^(бот|bot)$/i.test(x) ? { name: `Бот ${i + 1}`, bot: true } : { name: x }));
    call<{ id: string; hostKey: string; seatKeys: Record<string, string> }>('POST', '/games', undefined, { title, players: list, ...(seasonId ? { seasonId } : {}) }).then((r) => {
      saveKey(r.id, r.hostKey);
      setCreated(r);
    }, setErr);
  };
  const origin = window.location.origin;
  return (
    <main className="page forum">
      <h1>{t('forum.title')}</h1>
      <ul className="f-list">
        {games.length === 0 && <li className="muted">{t('forum.none')}</li>}
        {games.map((g) => (
          <li key={g.id}>
            <Link to={`/f/${g.id}`}>{g.title}</Link> <span className="muted">{t(`forum.status.${g.status}`)}</span>
          </li>
        ))}
      </ul>
      <h2>{t('forum.create')}</h2>
      {created ? (
        <div className="f-card" data-testid="forum-created">
          <p>{t('forum.created')}</p>
          <p>
            {t('forum.hostLink')}: <a href={`/f/${created.id}/host?key=${created.hostKey}`}>{`${origin}/f/${created.id}/host?key=${created.hostKey}`}</a>
          </p>
          {Object.entries(created.seatKeys).map(([n, k]) => (
            <p key={n} className="f-link">
              {t('forum.seatLink', { n, name: players.split('\n').filter((x) => x.trim())[Number(n) - 1] ?? '' })}: <a href={`/f/${created.id}?key=${k}`}>{`${origin}/f/${created.id}?key=${k}`}</a>
            </p>
          ))}
        </div>
      ) : (
        <form className="f-form" onSubmit={submit}>
          <label>
            {t('forum.gameTitle')}
            <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />
          </label>
          <label>
            {t('forum.players')}
            <textarea rows={8} value={players} onChange={(e) => setPlayers(e.target.value)} required />
          </label>
          {seasons.length > 0 && (
            <label>
              {t('forum.seasons.season')}
              <select value={seasonId} onChange={(e) => setSeasonId(e.target.value)} data-testid="game-season">
                <option value="">{t('forum.seasons.noSeason')}</option>
                {seasons.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button className="btn" type="submit">
            {t('forum.create')}
          </button>
        </form>
      )}
      <ErrorLine err={err} />
      <SeasonsSection seasons={seasons} onCreated={loadSeasons} />
    </main>
  );
}
