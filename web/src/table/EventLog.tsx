// The judge's announcements as a readable log. Only what view() gave this viewer is here, so a
// check result appears only in the checker's own log.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameEvent, GameView } from '../../../src/engine/index.js';
import { eventText, logName } from '../lib/format.js';
import type { Lang } from '../lib/i18n.js';

const QUIET = new Set<GameEvent['t']>(['said']);

export function EventLog({
  view,
  showSaid = false,
  limit,
  showPrivate = true,
}: {
  view: Pick<GameView, 'log' | 'seats'>;
  showSaid?: boolean;
  limit?: number;
  /** Private lines (own role, checks, night moves) stay covered while the role card is face down. */
  showPrivate?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLOListElement>(null);
  // Read from i18n.language so that a language switch re-renders the lines.
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const name = logName(view, lang);
  // Covered private lines are left out altogether: even their number would tell a black player
  // (team introduction, night moves) from a civilian at a glance.
  const items = view.log.filter((e) => (showSaid || !QUIET.has(e.t)) && (showPrivate || e.vis === 'public'));
  const shown = limit ? items.slice(-limit) : items;
  useEffect(() => {
    box.current?.scrollTo?.({ top: box.current.scrollHeight });
  }, [shown.length]);
  return (
    <section className="panel log-panel" aria-label={t('log.title')}>
      <h3>{t('log.title')}</h3>
      {!showPrivate && <p className="hint">{t('log.covered')}</p>}
      <ol className="event-log" ref={box} aria-live="polite" data-testid="event-log">
        {shown.map((e) => {
          const text = eventText(e, lang, name);
          if (text === null) return null;
          const priv = e.vis !== 'public';
          return (
            <li key={e.n} className={`ev ev-${e.t}${priv ? ' ev-private' : ''}`} data-ev={e.t}>
              {priv && <span className="ev-lock">{t('log.private')}</span>}
              {text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
