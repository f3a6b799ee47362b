// Forum seasons: the list and a new season (tied to a club by its owner or judge, signed in), a
// season's page (its games, the players' table, the admin's form that adds forum posts toward
// entry) and a player's forum page.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../account/account-api.js';
import { Link } from '../lib/router.js';
import { call, saveSeasonKey, seasonKeyFor, type SeasonInfo, type SeasonRow } from './api.js';
import { ErrorLine, useErr } from './common.js';

/** The source's entry threshold (forum-mafia.ru.txt: "не менее 100 постов") and ban (three seasons). */
const SOURCE_ENTRY_POSTS = 100;
const SOURCE_BAN_SEASONS = 3;

/** The season a page was opened for by its admin link keeps the key (and the address bar loses it). */
function useSeasonKey(id: string): string | undefined {
  const [key] = useState<string | undefined>(() => {
    const q = new URLSearchParams(window.location.search).get('key');
    if (q) {
      saveSeasonKey(id, q);
      window.history.replaceState(null, '', window.location.pathname);
      return q;
    }
    return seasonKeyFor(id);
  });
  return key;
}

/** On /f: the community's seasons and a new one. */
export function SeasonsSection({ seasons, onCreated }: { seasons: SeasonInfo[]; onCreated: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [entryPosts, setEntryPosts] = useState(SOURCE_ENTRY_POSTS);
  const [banSeasons, setBanSeasons] = useState(SOURCE_BAN_SEASONS);
  const [clubs, setClubs] = useState<{ id: string; name: string }[]>([]);
  const [club, setClub] = useState('');
  const [clubSeason, setClubSeason] = useState('');
  const [made, setMade] = useState<{ id: string; adminKey: string } | null>(null);
  const [err, setErr, clear] = useErr();
  // The clubs this account may tie a season to (a guest has none: the form says how to get there).
  useEffect(() => {
    accountApi.me().then(
      (me) => setClubs(me.clubs.filter((c) => c.role === 'owner' || c.role === 'judge')),
      () => setClubs([]),
    );
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    const body = { name, entryPosts, banSeasons, ...(club ? { club, ...(clubSeason.trim() ? { clubSeason: clubSeason.trim() } : {}) } : {}) };
    call<{ id: string; adminKey: string }>('POST', '/seasons', undefined, body).then((r) => {
      saveSeasonKey(r.id, r.adminKey);
      setMade(r);
      setName('');
      onCreated();
    }, setErr);
  };
  const adminLink = made ? `${window.location.origin}/f/s/${made.id}?key=${made.adminKey}` : '';
  return (
    <section className="f-seasons" data-testid="forum-seasons">
      <h2>{t('forum.seasons.title')}</h2>
      <ul className="f-list">
        {seasons.length === 0 && <li className="muted">{t('forum.seasons.none')}</li>}
        {seasons.map((s) => (
          <li key={s.id}>
            <Link to={`/f/s/${s.id}`}>{s.name}</Link> <span className="muted">{t('forum.seasons.number', { n: s.number })}</span>
            {s.club && <span className="muted"> · {t('forum.seasons.ofClub', { club: s.club.name ?? s.club.id })}</span>}
          </li>
        ))}
      </ul>
      {made ? (
        <div className="f-card" data-testid="season-created">
          <p>{t('forum.seasons.created')}</p>
          <p className="f-link">
            {t('forum.seasons.adminLink')}: <a href={adminLink}>{adminLink}</a>
          </p>
          <button type="button" className="btn btn-small" onClick={() => setMade(null)}>
            {t('forum.seasons.another')}
          </button>
        </div>
      ) : (
        <form className="f-form" onSubmit={submit}>
          <h3>{t('forum.seasons.create')}</h3>
          <label>
            {t('forum.seasons.name')}
            <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} data-testid="season-name" />
          </label>
          <label>
            {t('forum.seasons.entryPosts')}
            <input type="number" min={0} max={100000} value={entryPosts} onChange={(e) => setEntryPosts(Number(e.target.value))} />
          </label>
          <label>
            {t('forum.seasons.banSeasons')}
            <input type="number" min={0} max={100} value={banSeasons} onChange={(e) => setBanSeasons(Number(e.target.value))} />
          </label>
          {clubs.length > 0 ? (
            <>
              <label>
                {t('forum.seasons.club')}
                <select value={club} onChange={(e) => setClub(e.target.value)} data-testid="season-club">
                  <option value="">{t('forum.seasons.noClub')}</option>
                  {clubs.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              {club && (
                <label>
                  {t('forum.seasons.clubSeason')}
                  <input value={clubSeason} onChange={(e) => setClubSeason(e.target.value)} maxLength={40} placeholder={name} data-testid="season-club-season" />
                </label>
              )}
            </>
          ) : (
            <p className="muted">{t('forum.seasons.clubHint')}</p>
          )}
          <button className="btn" type="submit" data-testid="season-create">
            {t('forum.seasons.create')}
          </button>
        </form>
      )}
      <ErrorLine err={err} />
    </section>
  );
}

export function SeasonView({ id }: { id: string }) {
  const { t } = useTranslation();
  const key = useSeasonKey(id);
  const [s, setS] = useState<SeasonInfo | null>(null);
  const [err, setErr] = useErr();
  const load = () => void call<SeasonInfo>('GET', `/seasons/${id}`).then(setS, setErr);
  useEffect(load, [id]);
  if (!s) return <main className="page forum">{err ? <ErrorLine err={err} /> : <p className="muted">{t('app.loading')}</p>}</main>;
  return (
    <main className="page forum">
      <h1 className="f-title">{t('forum.season.title', { name: s.name })}</h1>
      <p className="muted" data-testid="season-about">
        {t('forum.seasons.numberTitle', { n: s.number })} · {t('forum.seasons.entry', { n: s.entryPosts, b: s.banSeasons })}
        {s.club && (
          <>
            {' · '}
            {t('forum.seasons.ofClub', { club: s.club.name ?? s.club.id })}
            {s.club.season !== s.name && ` (${t('forum.seasons.clubSeasonIs', { season: s.club.season })})`}
          </>
        )}
      </p>
      <h2>{t('forum.seasons.games')}</h2>
      <ul className="f-list">
        {(s.gameList ?? []).length === 0 && <li className="muted">{t('forum.none')}</li>}
        {(s.gameList ?? []).map((g) => (
          <li key={g.id}>
            <Link to={`/f/${g.id}`}>{g.title}</Link> <span className="muted">{t(`forum.status.${g.status}`)}</span>
          </li>
        ))}
      </ul>
      <SeasonTable rows={Object.entries(s.players)} season={s.number} />
      {key && <AddPosts id={id} k={key} done={load} />}
    </main>
  );
}

/** The season's admin adds a player's posts on the community's forum (they count toward entry). */
function AddPosts({ id, k, done }: { id: string; k: string; done: () => void }) {
  const { t } = useTranslation();
  const [player, setPlayer] = useState('');
  const [posts, setPosts] = useState(0);
  const [err, setErr, clear] = useErr();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    call('POST', `/seasons/${id}/posts`, k, { player: player.trim(), posts }).then(() => {
      setPlayer('');
      setPosts(0);
      done();
    }, setErr);
  };
  return (
    <form className="f-form f-card" onSubmit={submit} data-testid="season-posts">
      <h3>{t('forum.seasons.addPosts')}</h3>
      <label>
        {t('forum.season.player')}
        <input value={player} onChange={(e) => setPlayer(e.target.value)} required maxLength={64} />
      </label>
      <label>
        {t('forum.season.posts')}
        <input type="number" min={0} max={100000} value={posts} onChange={(e) => setPosts(Number(e.target.value))} />
      </label>
      <button className="btn btn-small" type="submit">
        {t('forum.seasons.add')}
      </button>
      <ErrorLine err={err} />
    </form>
  );
}

function SeasonTable({ rows, season }: { rows: [string, SeasonRow][]; season: number }) {
  const { t } = useTranslation();
  return (
    <div className="f-scroll">
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
    </div>
  );
}

export function PlayerView({ name }: { name: string }) {
  const [p, setP] = useState<{ seasons: ({ id: string; name: string; number: number } & SeasonRow)[] } | null>(null);
  useEffect(() => void call<NonNullable<typeof p>>('GET', `/players/${encodeURIComponent(name)}`).then(setP, () => undefined), [name]);
  return (
    <main className="page forum">
      <h1 className="f-title">{name}</h1>
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
