// The big speech timer: start/pause, ±10 s, 60/30 s presets; beeps at 10 s and at the end.
// The state lives in a hook so the day panel can keep the clock and its start button in the
// sticky "now" bar (always in view on a phone) and the finer controls lower down.
import { useEffect, useRef, useState } from 'react';
import { saveTimer, tableChannel } from './broadcast.js';
import type { Lang } from './lang.js';
import { beepEnd, beepWarn, unlockAudio } from './sound.js';
import { formatClock, remaining, running, timerAdjust, timerNew, timerReset, timerTick, timerToggle, WARN_MS, type TimerState } from './timer.js';

export interface SpeechTimerHandle {
  t: TimerState;
  now: number;
  act: (f: (x: TimerState, n: number) => TimerState) => () => void;
}

export function useSpeechTimer({ id, totalMs, resetKey, seat }: { id: string; totalMs: number; resetKey: string; seat: number | null }): SpeechTimerHandle {
  const [t, setT] = useState<TimerState>(() => timerNew(totalMs));
  const [now, setNow] = useState(() => Date.now());
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    channel.current = tableChannel(id);
    return () => channel.current?.close();
  }, [id]);

  // A new speech gets a fresh timer of its own length.
  useEffect(() => {
    setT(timerNew(totalMs));
  }, [resetKey, totalMs]);

  useEffect(() => {
    const h = setInterval(() => {
      const n = Date.now();
      setNow(n);
      setT((cur) => {
        const r = timerTick(cur, n);
        for (const s of r.signals) (s === 'warn' ? beepWarn : beepEnd)();
        return r.signals.length ? r.state : cur;
      });
    }, 200);
    return () => clearInterval(h);
  }, []);

  // Tell a display in this browser; with a server table the console relays it to remote displays.
  useEffect(() => {
    const msg = { type: 'timer' as const, id, timer: t, seat, at: Date.now() };
    saveTimer(id, msg);
    channel.current?.postMessage(msg);
  }, [t, id, seat]);

  const act = (f: (x: TimerState, n: number) => TimerState) => () => {
    unlockAudio();
    setT((x) => f(x, Date.now()));
  };
  return { t, now, act };
}

/** The clock and its start/pause button: what the judge needs in view all the time. */
export function TimerClock({ timer, lang }: { timer: SpeechTimerHandle; lang: Lang }) {
  const { t, now, act } = timer;
  const left = remaining(t, now);
  const ru = lang === 'ru';
  return (
    <div className={`timer${left <= WARN_MS ? ' timer-warn' : ''}${left === 0 ? ' timer-end' : ''}`} data-testid="timer">
      <div className="timer-clock" data-testid="timer-clock" aria-live="off">
        {formatClock(left)}
      </div>
      <button type="button" className="big timer-toggle" data-testid="timer-toggle" onClick={act(timerToggle)}>
        {running(t) ? (ru ? '❚❚ Пауза' : '❚❚ Pause') : ru ? '▶ Старт' : '▶ Start'}
      </button>
    </div>
  );
}

/** The finer controls: ±10 seconds and the 60/30-second presets. */
export function TimerAdjust({ timer, lang }: { timer: SpeechTimerHandle; lang: Lang }) {
  const { act } = timer;
  const ru = lang === 'ru';
  return (
    <div className="timer-buttons" data-testid="timer-adjust" role="group" aria-label={ru ? 'Таймер речи' : 'Speech timer'}>
      <button type="button" onClick={act((x, n) => timerAdjust(x, -10_000, n))}>
        −10 {ru ? 'с' : 's'}
      </button>
      <button type="button" onClick={act((x, n) => timerAdjust(x, 10_000, n))}>
        +10 {ru ? 'с' : 's'}
      </button>
      <button type="button" onClick={act(() => timerReset(60_000))}>
        1:00
      </button>
      <button type="button" onClick={act(() => timerReset(30_000))}>
        0:30
      </button>
    </div>
  );
}
