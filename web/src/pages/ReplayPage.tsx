// The replay viewer (lazy): open a finished game from the server or a record file, step or
// scrub through it, and look from any point of view — public, a seat, the judge. It runs the
// engine's own replay in the browser; unfinished games are refused (their roles are secret).
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apply,
  cloneState,
  parseRecord,
  startGame,
  view,
  type Command,
  type GameState,
  type Viewer,
} from '../../../src/engine/index.js';
import { api, ApiError } from '../lib/api.js';
import { verifyCommitment, type CommitCheck } from '../lib/commitment.js';
import { nameOf } from '../lib/format.js';
import { routeParam } from '../lib/router.js';
import { TableView } from '../table/TableView.js';

interface Loaded {
  states: GameState[];
  commands: (Command | null)[];
  rejected: number;
  record: unknown;
}

/** Every state along the game: states[0] is the deal, states[i] follows the i-th accepted command. */
export function buildReplay(json: unknown): { ok: true; value: Loaded } | { ok: false; code: string } {
  const parsed = parseRecord(json);
  if (!parsed.ok) return { ok: false, code: parsed.error.code };
  const s = startGame(parsed.value);
  const states = [cloneState(s)];
  const commands: (Command | null)[] = [null];
  let rejected = 0;
  for (const raw of parsed.value.rawCommands) {
    const r = apply(s, raw as Command);
    if (!r.ok) {
      rejected++;
      continue;
    }
    states.push(cloneState(s));
    commands.push(raw as Command);
  }
  if (!s.finished) return { ok: false, code: 'notFinished' };
  return { ok: true, value: { states, commands, rejected, record: json } };
}

function viewerKey(v: Viewer): string {
  return v.kind === 'seat' ? `seat:${v.seat}` : v.kind;
}
function parseViewer(k: string): Viewer {
  if (k.startsWith('seat:')) return { kind: 'seat', seat: Number(k.slice(5)) };
  return k === 'judge' ? { kind: 'judge' } : { kind: 'public' };
}

export default function ReplayPage() {
  const { t } = useTranslation();
  const id = routeParam('/replay/:id', 'id');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [viewer, setViewer] = useState<Viewer>({ kind: 'public' });
  const [check, setCheck] = useState<CommitCheck | null>(null);

  const open = (json: unknown): void => {
    const r = buildReplay(json);
    if (!r.ok) {
      setError(r.code === 'notFinished' ? t('replay.notFinished') : t('replay.bad', { code: r.code }));
      setLoaded(null);
      return;
    }
    setError(null);
    setLoaded(r.value);
    setStep(r.value.states.length - 1);
    void verifyCommitment(json).then(setCheck);
  };

  useEffect(() => {
    if (!id) return;
    api.record(id).then(open, (x) =>
      setError(x instanceof ApiError && x.status === 409 ? t('replay.notFinished') : t('replay.loadFailed')),
    );
  }, [id]);

  const onFile = (e: ChangeEvent<HTMLInputElement>): void => {
    const f = e.target.files?.[0];
    if (!f) return;
    void f.text().then((txt) => {
      try {
        open(JSON.parse(txt));
      } catch {
        setError(t('replay.bad', { code: 'json' }));
      }
    });
  };

  const last = loaded ? loaded.states.length - 1 : 0;
  const v = useMemo(() => (loaded ? view(loaded.states[step]!, viewer) : null), [loaded, step, viewer]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
      if (e.key === 'ArrowRight') setStep((s) => Math.min(last, s + 1));
      if (e.key === 'Home') setStep(0);
      if (e.key === 'End') setStep(last);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

  const cmd = loaded?.commands[step] ?? null;
  const name = v ? nameOf(v) : (n: number) => String(n);
  const cmdText = cmd
    ? `${typeof cmd.by === 'number' ? name(cmd.by) : t(`actor.${cmd.by}`)}: ${t(`verb.${cmd.do}`)}${
        cmd.target !== undefined && cmd.target !== null ? ` → ${name(cmd.target)}` : ''
      }${cmd.targets ? ` → ${cmd.targets.map(name).join(', ')}` : ''}${cmd.leave !== undefined ? ` (${t(cmd.leave ? 'vote.leaveYes' : 'vote.leaveNo')})` : ''}`
    : t('replay.deal');

  return (
    <main className="page replay">
      <h1>{t('replay.title')}</h1>
      {!id && (
        <div className="panel">
          <label htmlFor="rec-file">{t('replay.openFile')}</label> <input id="rec-file" type="file" accept=".json,application/json" onChange={onFile} />
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {loaded && v && (
        <>
          <div className="panel replay-controls">
            <div className="replay-buttons">
              <button type="button" className="btn" onClick={() => setStep(0)} aria-label={t('replay.first')}>
                |◀
              </button>
              <button type="button" className="btn" onClick={() => setStep((s) => Math.max(0, s - 1))} aria-label={t('replay.prev')}>
                ◀
              </button>
              <input
                type="range"
                min={0}
                max={last}
                value={step}
                onChange={(e) => setStep(Number(e.target.value))}
                aria-label={t('replay.scrub')}
              />
              <button type="button" className="btn" onClick={() => setStep((s) => Math.min(last, s + 1))} aria-label={t('replay.next')}>
                ▶
              </button>
              <button type="button" className="btn" onClick={() => setStep(last)} aria-label={t('replay.last')}>
                ▶|
              </button>
            </div>
            <p className="replay-step" aria-live="polite">
              {t('replay.step', { n: step, of: last })}: <strong>{cmdText}</strong>
            </p>
            <label>
              {t('replay.pov')}{' '}
              <select value={viewerKey(viewer)} onChange={(e) => setViewer(parseViewer(e.target.value))} aria-label={t('replay.pov')}>
                <option value="public">{t('replay.public')}</option>
                <option value="judge">{t('replay.judge')}</option>
                {v.seats.map((s) => (
                  <option key={s.seat} value={`seat:${s.seat}`}>
                    {t('replay.seat', { seat: name(s.seat) })}
                  </option>
                ))}
              </select>
            </label>
            {check && (
              <p className={check.ok ? 'ok' : 'muted'}>
                {check.ok ? `✔ ${t('over.commitOk')}` : t(`over.commit_${check.reason ?? 'mismatch'}`)}
              </p>
            )}
            {loaded.rejected > 0 && <p className="muted">{t('replay.rejected', { n: loaded.rejected })}</p>}
          </div>
          <TableView view={v} showSaid alwaysShowPrivate />
        </>
      )}
      {!loaded && !error && id && <p className="muted">{t('app.loading')}</p>}
      <p className="muted small">{t('replay.keys')}</p>
    </main>
  );
}
