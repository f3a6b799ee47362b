// Registration: one player at a time (known players offered with their club), a pasted list
// (`nickname, club` a line), removal of a player not seated, and the forbidden pairs.
import { useEffect, useState } from 'react';
import { Link } from '../lib/router.js';
import { ErrorLine, useErr, type Loaded } from './common.js';
import { useT } from './i18n.js';
import { tapi, type Tournament } from './tapi.js';

export function PlayersTab({ L, doc }: { L: Loaded; doc: Tournament }) {
  const { t } = useT();
  const org = L.token !== null;
  const [nick, setNick] = useState('');
  const [club, setClub] = useState('');
  const [paste, setPaste] = useState('');
  const [known, setKnown] = useState<{ nickname: string; club?: string }[]>([]);
  const [fa, setFa] = useState('');
  const [fb, setFb] = useState('');
  const [err, setErr, clear] = useErr();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (org) tapi.players().then(setKnown, () => setKnown([]));
  }, [org]);

  const run = async (fn: () => Promise<Tournament>): Promise<boolean> => {
    clear();
    setBusy(true);
    try {
      L.set(await fn());
      return true;
    } catch (e) {
      setErr(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const pickNick = (v: string): void => {
    setNick(v);
    const k = known.find((x) => x.nickname.toLowerCase() === v.trim().toLowerCase());
    if (k?.club && !club) setClub(k.club);
  };
  const seated = new Set(doc.rounds.flatMap((r) => r.games.flatMap((g) => g.seats.map((s) => s.id))));
  const nickOf = new Map(doc.players.map((p) => [p.id, p.nickname]));
  const forbidden = doc.forbidden ?? [];

  return (
    <section data-testid="players-tab">
      {org && (
        <div className="tgrid2">
          <form
            className="panel"
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => tapi.addPlayers(doc.id, L.token, { players: [{ nickname: nick.trim(), ...(club.trim() ? { club: club.trim() } : {}) }] })).then((ok) => {
                if (ok) {
                  setNick('');
                  setClub('');
                }
              });
            }}
          >
            <h2>{t('players.addOne')}</h2>
            <label className="tfield">
              <span>{t('players.nickname')}</span>
              <input value={nick} onChange={(e) => pickNick(e.target.value)} list="known-players" required maxLength={64} data-testid="add-nick" autoComplete="off" />
            </label>
            <datalist id="known-players">
              {known.map((k) => (
                <option key={k.nickname} value={k.nickname}>
                  {k.club ?? ''}
                </option>
              ))}
            </datalist>
            <label className="tfield">
              <span>{t('players.club')}</span>
              <input value={club} onChange={(e) => setClub(e.target.value)} maxLength={64} data-testid="add-club" />
            </label>
            <button type="submit" className="btn btn-primary" disabled={busy || !nick.trim()} data-testid="add-player">
              {t('players.add')}
            </button>
          </form>
          <form
            className="panel"
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => tapi.addPlayers(doc.id, L.token, { csv: paste })).then((ok) => ok && setPaste(''));
            }}
          >
            <h2>{t('players.paste')}</h2>
            <textarea rows={6} value={paste} onChange={(e) => setPaste(e.target.value)} placeholder={t('players.pasteHint')} data-testid="paste" />
            <button type="submit" className="btn" disabled={busy || !paste.trim()} data-testid="paste-add">
              {t('players.pasteAdd')}
            </button>
          </form>
        </div>
      )}
      <ErrorLine error={err} />
      <div className="panel">
        <h2>{t('players.list', { count: doc.players.length })}</h2>
        {doc.players.length === 0 ? (
          <p className="muted">{t('players.none')}</p>
        ) : (
          <ol className="tplayers" data-testid="player-list">
            {doc.players.map((p) => (
              <li key={p.id} data-testid="player-row">
                <Link to={`/players/${encodeURIComponent(p.nickname)}`} className="tp-nick">
                  {p.nickname}
                </Link>
                {p.club ? (
                  <Link to={`/clubs/${encodeURIComponent(p.club)}`} className="tp-club muted">
                    {p.club}
                  </Link>
                ) : (
                  <span className="tp-club muted">—</span>
                )}
                {org && !seated.has(p.id) && (
                  <button type="button" className="btn btn-small" aria-label={t('players.remove', { name: p.nickname })} onClick={() => void run(() => tapi.removePlayer(doc.id, L.token, p.id))}>
                    ✕
                  </button>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      {org && (
        <div className="panel" data-testid="forbidden">
          <h2>{t('players.forbidden')}</h2>
          <p className="hint">{t('players.forbiddenHint')}</p>
          <div className="trow">
            <select value={fa} onChange={(e) => setFa(e.target.value)} data-testid="forbid-a" aria-label={t('players.first')}>
              <option value="">{t('players.first')}</option>
              {doc.players.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nickname}
                </option>
              ))}
            </select>
            <select value={fb} onChange={(e) => setFb(e.target.value)} data-testid="forbid-b" aria-label={t('players.second')}>
              <option value="">{t('players.second')}</option>
              {doc.players
                .filter((p) => p.id !== fa)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.nickname}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="btn"
              disabled={busy || !fa || !fb || fa === fb}
              data-testid="forbid-add"
              onClick={() => void run(() => tapi.forbidden(doc.id, L.token, [...forbidden, [fa, fb]], false)).then((ok) => ok && (setFa(''), setFb('')))}
            >
              {t('players.forbidAdd')}
            </button>
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => tapi.forbidden(doc.id, L.token, forbidden, true))}>
              {t('players.sameClub')}
            </button>
          </div>
          <ul className="tpairs" data-testid="forbidden-list">
            {forbidden.map(([a, b], i) => (
              <li key={`${a}-${b}`}>
                {nickOf.get(a)} ✕ {nickOf.get(b)}{' '}
                <button type="button" className="btn btn-small" aria-label={t('players.unforbid')} onClick={() => void run(() => tapi.forbidden(doc.id, L.token, forbidden.filter((_, k) => k !== i), false))}>
                  {t('players.unforbid')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
