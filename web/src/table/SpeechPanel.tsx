// Speeches: during a player's minute only they may write to the table (the `say` verb); the
// others read. The speaker nominates, withdraws and says "Спасибо" (endSpeech). Last words and
// tie speeches work the same way, without nominations.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n.js';
import { SPEECHES, type GameView } from '../../../src/engine/index.js';
import { currentSpeech, nameOf } from '../lib/format.js';
import type { Legal, Send } from './types.js';

export function Nominations({ view }: { view: GameView }) {
  const { t } = useTranslation();
  const name = nameOf(view);
  if (view.phase !== 'day' || view.stage.kind === 'vote' || view.finished) return null;
  // A tie (R9): only the tied players are candidates now, the last of them takes the votes not cast.
  const tied = view.stage.kind === 'speech' && view.stage.speech === 'tie' ? view.ballot : [];
  if (tied.length > 0) {
    return (
      <div className="nominations nominations-tie" data-testid="nominations">
        <strong>{t('day.tie')}:</strong> {tied.map(name).join(', ')}
        <p className="hint">{t('day.tieHint', { seconds: view.options.tieSpeechSeconds })}</p>
        <p className="hint">{t('day.tieDefault', { seat: name(tied[tied.length - 1]!) })}</p>
      </div>
    );
  }
  const list = view.nominations;
  const last = list[list.length - 1];
  return (
    <div className="nominations" data-testid="nominations">
      <strong>{t('day.nominated')}:</strong>{' '}
      {list.length === 0 ? t('day.noneNominated') : list.map((n) => t('day.nomItem', { target: name(n.target), by: name(n.by) })).join(', ')}
      {list.length >= 2 && last && <p className="hint">{t('vote.defaultRule', { seat: name(last.target) })}</p>}
    </div>
  );
}

export function SpeechPanel({ view, send, legal }: { view: GameView; send: Send; legal?: Legal }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feed = useRef<HTMLDivElement>(null);
  const st = view.stage;
  const { said } = currentSpeech(view.log);
  useEffect(() => {
    feed.current?.scrollTo?.({ top: feed.current.scrollHeight });
  }, [said.length]);
  if (st.kind !== 'speech') return null;
  const name = nameOf(view);
  const me = view.you?.seat;
  const mine = me === st.seat;
  const canNominate = legal ? legal.filter((c) => c.do === 'nominate').map((c) => c.target as number) : [];
  const canWithdraw = legal?.some((c) => c.do === 'withdraw') ?? false;
  const max = view.options.sayMaxLength;

  const run = async (cmd: Parameters<Send>[0]): Promise<boolean> => {
    setError(null);
    setBusy(true);
    const r = await send(cmd);
    setBusy(false);
    if (!r.ok) setError(t(`err.${r.error.code}`, { defaultValue: r.error.message[currentLang()] }));
    return r.ok;
  };
  const say = async (e?: FormEvent): Promise<void> => {
    e?.preventDefault();
    const v = text.trim();
    if (!v) return;
    if (await run({ do: 'say', text: v })) setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void say();
    }
  };

  return (
    <section className="panel speech-panel" aria-label={t('speech.title')}>
      <h3>{t(`speech.kind_${st.speech}`, { seat: name(st.seat) })}</h3>
      <p className="hint speech-length">
        {t('speech.length', { seconds: st.speech === 'tie' ? view.options.tieSpeechSeconds : st.speech === 'last' ? view.options.lastWordSeconds : view.options.speechSeconds })}
      </p>
      <div className="speech-feed" ref={feed} aria-live="polite" data-testid="speech-feed">
        {said.length === 0 ? (
          <p className="muted">{mine ? t('speech.yourFloor') : t('speech.listening', { seat: name(st.seat) })}</p>
        ) : (
          said.map((e) => (
            <p key={e.n} className="said">
              {e.text}
            </p>
          ))
        )}
      </div>
      {mine && (
        <>
          {/* The day flow says what this turn allows: a silenced player's turn has no words (fiim 9.5.1). */}
          {SPEECHES[st.speech].talk && (
            <form className="say-form" onSubmit={(e) => void say(e)}>
              <textarea
                value={text}
                maxLength={max}
                rows={2}
                placeholder={t('speech.placeholder')}
                aria-label={t('speech.placeholder')}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onKey}
              />
              <button type="submit" className="btn" disabled={busy || text.trim() === ''}>
                {t('speech.say')}
              </button>
            </form>
          )}
          {SPEECHES[st.speech].nominate && (
            <div className="nominate-row">
              {canNominate.length > 0 && (
                <>
                  <select aria-label={t('speech.nominateWho')} value={target} onChange={(e) => setTarget(e.target.value)}>
                    <option value="">{t('speech.nominateWho')}</option>
                    {canNominate.map((s) => (
                      <option key={s} value={s}>
                        {name(s)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn"
                    disabled={busy || !target}
                    onClick={() => void run({ do: 'nominate', target: Number(target) }).then((ok) => ok && setTarget(''))}
                  >
                    {t('speech.nominate')}
                  </button>
                </>
              )}
              {canWithdraw && (
                <button type="button" className="btn" disabled={busy} onClick={() => void run({ do: 'withdraw' })}>
                  {t('speech.withdraw')}
                </button>
              )}
            </div>
          )}
          <button type="button" className="btn btn-primary btn-thanks" disabled={busy} onClick={() => void run({ do: 'endSpeech' })}>
            {t('speech.thanks')}
          </button>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
