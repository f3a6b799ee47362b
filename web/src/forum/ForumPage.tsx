// The forum pages (/f/*): the games list and creation, a game's thread, its voting thread, the
// player's private channels, the host's desk, a season's table and a player's page. A forum page
// reads like a forum on a phone: one column of posts, the deadline always at the top.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seatNo } from '../../../src/engine/index.js';
import { currentLang } from '../lib/i18n.js';
import { Link, useLocation } from '../lib/router.js';
import { call, ForumApiError, keyFor, saveKey, type Game } from './api.js';
import { loadMe } from '../account/session.js';
import './forum.css';
import { ErrorLine, leftText, setZone, useErr } from './common.js';
import { ForumHome } from './ForumHome.js';
import { Thread } from './Thread.js';
import { Votes } from './Votes.js';
import { Private } from './Private.js';
import { Desk } from './Desk.js';
import { PlayerView, SeasonView } from './Seasons.js';

export default function ForumPage() {
  const path = useLocation().split('?')[0]!;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 1) return <ForumHome />;
  if (parts[1] === 's' && parts[2]) return <SeasonView id={parts[2]} />;
  if (parts[1] === 'p' && parts[2]) return <PlayerView name={parts[2]} />;
  return <GameView id={parts[1]!} tab={(parts[2] as Tab | undefined) ?? 'thread'} />;
}

// ---- the list and creation ---------------------------------------------------------------
type Tab = 'thread' | 'votes' | 'private' | 'host';

function useGame(id: string) {
  const [key, setKey] = useState<string | undefined>(() => {
    const q = new URLSearchParams(window.location.search).get('key');
    if (q) {
      saveKey(id, q);
      // The key leaves the address bar (and the history) once it is kept.
      window.history.replaceState(null, '', window.location.pathname + window.location.hash);
      return q;
    }
    return keyFor(id);
  });
  const [game, setGame] = useState<Game | null>(null);
  const [err, setErr] = useErr();
  const reload = useCallback(() => {
    call<Game>('GET', `/games/${id}`, key).then(setGame, (e: unknown) => {
      if (e instanceof ForumApiError && e.error.code === 'badKey') setKey(undefined);
      setErr(e);
    });
  }, [id, key]);
  useEffect(() => {
    reload();
    const h = setInterval(reload, 15_000);
    return () => clearInterval(h);
  }, [reload]);
  // A signed-in player's seat is bound to the account (once): a club's season ban then asks the
  // account, whatever name the seat has. A refusal (a ban, another account's seat) is shown.
  const unbound = game?.viewer === 'seat' && game.bound === false;
  useEffect(() => {
    if (!unbound || !key) return;
    void loadMe().then((me) => {
      if (me) call('POST', `/games/${id}/bind`, key, {}).then(reload, setErr);
    });
  }, [unbound, id, key]);
  return { key, game, reload, err, setErr };
}

function PhaseBar({ game }: { game: Game }) {
  const { t } = useTranslation();
  const p = game.phase;
  if (!p) return <div className="f-phase">{t('forum.phase.lobby')}</div>;
  if (p.finished)
    return (
      <div className="f-phase over" data-testid="forum-phase">
        {t('forum.phase.over')}. {t(`forum.winner.${p.winner ?? 'null'}`)}
      </div>
    );
  return (
    <div className={`f-phase ${p.phase}`} data-testid="forum-phase">
      <strong>{t(`forum.phase.${p.phase}`, { n: p.number })}</strong>
      {p.step && (
        <span>
          {' · '}
          {t(`forum.step.${p.step.kind}`, { at: p.step.local })} <span className="f-left">({t('forum.left', { t: leftText(p.step.leftMs, currentLang()) })})</span>
        </span>
      )}
    </div>
  );
}

function GameView({ id, tab }: { id: string; tab: Tab }) {
  const { t } = useTranslation();
  const { key, game, reload, err } = useGame(id);
  if (game) setZone(game.schedule.utcOffsetMinutes);
  if (!game) return <main className="page forum">{err ? <ErrorLine err={err} /> : <p className="muted">{t('app.loading')}</p>}</main>;
  const tabs: Tab[] = ['thread', 'votes', ...(game.viewer === 'seat' ? (['private'] as Tab[]) : []), ...(game.viewer === 'host' ? (['private', 'host'] as Tab[]) : [])];
  const uniq = [...new Set(tabs)];
  return (
    <main className="page forum">
      <h1 className="f-title">{game.title}</h1>
      <PhaseBar game={game} />
      <nav className="f-tabs" aria-label={game.title}>
        {uniq.map((x) => (
          <Link key={x} to={x === 'thread' ? `/f/${id}` : `/f/${id}/${x}`} className={x === tab ? 'active' : ''} data-testid={`tab-${x}`}>
            {t(`forum.tabs.${x}`)}
            {x === 'private' && game.needs?.some((n) => n.kind === 'message' || n.kind === 'night') ? ' •' : ''}
          </Link>
        ))}
      </nav>
      {game.you && (
        <p className="f-you muted">
          {game.you.name} · {seatNo(game.you.seat, currentLang())} · {t(`role.${game.you.role}`)}
          {!game.you.alive && ` · ${t(`seat.out_${game.seats[game.you.seat - 1]?.exit?.cause ?? 'removal'}`)}`}
        </p>
      )}
      {tab === 'thread' && <Thread game={game} k={key} reload={reload} />}
      {tab === 'votes' && <Votes game={game} k={key} reload={reload} />}
      {tab === 'private' && <Private game={game} k={key} reload={reload} />}
      {tab === 'host' && game.viewer === 'host' && <Desk game={game} k={key!} reload={reload} />}
      <p className="f-feed">
        <a href={`/api/forum/games/${id}/feed.atom${key && game.viewer === 'seat' ? `?key=${key}` : ''}`}>{t('forum.feed')}</a>
      </p>
    </main>
  );
}

