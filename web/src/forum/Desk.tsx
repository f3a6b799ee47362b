// The host's desk: extend a phase, replace or remove a player, publish the day's summary, the night's resolution.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type Game, type Seat } from './api.js';
import type { HostSay } from '../../../src/server/forum/types.js';
import { ErrorLine, sayText, seatName, time, useErr } from './common.js';

interface DeskData {
  silent: number[];
  hostLog: { at: number; text: string; say?: HostSay }[];
  nights: { number: number; cases: string[]; attacks: { by: number; as: string; target: number }[] }[];
}

export function Desk({ game, k, reload }: { game: Game; k: string; reload: () => void }) {
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
              {t('forum.phase.night', { n: n.number })}: {n.attacks.map((a) => `${seatName(game, a.by)} (${t(`role.${a.as}`)}) → ${seatName(game, a.target)}`).join('; ') || '—'}
              {n.cases.length > 0 && ` · ${n.cases.map((c) => t('forum.desk.case', { c })).join(', ')}`}
            </p>
          ))}
        </div>
      )}
      {desk && desk.hostLog.length > 0 && (
        <div className="f-card">
          <h3>{t('forum.desk.log')}</h3>
          {desk.hostLog.map((l, i) => (
            <p key={i} className="muted">
              {time(l.at)} — {l.say ? sayText(l.say, t, game) : l.text}
            </p>
          ))}
        </div>
      )}
      <p className="f-seats">
        {game.seats.map((s) => (
          <span key={s.seat} className={s.alive ? '' : 'dead'}>
            {seatName(game, s.seat)}
            {s.role ? ` · ${t(`role.${s.role}`)}` : ''}
          </span>
        ))}
      </p>
    </section>
  );
}

// ---- seasons and players -----------------------------------------------------------------
