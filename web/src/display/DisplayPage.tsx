// The table display (`/display/:id`; `?overlay=1` for a transparent stream overlay): phase, the
// speaker and timer, nominations, vote tallies, fouls and who is out. It renders only the engine's
// public view — from the server (`?token=` spectator token) or, on the judge's own machine, from the
// console's local record projected by view(state, {kind:'public'}) — so it can never show a role or
// a night action before the game ends.
import { useEffect, useMemo, useState } from 'react';
import { view, type GameEvent, type GameView } from '../../../src/engine/index.js';
import { queryParam, routeParam } from '../lib/router.js';
import { useGameClient, useGameSnapshot } from '../lib/ws.js';
import { loadTimer, tableChannel, type TableMsg } from '../judge/broadcast.js';
import { describeEvent, roleName, roundName, teamName, causeName } from '../judge/format.js';
import { useLang, type Lang } from '../judge/lang.js';
import { loadGame } from '../judge/offline.js';
import { stateOf } from '../judge/session.js';
import { formatClock, remaining, type TimerState } from '../judge/timer.js';
import './display.css';

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

/** The public view of the console's game kept in this browser (the judge's laptop). */
function useLocalPublicView(id: string, enabled: boolean): GameView | null {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const ch = tableChannel(id);
    const bump = (): void => setTick((t) => t + 1);
    if (ch) ch.onmessage = (m: MessageEvent<TableMsg>) => m.data?.type === 'game' && bump();
    const onStorage = (e: StorageEvent): void => {
      if (e.key && e.key.includes(id)) bump();
    };
    window.addEventListener('storage', onStorage);
    const poll = setInterval(bump, 2000);
    return () => {
      ch?.close();
      window.removeEventListener('storage', onStorage);
      clearInterval(poll);
    };
  }, [id, enabled]);
  return useMemo(() => {
    void tick;
    if (!enabled) return null;
    const g = loadGame(globalThis.localStorage, id);
    if (!g) return null;
    return view(stateOf(g), { kind: 'public' });
  }, [id, enabled, tick]);
}

/** The judge's timer when the console runs in this browser. */
function useLocalTimer(id: string): { timer: TimerState | null; seat: number | null } {
  const [msg, setMsg] = useState(() => loadTimer(id));
  useEffect(() => {
    const ch = tableChannel(id);
    if (ch)
      ch.addEventListener('message', (m: MessageEvent<TableMsg>) => {
        if (m.data?.type === 'timer') setMsg(m.data);
      });
    return () => ch?.close();
  }, [id]);
  return { timer: msg?.timer ?? null, seat: msg?.seat ?? null };
}

function useNow(ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(h);
  }, [ms]);
  return now;
}

/** Tallies of every closed vote today, from the public log. */
function todaysVotes(v: GameView): GameEvent[] {
  let start = 0;
  for (let i = v.log.length - 1; i >= 0; i--)
    if (v.log[i]!.t === 'dayStarted') {
      start = i;
      break;
    }
  return v.log.slice(start).filter((e) => OUTCOMES.has(e.t));
}

const OUTCOMES = new Set(['voteClosed', 'allLeaveClosed', 'tie', 'noVote', 'singleCandidate', 'dayOneStays', 'tieKept', 'voteCancelled']);

export function Board({ v, lang, clock, overlay }: { v: GameView; lang: Lang; clock: string | null; overlay: boolean }) {
  const st = v.stage;
  const speaker = st.kind === 'speech' ? st.seat : null;
  const phase = v.finished
    ? L(lang, 'Игра окончена', 'Game over')
    : v.phase === 'night'
      ? L(lang, `Ночь ${v.number}`, `Night ${v.number}`)
      : L(lang, `День ${v.number}`, `Day ${v.number}`);
  const stageText =
    st.kind === 'speech'
      ? st.speech === 'last'
        ? L(lang, 'последнее слово', 'last word')
        : st.speech === 'tie'
          ? L(lang, 'оправдательная речь', 'tie speech')
          : st.speech === 'respeech'
            ? L(lang, 'дополнительная речь', 'extra speech')
            : st.speech === 'silent'
              ? L(lang, 'без речи, выставление', 'no speech, a nomination')
              : L(lang, 'речь', 'speech')
      : st.kind === 'vote'
        ? roundName(st.round, lang)
        : st.kind === 'night'
          ? L(lang, 'город спит', 'the town sleeps')
          : '';
  const nominated = new Set(v.nominations.map((n) => n.target));
  const votes = todaysVotes(v);
  const lastPublic = v.log.filter((e) => e.vis === 'public' && !['voteCast', 'gameStarted'].includes(e.t) && describeEvent(e, lang) !== '').slice(-4);
  return (
    <div className={`board${overlay ? ' overlay' : ''}`} data-testid="board" data-last-public={v.log.length ? v.log[v.log.length - 1]!.n : -1}>
      <div className="board-top">
        <div className="board-phase" data-testid="display-phase">
          {phase} <span className="board-stage">{stageText}</span>
        </div>
        {speaker !== null && (
          <div className="board-speaker" data-testid="display-speaker">
            {L(lang, 'Говорит', 'Speaking')} <b>№{speaker}</b> {v.seats[speaker - 1]?.name !== String(speaker) ? v.seats[speaker - 1]?.name : ''}
          </div>
        )}
        {clock !== null && (
          <div className="board-clock" data-testid="display-timer">
            {clock}
          </div>
        )}
      </div>
      {v.finished && (
        <div className="board-winner" data-testid="display-winner">
          {L(lang, 'Победа:', 'Winner:')} {teamName(v.winner, lang)}
        </div>
      )}
      <div className="board-seats">
        {v.seats.map((x) => (
          <div key={x.seat} className={`board-seat${x.alive ? '' : ' out'}${x.seat === speaker ? ' cur' : ''}${nominated.has(x.seat) ? ' nom' : ''}`} data-testid="display-seat" data-seat={x.seat}>
            <div className="bs-num">{x.seat}</div>
            <div className="bs-name">{x.name !== String(x.seat) ? x.name : ''}</div>
            <div className="bs-fouls" data-fouls={x.fouls}>
              {'●'.repeat(x.fouls)}
              {'○'.repeat(Math.max(0, 4 - x.fouls))}
            </div>
            {nominated.has(x.seat) && <div className="bs-nom">{L(lang, 'выставлен', 'nominated')}</div>}
            {x.exit && <div className="bs-exit">{causeName(x.exit.cause, lang)}</div>}
            {x.role && <div className={`bs-role team-${x.team}`}>{roleName(x.role, lang)}</div>}
          </div>
        ))}
      </div>
      {!overlay || v.nominations.length > 0 || st.kind === 'vote' ? (
        <div className="board-noms" data-testid="display-nominations">
          {L(lang, 'Выставлены:', 'Nominated:')} {v.nominations.length ? v.nominations.map((n) => `№${n.target}`).join(', ') : st.kind === 'vote' ? v.ballot.map((b) => `№${b}`).join(', ') : '—'}
          {st.kind === 'vote' && (
            <span className="board-voted">
              {' '}
              · {L(lang, 'проголосовали', 'voted')}: {v.voted.length}
            </span>
          )}
        </div>
      ) : null}
      {votes.length > 0 && (
        <div className="board-votes" data-testid="display-votes">
          {votes.map((e) => (
            <div key={e.n}>{describeEvent(e, lang)}</div>
          ))}
        </div>
      )}
      {!overlay && (
        <div className="board-log" data-testid="display-log">
          {lastPublic.map((e) => (
            <div key={e.n}>{describeEvent(e, lang)}</div>
          ))}
        </div>
      )}
    </div>
  );
}

export default function DisplayPage() {
  const [lang] = useLang();
  const id = routeParam('/display/:id', 'id') ?? '';
  const token = queryParam('token');
  const overlay = queryParam('overlay') === '1';
  const client = useGameClient(token);
  const snap = useGameSnapshot(client);
  const local = useLocalPublicView(id, !token);
  const localTimer = useLocalTimer(id);
  const now = useNow();
  // A local game shows up at once when it is in this browser; after a moment, say where it is.
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const h = setTimeout(() => setWaited(true), 2500);
    return () => clearTimeout(h);
  }, []);
  useEffect(() => {
    if (!overlay) return;
    // A stream overlay (OBS browser source) composites the page over video: nothing may paint.
    const html = document.documentElement.style;
    const prev = { body: document.body.style.background, html: html.background, scheme: html.colorScheme };
    document.body.style.background = 'transparent';
    html.background = 'transparent';
    html.colorScheme = 'normal';
    return () => {
      document.body.style.background = prev.body;
      html.background = prev.html;
      html.colorScheme = prev.scheme;
    };
  }, [overlay]);

  const v = token ? snap.view : local;
  let clock: string | null = null;
  if (v && !v.finished && v.stage.kind === 'speech') {
    const t = snap.timer;
    // A judge table: the judge's own timer, relayed by the server (running, or paused with its time left).
    if (token && t?.kind === 'judge') {
      if (t.seat === undefined || t.seat === v.stage.seat) clock = formatClock(t.running && t.deadline ? Math.max(0, t.deadline - now) : (t.leftMs ?? 0));
    } else if (token && t?.deadline) clock = formatClock(Math.max(0, t.deadline - now));
    else if (!token && localTimer.timer && localTimer.seat === v.stage.seat) clock = formatClock(remaining(localTimer.timer, now));
  }
  if (!v) {
    // A local game lives in the judge's browser: another device never gets it by waiting.
    const elsewhere = !token && waited;
    const refused = token && snap.status === 'closed';
    return (
      <div className={`board board-empty${overlay ? ' overlay' : ''}`} data-testid="board-empty" data-reason={elsewhere ? 'local' : refused ? 'refused' : 'waiting'}>
        {elsewhere ? (
          <div className="board-help" data-testid="board-local">
            <h2>{L(lang, 'Эта игра ведётся на другом устройстве', 'This game runs on another device')}</h2>
            <p>
              {L(
                lang,
                'Консоль ведущего хранит игру у себя и не отправляла её на сервер. Чтобы открыть табло на этом экране, ведущий нажимает в консоли «Опубликовать на сервере» и снова открывает «Табло» — новая ссылка будет работать на любом устройстве.',
                "The judge's console keeps this game to itself and has not sent it to the server. To show the display on this screen, the judge taps “Publish on the server” in the console and opens “Display” again — the new link works on any device.",
              )}
            </p>
            <p className="muted">{L(lang, 'На устройстве ведущего это табло показывает игру само.', "On the judge's own device this display shows the game by itself.")}</p>
          </div>
        ) : refused ? (
          <p data-testid="board-refused">{snap.error ? snap.error.message[lang] : L(lang, 'Ссылка не подходит к этому столу.', 'This link does not fit this table.')}</p>
        ) : (
          L(lang, 'Ожидание игры…', 'Waiting for the game…')
        )}
      </div>
    );
  }
  return <Board v={v} lang={lang} clock={clock} overlay={overlay} />;
}
