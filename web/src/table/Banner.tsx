// The phase banner in the judge's words and the speech timer with its 10-second warning.
import { useTranslation } from 'react-i18next';
import type { GameView } from '../../../src/engine/index.js';
import { phaseBanner } from '../lib/format.js';
import type { Timer } from '../lib/protocol.js';
import { useCountdown } from '../lib/ws.js';

const SPEECH_TIMERS = new Set<string>(['speech', 'tieSpeech', 'lastWord', 'respeech', 'silentTurn']);

export function TimerBadge({ timer }: { timer: Timer | null }) {
  const { t } = useTranslation();
  const ticking = useCountdown(timer?.deadline);
  // A server timer the host paused: the time left, standing still.
  const paused = timer?.running === false && timer.kind !== 'judge' && timer.leftMs !== undefined;
  const left = paused ? Math.ceil(timer.leftMs! / 1000) : ticking;
  if (!timer || !timer.kind || left === null) return null;
  const warn = !paused && (timer.warning === true || (SPEECH_TIMERS.has(timer.kind) && left <= 10));
  // A forum day runs for hours.
  const hh = Math.floor(left / 3600);
  const mm = hh > 0 ? String(Math.floor((left % 3600) / 60)).padStart(2, '0') : String(Math.floor(left / 60));
  const ss = String(left % 60).padStart(2, '0');
  return (
    <div className={`timer${warn ? ' timer-warn' : ''}`} role="timer" aria-live={warn ? 'assertive' : 'off'}>
      <span className="timer-kind">{t(`timer.${timer.kind}`)}</span>
      <span className="timer-value">
        {hh > 0 ? `${hh}:` : ''}
        {mm}:{ss}
      </span>
      {warn && <span className="timer-warning">{t('timer.warning')}</span>}
      {paused && <span className="timer-paused">{t('timer.paused')}</span>}
    </div>
  );
}

export function Banner({ view, timer }: { view: GameView; timer: Timer | null }) {
  const { t } = useTranslation();
  return (
    <div className={`banner banner-${view.stage.kind === 'night' ? 'night' : view.finished ? 'over' : 'day'}`}>
      <h2 className="banner-text" aria-live="polite">
        {phaseBanner(view, t)}
      </h2>
      <TimerBadge timer={timer} />
    </div>
  );
}
