// A game's voting thread: one vote with a reason per living player, the live count, the time left.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n.js';
import { call, type Game } from './api.js';
import { ErrorLine, leftText, seatName, time, useErr } from './common.js';

interface VoteThread {
  day: number;
  votes: { seat: number; target: number; reason: string; at: number }[];
  tally: { target: number; count: number }[];
  living: number;
  leftMs: number;
}


export function Votes({ game, k, reload }: { game: Game; k: string | undefined; reload: () => void }) {
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
            <strong>{t('forum.vote.against', { n: seatName(game, x.target) })}</strong> — {x.reason}
          </div>
        </article>
      ))}
    </section>
  );
}
