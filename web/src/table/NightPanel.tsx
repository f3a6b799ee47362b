// Night: the same panel for every role — the same rows, the same buttons, the same "waiting"
// line — so nobody can tell roles apart by a glance at a screen. A role's real moves go to the
// server; the other rows are decoys kept on this screen. The meaning of each row is on the
// (hidden) role card.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n.js';
import { ROLE_DEFS, type GameEvent, type GameView, type Verb } from '../../../src/engine/index.js';
import { nameOf } from '../lib/format.js';
import { nightSlots, NIGHT_ROWS } from './night-slots.js';
import type { Legal, Send } from './types.js';

function sinceNight(log: readonly GameEvent[]): GameEvent[] {
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.t === 'nightStarted') return log.slice(i + 1);
  return [];
}

const PLAN_ROWS = 3;

export function NightPanel({ view, send, legal: _legal }: { view: GameView; send: Send; legal?: Legal }) {
  const { t } = useTranslation();
  const [picks, setPicks] = useState<Record<number, string>>({});
  const [done, setDone] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const st = view.stage;
  if (st.kind !== 'night') return null;
  const name = nameOf(view);
  const you = view.you;
  const key = `${view.number}`;
  if (!you || !you.alive) {
    return (
      <section className="panel night-panel" aria-label={t('night.title')}>
        <p className="night-sleep">{t(you ? 'night.out' : 'night.citySleeps')}</p>
      </section>
    );
  }
  const targets = view.seats.filter((s) => s.alive && s.seat !== you.seat).map((s) => s.seat);
  const mine = sinceNight(view.log).filter((e) => 'seat' in e && e.seat === you.seat);
  const acted = (verb: Verb): number | null | undefined => {
    for (const e of mine) if (e.t === 'nightAction' && e.verb === verb) return e.target;
    return undefined;
  };
  const planned = mine.find((e) => e.t === 'planSet');

  const lang = (code: string, fallback: string): string => t(`err.${code}`, { defaultValue: fallback });
  const submit = async (rowKey: string, verb: Verb | null, target: number | number[]): Promise<void> => {
    setError(null);
    if (verb === null) {
      // A decoy row: answer like the server would, a moment later, and remember it here.
      setBusy(true);
      await new Promise((r) => setTimeout(r, 150));
      setBusy(false);
      setDone((d) => ({ ...d, [`${key}/${rowKey}`]: Array.isArray(target) ? target[0]! : target }));
      return;
    }
    setBusy(true);
    const r = await send(verb === 'plan' ? { do: 'plan', targets: target as number[] } : { do: verb, target: target as number });
    setBusy(false);
    if (!r.ok) setError(lang(r.error.code, r.error.message[currentLang()]));
    else setDone((d) => ({ ...d, [`${key}/${rowKey}`]: Array.isArray(target) ? target[0]! : target }));
  };

  const select = (row: number, label: string) => (
    <select
      aria-label={label}
      value={picks[row] ?? ''}
      onChange={(e) => setPicks((p) => ({ ...p, [row]: e.target.value }))}
      className="night-select"
    >
      <option value="">{t('night.choose')}</option>
      {targets.map((s) => (
        <option key={s} value={s}>
          {name(s)}
        </option>
      ))}
    </select>
  );

  if (st.intro) {
    // The introduction night: everyone may mark three players; the don's marks are the plan (R17).
    // The seat whose role holds the plan (R17), asked of its abilities.
    const isDon = ROLE_DEFS[you.role].abilities.some((a) => a.verb === 'plan' && a.when === 'intro');
    const sent = (isDon && planned !== undefined) || done[`${key}/plan`] !== undefined;
    const chosen = Array.from({ length: PLAN_ROWS }, (_, i) => Number(picks[i] ?? 0)).filter((x) => x > 0);
    return (
      <section className="panel night-panel" aria-label={t('night.title')}>
        <h3>{t('night.introTitle')}</h3>
        <p className="hint">{t('night.introHint')}</p>
        <div className="night-rows">
          {Array.from({ length: PLAN_ROWS }, (_, i) => (
            <div className="night-row" key={i}>
              <span className="night-label">{t('night.planN', { n: i + 1 })}</span>
              {select(i, t('night.planN', { n: i + 1 }))}
            </div>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={sent || busy || chosen.length === 0 || new Set(chosen).size !== chosen.length}
          onClick={() => void submit('plan', isDon ? 'plan' : null, chosen)}
        >
          {t('night.confirm')}
        </button>
        <p className="night-status" aria-live="polite">
          {sent ? t('night.accepted') : t('night.waiting')}
        </p>
        {error && <p className="error" role="alert">{error}</p>}
      </section>
    );
  }

  const slots = nightSlots(you.role, view.options);
  return (
    <section className="panel night-panel" aria-label={t('night.title')}>
      <h3>{t('night.title')}</h3>
      <p className="hint">{t('night.hint')}</p>
      <div className="night-rows">
        {Array.from({ length: NIGHT_ROWS }, (_, i) => {
          const verb = slots[i] ?? null;
          const server = verb ? acted(verb) : undefined;
          const local = done[`${key}/${i}`];
          const chosen = server !== undefined ? server : local;
          const label = t('night.moveN', { n: i + 1 });
          return (
            <div className="night-row" key={i} data-row={i}>
              <span className="night-label">{label}</span>
              {chosen !== undefined ? (
                <span className="night-done">{t('night.chosen', { seat: chosen === null ? '—' : name(chosen) })}</span>
              ) : (
                <>
                  {select(i, label)}
                  <button
                    type="button"
                    className="btn"
                    disabled={busy || !picks[i]}
                    onClick={() => void submit(String(i), verb, Number(picks[i]))}
                  >
                    {t('night.confirm')}
                  </button>
                </>
              )}
            </div>
          );
        })}
      </div>
      <p className="night-status" aria-live="polite">
        {t('night.waiting')}
      </p>
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}
