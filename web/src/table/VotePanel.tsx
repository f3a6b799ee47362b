// Voting: the candidates in the order they were nominated, one vote each, and the rule that a
// vote not cast goes to the last candidate, explained before it happens (R8). Votes are public as
// they are cast (hands are raised in the open): each candidate shows who voted against them. The
// "all leave?" round after a second tie is a yes/no question (R9).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n.js';
import type { GameView } from '../../../src/engine/index.js';
import { nameOf, votesThisRound } from '../lib/format.js';
import type { Legal, Send } from './types.js';

export function VotePanel({ view, send, legal }: { view: GameView; send: Send; legal?: Legal }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const st = view.stage;
  if (st.kind !== 'vote') return null;
  const name = nameOf(view);
  const me = view.you?.seat;
  const living = view.seats.filter((s) => s.alive).length;
  let start = -1;
  for (let i = view.log.length - 1; i >= 0; i--) if (view.log[i]!.t === 'votingStarted') {
    start = i;
    break;
  }
  const mine = start >= 0 ? view.log.slice(start + 1).find((e) => e.t === 'voteCast' && e.seat === me) : undefined;
  // R8: hands are raised in the open — who voted for whom, as it happens.
  const cast = votesThisRound(view.log);
  const voted = mine !== undefined || (me !== undefined && view.voted.includes(me));
  const allowed = new Set((legal ?? []).filter((c) => c.do === 'vote').map((c) => (c.leave !== undefined ? `leave:${c.leave}` : `t:${c.target}`)));
  const canVote = !!view.you?.alive && !voted && allowed.size > 0;
  const last = view.ballot[view.ballot.length - 1];

  const vote = async (cmd: { target?: number; leave?: boolean }): Promise<void> => {
    setError(null);
    setBusy(true);
    const r = await send({ do: 'vote', ...cmd });
    setBusy(false);
    if (!r.ok) setError(t(`err.${r.error.code}`, { defaultValue: r.error.message[currentLang()] }));
  };

  const yourVote =
    mine && mine.t === 'voteCast'
      ? mine.leave !== undefined
        ? t(mine.leave ? 'vote.yourLeaveYes' : 'vote.yourLeaveNo')
        : t('vote.yourVote', { seat: mine.target === null ? '—' : name(mine.target) })
      : voted
        ? t('vote.youVoted')
        : null;

  return (
    <section className="panel vote-panel" aria-label={t('vote.title')}>
      <h3>{t(`vote.round_${st.round}`)}</h3>
      {st.round === 'allLeave' ? (
        <>
          <p className="hint">{t('vote.allLeaveRule', { seats: view.ballot.map(name).join(', '), half: Math.floor(living / 2) + 1 })}</p>
          <div className="vote-buttons">
            <button type="button" className="btn btn-primary" disabled={!canVote || busy || !allowed.has('leave:true')} onClick={() => void vote({ leave: true })}>
              {t('vote.leaveYes')}
            </button>
            <button type="button" className="btn" disabled={!canVote || busy || !allowed.has('leave:false')} onClick={() => void vote({ leave: false })}>
              {t('vote.leaveNo')}
            </button>
          </div>
          <p className="voters" data-testid="voters-leave">
            {t('vote.leaveSoFar', { yes: cast.leaveYes.map(name).join(', ') || '—', no: cast.leaveNo.map(name).join(', ') || '—' })}
          </p>
        </>
      ) : (
        <>
          {last !== undefined && <p className="hint">{t('vote.defaultRule', { seat: name(last) })}</p>}
          <ol className="candidates">
            {view.ballot.map((seat) => {
              const by = cast.byTarget.get(seat) ?? [];
              return (
                <li key={seat}>
                  <button
                    type="button"
                    className="btn candidate"
                    data-candidate={seat}
                    disabled={!canVote || busy || !allowed.has(`t:${seat}`)}
                    onClick={() => void vote({ target: seat })}
                  >
                    <span>{t('vote.against', { seat: name(seat) })}</span>
                    <span className="vote-count" aria-hidden="true" title={t('vote.count', { count: by.length })}>
                      {by.length}
                    </span>
                  </button>
                  <span className="voters" data-testid={`voters-${seat}`}>
                    {by.length > 0 ? t('vote.votersList', { seats: by.join(', ') }) : t('vote.noVotersYet')}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <p className="vote-progress" aria-live="polite">
        {yourVote && <strong>{yourVote} </strong>}
        {t('vote.progress', { done: view.voted.length, total: living })}
      </p>
      {!view.you && <p className="muted">{t('vote.spectator')}</p>}
      {view.you && !view.you.alive && <p className="muted">{t('vote.out')}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
