// The forum pages (/f/*): the games list and creation, a game's thread, its voting thread, the
// player's private channels, the host's desk, a season's table and a player's page. A forum page
// reads like a forum on a phone: one column of posts, the deadline always at the top.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n.js';
import { Link, useLocation } from '../lib/router.js';
import { call, ForumApiError, keyFor, saveKey, type Game, type Message, type Post, type Seat } from './api.js';
import './forum.css';

function useErr(): [string | null, (e: unknown) => void, () => void] {
  const [err, setErr] = useState<string | null>(null);
  return [err, (e: unknown) => setErr(e instanceof ForumApiError ? e.error.message[currentLang()] : String(e)), () => setErr(null)];
}

function ErrorLine({ err }: { err: string | null }) {
  return err ? (
    <p className="f-error" role="alert" data-testid="forum-error">
      {err}
    </p>
  ) : null;
}

export function leftText(ms: number, lang: 'ru' | 'en'): string {
  const m = Math.max(0, Math.round(ms / 60_000));
  const h = Math.floor(m / 60);
  const mm = m % 60;
  if (lang === 'ru') return h > 0 ? `${h} ч ${mm} мин` : `${mm} мин`;
  return h > 0 ? `${h} h ${mm} min` : `${mm} min`;
}

/** The table's time zone (its schedule's UTC offset), set by the game on view: every time reads in it. */
let zoneMinutes = 240;
const time = (at: number): string => {
  const d = new Date(at + zoneMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
};

export default function ForumPage() {
  const path = useLocation().split('?')[0]!;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 1) return <ForumHome />;
  if (parts[1] === 's' && parts[2]) return <SeasonView id={parts[2]} />;
  if (parts[1] === 'p' && parts[2]) return <PlayerView name={parts[2]} />;
  return <GameView id={parts[1]!} tab={(parts[2] as Tab | undefined) ?? 'thread'} />;
}

// ---- the list and creation ---------------------------------------------------------------

function ForumHome() {
  const { t } = useTranslation();
  const [games, setGames] = useState<{ id: string; title: string; status: string }[]>([]);
  const [title, setTitle] = useState('');
  const [players, setPlayers] = useState('');
  const [created, setCreated] = useState<{ id: string; hostKey: string; seatKeys: Record<string, string> } | null>(null);
  const [err, setErr] = useErr();
  useEffect(() => {
    call<{ games: typeof games }>('GET', '/games').then((r) => setGames(r.games), setErr);
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = players
      .split('\n')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x, i) => (/^(бот|bot)$/i.test(x) ? { name: `Бот ${i + 1}`, bot: true } : { name: x }));
    call<{ id: string; hostKey: string; seatKeys: Record<string, string> }>('POST', '/games', undefined, { title, players: list }).then((r) => {
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
            <Link to={`/f/${g.id}`}>{g.title}</Link> <span className="muted">{t(`forum.phase.${g.status === 'lobby' ? 'lobby' : g.status === 'finished' ? 'over' : 'lobby'}`, { n: 0 })}</span>
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
          <button className="btn" type="submit">
            {t('forum.create')}
          </button>
        </form>
      )}
      <ErrorLine err={err} />
    </main>
  );
}

// ---- a game --------------------------------------------------------------------------------

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
  if (game) zoneMinutes = game.schedule.utcOffsetMinutes;
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
          {game.you.name} · №{game.you.seat} · {t(`role.${game.you.role}`)}
          {!game.you.alive && ` · ${t('seat.out_removal')}`}
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

interface Page {
  page: number;
  pages: number;
  total: number;
  firstNew: number | null;
  posts: Post[];
}

function Thread({ game, k, reload }: { game: Game; k: string | undefined; reload: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page | null>(null);
  const [want, setWant] = useState<number | undefined>(() => {
    const p = Number(new URLSearchParams(window.location.search).get('page'));
    return Number.isInteger(p) && p > 0 ? p : undefined;
  });
  const [text, setText] = useState('');
  const [reply, setReply] = useState<{ n: number; quote?: string } | null>(null);
  const [err, setErr, clear] = useErr();
  const load = useCallback(() => {
    call<Page>('GET', `/games/${game.id}/posts${want ? `?page=${want}` : ''}`, k).then((p) => {
      setPage(p);
      const last = p.posts[p.posts.length - 1];
      if (game.viewer === 'seat' && last) void call('POST', `/games/${game.id}/seen`, k, { post: last.n }).catch(() => undefined);
      const hash = window.location.hash;
      if (hash) setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView(), 0);
    }, setErr);
  }, [game.id, k, want, game.posts]);
  useEffect(load, [load]);
  const canWrite = game.viewer === 'host' || (game.viewer === 'seat' && game.you?.alive && !game.phase?.finished);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    call('POST', `/games/${game.id}/posts`, k, { text, ...(reply ? { replyTo: reply.n, ...(reply.quote ? { quote: reply.quote } : {}) } : {}) }).then(() => {
      setText('');
      setReply(null);
      setWant(undefined);
      reload();
      load();
    }, setErr);
  };
  const pageOf = (n: number): number => Math.ceil(n / 20);
  if (!page) return <p className="muted">{t('app.loading')}</p>;
  return (
    <section className="f-thread">
      <Pager page={page} go={setWant} />
      {page.posts.map((p) => (
        <div key={p.n}>
          {page.firstNew === p.n && (
            <div className="f-new" data-testid="forum-new">
              {t('forum.newSince')}
            </div>
          )}
          <article id={`p${p.n}`} className={`f-post${p.by === 0 ? ' host' : ''}`} data-testid="forum-post">
            <header>
              <a href={`/f/${game.id}?page=${pageOf(p.n)}#p${p.n}`} className="f-n">
                #{p.n}
              </a>{' '}
              <strong>{p.by === 0 ? t('forum.host') : `${p.name} (№${p.by})`}</strong> <span className="muted">{time(p.at)}</span>
            </header>
            {p.replyTo && (
              <a className="f-replyto" href={`/f/${game.id}?page=${pageOf(p.replyTo)}#p${p.replyTo}`}>
                {t('forum.replyTo', { n: p.replyTo })}
              </a>
            )}
            {p.quote && <blockquote>{p.quote}</blockquote>}
            <div className="f-text">{p.text}</div>
            {p.note && (
              <div className="f-note">
                <em>{t('forum.hostNote')}:</em> {p.note}
              </div>
            )}
            {canWrite && (
              <footer>
                <button type="button" className="btn btn-small" onClick={() => setReply({ n: p.n })}>
                  {t('forum.reply')}
                </button>
                <button type="button" className="btn btn-small" data-testid="forum-quote" onClick={() => setReply({ n: p.n, quote: p.text.slice(0, 600) })}>
                  {t('forum.quote')}
                </button>
              </footer>
            )}
          </article>
        </div>
      ))}
      <Pager page={page} go={setWant} />
      {canWrite && (
        <form className="f-form" onSubmit={submit}>
          {reply && (
            <div className="f-replying">
              {t('forum.replyTo', { n: reply.n })}
              {reply.quote && <blockquote>{reply.quote}</blockquote>}
              <button type="button" className="btn btn-small" onClick={() => setReply(null)}>
                ×
              </button>
            </div>
          )}
          <label>
            {t('forum.write')}
            <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} required maxLength={4000} data-testid="forum-text" />
          </label>
          <button className="btn" type="submit" data-testid="forum-send">
            {t('forum.send')}
          </button>
        </form>
      )}
      <ErrorLine err={err} />
    </section>
  );
}

function Pager({ page, go }: { page: Page; go: (p: number) => void }) {
  const { t } = useTranslation();
  if (page.pages <= 1) return null;
  return (
    <div className="f-pager">
      <button type="button" className="btn btn-small" disabled={page.page <= 1} onClick={() => go(page.page - 1)}>
        {t('forum.prev')}
      </button>
      <span>{t('forum.page', { p: page.page, n: page.pages })}</span>
      <button type="button" className="btn btn-small" disabled={page.page >= page.pages} onClick={() => go(page.page + 1)}>
        {t('forum.next')}
      </button>
    </div>
  );
}

interface VoteThread {
  day: number;
  votes: { seat: number; target: number; reason: string; at: number }[];
  tally: { target: number; count: number }[];
  living: number;
  leftMs: number;
}

const seatName = (game: Game, n: number): string => `№${n} ${game.seats[n - 1]?.name ?? ''}`;

function Votes({ game, k, reload }: { game: Game; k: string | undefined; reload: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<VoteThread | null>(null);
  const [target, setTarget] = useState<number>(0);
  const [reason, setReason] = useState('');
  const [err, setErr, clear] = useErr();
  const load = useCallback(() => call<VoteThread>('GET', `/games/${game.id}/votes`, k).then(setV, setErr), [game.id, k, game.posts]);
  useEffect(() => void load(), [load]);
  if (!v) return <p className="muted">{t('app.loading')}</p>;
  const mine = game.you ? v.votes.find((x) => x.seat === game.you!.seat) : undefined;
  const open = game.phase?.vote?.open === true && game.phase.phase === 'day';
  const targets = game.seats.filter((s) => s.alive && s.seat !== game.you?.seat);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clear();
    call('POST', `/games/${game.id}/votes`, k, { target, reason }).then(() => {
      setReason('');
      reload();
      void load();
    }, setErr);
  };
  return (
    <section className="f-votes">
      <h2>{t('forum.vote.title', { n: v.day })}</h2>
      <p className="muted">{t('forum.vote.rules')}</p>
      <div className="f-card" data-testid="forum-tally">
        <strong>{t('forum.vote.count')}</strong> ({v.votes.length}/{v.living}){open && <span> · {t('forum.left', { t: leftText(v.leftMs, currentLang()) })}</span>}
        {v.tally.length === 0 ? (
          <p className="muted">{t('forum.vote.none')}</p>
        ) : (
          <ul className="f-tally">
            {v.tally.map((x) => (
              <li key={x.target}>
                {seatName(game, x.target)}: <strong>{x.count}</strong>
              </li>
            ))}
          </ul>
        )}
      </div>
      {game.viewer === 'seat' && game.you?.alive && !mine && (
        <form className="f-form" onSubmit={submit}>
          <label>
            {t('forum.vote.target')}
            <select value={target} onChange={(e) => setTarget(Number(e.target.value))} required data-testid="vote-target">
              <option value={0} disabled>
                —
              </option>
              {targets.map((s) => (
                <option key={s.seat} value={s.seat}>
                  {seatName(game, s.seat)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('forum.vote.reason')}
            <textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} data-testid="vote-reason" />
          </label>
          <button className="btn" type="submit" disabled={target === 0} data-testid="vote-send">
            {t('forum.vote.send')}
          </button>
          {!open && <p className="muted">{t('forum.vote.closed')}</p>}
        </form>
      )}
      {mine && <p className="f-ok">{t('forum.vote.done')}</p>}
      <ErrorLine err={err} />
      {v.votes.map((x) => (
        <article key={`${x.seat}`} className="f-post" data-testid="vote-post">
          <header>
            <strong>{seatName(game, x.seat)}</strong> <span className="muted">{time(x.at)}</span>
          </header>
          <div className="f-text">
            <strong>{t('forum.vote.against', { n: x.target })}</strong> — {x.reason}
          </div>
        </article>
      ))}
    </section>
  );
}

function Channel({ game, k, id, msgs, reload }: { game: Game; k: string | undefined; id: string; msgs: Message[]; reload: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [err, setErr, clear] = useErr();
  const param = id === 'team:black' ? 'team' : id.replace(':', '-');
  const title = id === 'team:black' ? t('forum.priv.team') : game.viewer === 'host' ? seatName(game, Number(id.split(':')[1])) : t('forum.priv.seat');
  const send = (e: FormEvent) => {
    e.preventDefault();
    clear();
    call('POST', `/games/${game.id}/channels/${param}`, k, { text }).then(() => {
      setText('');
      reload();
    }, setErr);
  };
  return (
    <section className="f-channel" data-testid={`channel-${param}`}>
      <h3>{title}</h3>
      {msgs.map((m) => (
        <div key={m.n} className={`f-msg ${m.by === 0 ? 'from-host' : 'from-me'} kind-${m.kind}`} data-testid="forum-msg">
          <span className="muted">
            {m.by === 0 ? t('forum.host') : game.viewer === 'seat' && m.by === game.you?.seat ? t('forum.priv.you') : seatName(game, m.by)} · {time(m.at)}
          </span>
          <div>{m.text}</div>
        </div>
      ))}
      <form className="f-form f-inline" onSubmit={send}>
        <input value={text} onChange={(e) => setText(e.target.value)} required maxLength={4000} aria-label={t('forum.write')} data-testid={`channel-text-${param}`} />
        <button className="btn btn-small" type="submit">
          {game.viewer === 'host' ? t('forum.desk.answer') : t('forum.send')}
        </button>
      </form>
      <ErrorLine err={err} />
    </section>
  );
}

function Private({ game, k, reload }: { game: Game; k: string | undefined; reload: () => void }) {
  const { t } = useTranslation();
  const [chs, setChs] = useState<Record<string, Message[]> | null>(null);
  const [verb, setVerb] = useState('');
  const [target, setTarget] = useState(0);
  const [confirm, setConfirm] = useState(false);
  const [err, setErr, clear] = useErr();
  const load = useCallback(() => {
    call<{ channels: Record<string, Message[]> }>('GET', `/games/${game.id}/channels`, k).then((r) => {
      setChs(r.channels);
      const last = Math.max(0, ...Object.values(r.channels).flat().map((m) => m.n));
      if (game.viewer === 'seat') void call('POST', `/games/${game.id}/seen`, k, { msg: last }).catch(() => undefined);
    }, setErr);
  }, [game.id, k, game.now]);
  useEffect(load, [load]);
  if (!k) return <p className="muted">{t('forum.priv.noKey')}</p>;
  const actions = (game.legal ?? []).filter((c) => ['shoot', 'kill', 'heal', 'seduce', 'explode', 'protect'].includes(c.do));
  const verbs = [...new Set(actions.map((c) => c.do))];
  const targets = actions.filter((c) => c.do === (verb || verbs[0])).map((c) => c.target).filter((x): x is number => typeof x === 'number');
  const v = verb || verbs[0] || '';
  const send = () => {
    clear();
    const path = v === 'protect' ? 'protect' : v === 'explode' && game.phase?.phase === 'day' ? 'explode' : 'night';
    const body = path === 'night' ? { verb: v, target } : { target };
    call('POST', `/games/${game.id}/${path}`, k, body).then(() => {
      setConfirm(false);
      reload();
      load();
    }, (e: unknown) => {
      setConfirm(false);
      setErr(e);
    });
  };
  const team = game.team;
  return (
    <section className="f-private">
      {game.viewer === 'seat' && verbs.length > 0 && (
        <div className="f-card f-action" data-testid="night-form">
          <h3>{t('forum.priv.action')}</h3>
          <label>
            {t('forum.priv.verb')}
            <select value={v} onChange={(e) => setVerb(e.target.value)} data-testid="night-verb">
              {verbs.map((x) => (
                <option key={x} value={x}>
                  {t(`forum.verb.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('forum.priv.target')}
            <select value={target} onChange={(e) => setTarget(Number(e.target.value))} data-testid="night-target">
              <option value={0} disabled>
                —
              </option>
              {targets.map((n) => (
                <option key={n} value={n}>
                  {seatName(game, n)}
                </option>
              ))}
            </select>
          </label>
          {confirm ? (
            <div className="f-confirm">
              <p>{t('forum.priv.confirmAsk', { verb: t(`forum.verb.${v}`), n: target })}</p>
              <button type="button" className="btn" onClick={send} data-testid="night-confirm">
                {t('forum.priv.confirm')}
              </button>{' '}
              <button type="button" className="btn btn-small" onClick={() => setConfirm(false)}>
                {t('forum.priv.cancel')}
              </button>
            </div>
          ) : (
            <button type="button" className="btn" disabled={target === 0} onClick={() => setConfirm(true)} data-testid="night-send">
              {t('forum.priv.sendAction')}
            </button>
          )}
        </div>
      )}
      {team && team.seats.length > 1 && game.you && (
        <p className="f-card">
          {t('forum.priv.sender')}: <strong>{team.sender ? seatName(game, team.sender) : t('forum.priv.nobody')}</strong>{' '}
          {team.sender !== game.you.seat && (
            <button type="button" className="btn btn-small" onClick={() => call('POST', `/games/${game.id}/team/sender`, k, { seat: game.you!.seat }).then(reload, setErr)}>
              {t('forum.priv.iSend')}
            </button>
          )}
        </p>
      )}
      <ErrorLine err={err} />
      {chs && Object.entries(chs).map(([id, msgs]) => <Channel key={id} game={game} k={k} id={id} msgs={msgs} reload={load} />)}
    </section>
  );
}

interface DeskData {
  silent: number[];
  hostLog: { at: number; text: string }[];
  nights: { number: number; cases: string[]; attacks: { by: number; as: string; target: number }[] }[];
}

function Desk({ game, k, reload }: { game: Game; k: string; reload: () => void }) {
  const { t } = useTranslation();
  const [desk, setDesk] = useState<DeskData | null>(null);
  const [minutes, setMinutes] = useState(30);
  const [seat, setSeat] = useState(1);
  const [name, setName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [summary, setSummary] = useState('');
  const [sched, setSched] = useState(game.schedule);
  const [err, setErr, clear] = useErr();
  const load = useCallback(() => {
    if (game.status !== 'lobby') call<DeskData>('GET', `/games/${game.id}/desk`, k).then(setDesk, setErr);
  }, [game.id, k, game.now]);
  useEffect(load, [load]);
  const act = (path: string, body: unknown, then?: (v: unknown) => void) => {
    clear();
    call<{ value: unknown }>('POST', `/games/${game.id}/${path}`, k, body).then((r) => {
      then?.(r.value);
      reload();
      load();
    }, setErr);
  };
  return (
    <section className="f-desk" data-testid="forum-desk">
      <h2>{t('forum.desk.title')}</h2>
      <ErrorLine err={err} />
      {game.status === 'lobby' && (
        <div className="f-card">
          <h3>{t('forum.desk.schedule')}</h3>
          <label>
            {t('forum.desk.zone')}
            <input type="number" value={sched.utcOffsetMinutes} onChange={(e) => setSched({ ...sched, utcOffsetMinutes: Number(e.target.value) })} />
          </label>
          <label>
            {t('forum.desk.opens')}
            <input type="time" value={sched.dayOpens} onChange={(e) => setSched({ ...sched, dayOpens: e.target.value })} />
          </label>
          <label>
            {t('forum.desk.closes')}
            <input type="time" value={sched.voteCloses} onChange={(e) => setSched({ ...sched, voteCloses: e.target.value })} />
          </label>
          <label>
            {t('forum.desk.lawyer')}
            <input type="number" value={sched.lawyerMinutes} onChange={(e) => setSched({ ...sched, lawyerMinutes: Number(e.target.value) })} />
          </label>
          <button type="button" className="btn btn-small" onClick={() => call('PUT', `/games/${game.id}/schedule`, k, sched).then(reload, setErr)}>
            {t('forum.desk.save')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => act('start', {})} data-testid="desk-start">
            {t('forum.desk.start')}
          </button>
        </div>
      )}
      {game.status === 'playing' && (
        <>
          <div className="f-card">
            <h3>{t('forum.desk.extend')}</h3>
            <input type="number" min={1} max={1440} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} aria-label={t('forum.desk.minutes')} data-testid="desk-minutes" />{' '}
            {t('forum.desk.minutes')}{' '}
            <button type="button" className="btn btn-small" onClick={() => act('host/extend', { minutes })} data-testid="desk-extend">
              {t('forum.desk.extend')}
            </button>
          </div>
          <div className="f-card">
            <h3>{t('forum.desk.replace')}</h3>
            <label>
              {t('forum.desk.seat')}
              <select value={seat} onChange={(e) => setSeat(Number(e.target.value))} data-testid="desk-seat">
                {game.seats.map((s: Seat) => (
                  <option key={s.seat} value={s.seat}>
                    {seatName(game, s.seat)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('forum.desk.newName')}
              <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} data-testid="desk-name" />
            </label>
            <button type="button" className="btn btn-small" disabled={!name.trim()} onClick={() => act('host/replace', { seat, name }, (v) => setLink(`${window.location.origin}/f/${game.id}?key=${(v as { key: string }).key}`))} data-testid="desk-replace">
              {t('forum.desk.replace')}
            </button>
            {link && (
              <p className="f-link" data-testid="desk-link">
                {t('forum.desk.newLink', { n: seat })}: <a href={link}>{link}</a>
              </p>
            )}
          </div>
          {desk && desk.silent.length > 0 && (
            <div className="f-card">
              <h3>{t('forum.desk.silent')}</h3>
              {desk.silent.map((n) => (
                <p key={n}>
                  {seatName(game, n)}{' '}
                  <button type="button" className="btn btn-small" onClick={() => act('host/remove', { seat: n })}>
                    {t('forum.desk.remove')}
                  </button>
                </p>
              ))}
            </div>
          )}
          <div className="f-card">
            <h3>{t('forum.desk.summary')}</h3>
            <textarea rows={3} value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={4000} aria-label={t('forum.desk.summary')} />
            <button type="button" className="btn btn-small" disabled={!summary.trim()} onClick={() => act('host/summary', { text: summary }, () => setSummary(''))}>
              {t('forum.desk.publish')}
            </button>
          </div>
        </>
      )}
      {desk && desk.nights.length > 0 && (
        <div className="f-card">
          <h3>{t('forum.desk.nights')}</h3>
          {desk.nights.map((n, i) => (
            <p key={i}>
              {t('forum.phase.night', { n: n.number })}: {n.attacks.map((a) => `${seatName(game, a.by)} → №${a.target}`).join('; ') || '—'}
              {n.cases.length > 0 && ` · ${n.cases.join(', ')}`}
            </p>
          ))}
        </div>
      )}
      {desk && desk.hostLog.length > 0 && (
        <div className="f-card">
          <h3>{t('forum.desk.log')}</h3>
          {desk.hostLog.map((l, i) => (
            <p key={i} className="muted">
              {time(l.at)} — {l.text}
            </p>
          ))}
        </div>
      )}
      <p className="f-seats">
        {game.seats.map((s) => (
          <span key={s.seat} className={s.alive ? '' : 'dead'}>
            №{s.seat} {s.name}
            {s.role ? ` · ${t(`role.${s.role}`)}` : ''}
          </span>
        ))}
      </p>
    </section>
  );
}

// ---- seasons and players -----------------------------------------------------------------

interface SeasonRow {
  autokillSpent: boolean;
  posts: number;
  games: number;
  wins: number;
  noShows: number;
  bannedUntil?: number;
}

function SeasonView({ id }: { id: string }) {
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

function PlayerView({ name }: { name: string }) {
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

