// A player's private channels: the talk with the host (card, night moves, results) and the team's chat.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type Game, type Message } from './api.js';
import { ErrorLine, messageText, seatName, time, useErr } from './common.js';

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
          <div>{messageText(m, t, game)}</div>
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

export function Private({ game, k, reload }: { game: Game; k: string | undefined; reload: () => void }) {
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
              <p>{t('forum.priv.confirmAsk', { verb: t(`forum.verb.${v}`), n: seatName(game, target) })}</p>
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
