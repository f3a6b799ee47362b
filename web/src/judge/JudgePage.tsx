// The judge's console for a live game at a real table (`/judge/:id`, optional `?token=` of a
// `judge` table on the server). The game lives in this browser as a record replayed by the engine,
// so the console works offline; with a server table every entry is also sent there in order.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { visibleCount, type GameEvent, type GameRecord, type GameState } from '../../../src/engine/index.js';
import { api, ApiError, errorText } from '../lib/api.js';
import { createdTable, rememberCreated } from '../lib/storage.js';
import { queryParam, routeParam } from '../lib/router.js';
import { useGameClient, useGameSnapshot } from '../lib/ws.js';
import { DayPanel } from './DayPanel.js';
import { describeCommand, describeEvent } from './format.js';
import { useLang, type Lang } from './lang.js';
import { IntroNightPanel, NightPanel } from './NightPanel.js';
import { tableChannel, type TableMsg } from './broadcast.js';
import { forgetGame, saveGame } from './offline.js';
import { randomSalt } from './deal.js';
import { allCommands, gameFromRecord, recordOf, newGame, type JudgeGame } from './session.js';
import { remaining } from './timer.js';
import { GameOverPanel } from './GameOverPanel.js';
import { SetupPanel, type ServerCreate } from './SetupPanel.js';
import { SlotTools, slotTitle, useTournamentSlot } from './TournamentSlot.js';
import { download, Qr, Rule } from './ui.js';
import { useJudge, type Flash, type Transport } from './useJudge.js';
import { VotePanel } from './VotePanel.js';
import './judge.css';

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

function localId(): string {
  const b = new Uint8Array(4);
  globalThis.crypto.getRandomValues(b);
  return `local-${[...b].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

/** Events not worth a line in the decision strip (the deal, each hidden vote). */
const QUIET = new Set<GameEvent['t']>(['roleDealt', 'teamRevealed', 'gameStarted']);

/**
 * What the last entry did: a strip of fixed height in the sticky header (so the grids below never
 * jump as the judge taps), the first lines in view; tap to read every line.
 */
function FlashView({ flash, lang }: { flash: Flash | null; lang: Lang }) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [flash]);
  if (!flash) return <div className="flash flash-empty">{L(lang, 'Здесь — итог каждой записи; «Отменить» вернёт последнюю.', 'Each entry\'s result shows here; Undo takes the last one back.')}</div>;
  const toggle = { onClick: () => setOpen((x) => !x), 'aria-expanded': open, role: 'button', tabIndex: 0 } as const;
  if (flash.kind === 'undo')
    return (
      <div className={`flash undo${open ? ' open' : ''}`} data-testid="flash" data-kind="undo" {...toggle}>
        ↶ {L(lang, 'Отменено:', 'Undone:')} {flash.label}
      </div>
    );
  if (flash.kind === 'error')
    return (
      <div className={`flash error${open ? ' open' : ''}`} data-testid="flash" data-kind="error" data-code={flash.error.code} role="alert" onClick={toggle.onClick}>
        ✗ {flash.label}: {flash.error.message[lang]}
        {lang === 'en' && flash.error.detail ? ` (${flash.error.detail})` : ''} <Rule rule={flash.error.rule} />
      </div>
    );
  // An event the describer gives no words (the end of a speech) is no line: a bare rule tag said nothing.
  const lines = flash.events.filter((e) => !QUIET.has(e.t) && e.t !== 'voteCast' && describeEvent(e, lang) !== '');
  return (
    <div className={`flash ok${open ? ' open' : ''}`} data-testid="flash" data-kind="ok" {...toggle}>
      <div className="flash-head">
        ✓ {flash.label}
        {lines.length > 1 && <span className="flash-more">{open ? '▴' : `▾ ${lines.length}`}</span>}
      </div>
      {flash.note?.map((n, i) => (
        <div key={i} className="note" data-testid="flash-note">
          {n}
        </div>
      ))}
      <ul>
        {lines.map((e) => (
          <li key={e.n} data-t={e.t}>
            {describeEvent(e, lang)} <Rule rule={e.rule} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The console is an installable PWA: its manifest and service worker live under /judge/ (web/public/judge),
 * so the worker controls only the console's pages and keeps what they loaded for offline use.
 */
function installPwa(): void {
  if (typeof document === 'undefined') return;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/judge/manifest.webmanifest';
    document.head.appendChild(link);
  }
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register('/judge/sw.js', { scope: '/judge/' })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => {
      // What this page loaded before the worker controlled it (the first visit) goes to its cache too.
      const urls = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(location.origin) && (u.includes('/assets/') || u.includes('/judge/')));
      reg.active?.postMessage({ type: 'cache', urls: [...new Set(urls)] });
    })
    .catch(() => undefined);
}

/** The table display: a server table's spectator link (any screen), else this browser's own game. */
function displayLink(id: string): string {
  const spectator = createdTable(id)?.spectatorToken;
  return `/display/${encodeURIComponent(id)}${spectator ? `?token=${encodeURIComponent(spectator)}` : ''}`;
}

/** The number of the last event the room may see (in the public's own numbering, as a display has it), so a test can wait for a display to catch up. */
function lastPublicN(s: GameState): number {
  return visibleCount(s, { kind: 'public' }) - 1;
}

export default function JudgePage() {
  const [lang, setLang] = useLang();
  const rawId = routeParam('/judge/:id', 'id');
  const routeId = rawId === 'new' ? undefined : rawId;
  const [id] = useState(() => routeId ?? localId());
  const token = queryParam('token');
  const client = useGameClient(token);
  const slot = useTournamentSlot();
  const snap = useGameSnapshot(client);
  const online = snap.status === 'open';
  const transport: Transport | null = useMemo(
    () =>
      client
        ? {
            online: () => online,
            // The outbox's nonces survive a reload: a resent command or undo applies at most once.
            send: async (op, nonce) => {
              const r = op.kind === 'undo' ? await client.undoAck(nonce) : await client.send(op.cmd, nonce);
              return r.ok ? 'ok' : 'rejected';
            },
          }
        : null,
    [client, online],
  );
  const j = useJudge(id, transport);
  const [showHistory, setShowHistory] = useState(false);
  // The sticky header's height, for what sticks below it (the day's "now" bar).
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const head = headRef.current;
    const root = rootRef.current;
    if (!head || !root || typeof ResizeObserver === 'undefined') return;
    const set = (): void => root.style.setProperty('--jh', `${head.offsetHeight}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(head);
    return () => ro.disconnect();
  }, []);

  useEffect(() => installPwa(), []);
  useEffect(() => {
    if (!routeId && typeof window !== 'undefined') window.history.replaceState(null, '', `/judge/${id}${window.location.search}`);
  }, [routeId, id]);

  const s = j.state;
  const onServerCreate = async (x: ServerCreate): Promise<string | null> => {
    try {
      const t = await api.createTable({ preset: x.preset, size: x.size, names: x.names, options: x.options, mode: 'judge', autoStart: false });
      rememberCreated({ ...t, preset: x.preset });
      window.location.assign(`/judge/${encodeURIComponent(t.id)}?token=${encodeURIComponent(t.hostToken)}`);
      return null;
    } catch (e) {
      return errorText(e, lang);
    }
  };
  // A server table: the server dealt (R60); the judge's view carries every role, so the console
  // builds its local record from it and replays it offline.
  const adoptServerTable = (): void => {
    const v = snap.view;
    if (!v || !snap.table) return;
    const deal = v.seats.map((x) => x.role!);
    const g = newGame(id, { preset: v.preset, players: v.seats.map((x) => x.name), deal, options: v.options }, Date.now(), snap.table.commitment ? { commitment: snap.table.commitment } : {});
    if ('code' in g) return;
    j.create(g);
    if (snap.table.status === 'lobby') client?.start();
  };

  // Another device took the game over (or this one lost its copy): rebuild the local record from
  // the server's, one entry per command (the judge's token may read it: it holds every role).
  const [takeoverError, setTakeoverError] = useState<string | null>(null);
  const takeOver = async (): Promise<void> => {
    if (!token) return;
    setTakeoverError(null);
    try {
      const r = await api.judgeRecord(id, token);
      const g = gameFromRecord(id, r.record as GameRecord, (c) => describeCommand(c, lang), Date.now());
      if (!g) throw new Error(L(lang, 'Запись с сервера не воспроизводится', 'The server record does not replay'));
      j.create(g);
    } catch (e) {
      setTakeoverError(e instanceof ApiError || !(e instanceof Error) ? errorText(e, lang) : e.message);
    }
  };

  // A game begun here without a server (the cards drawn, or the app's own deal) goes up with its
  // commands; from then on it is that server table, under the server's id.
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadKeyRef = useRef<string | null>(null);
  const upload = async (): Promise<void> => {
    const g = j.game;
    if (!g) return;
    setUploadError(null);
    // Saved before the request: a retry after a lost answer (or a second press) sends the same
    // key and gets the table the first one made, not a second table.
    const uploadKey = g.uploadKey ?? uploadKeyRef.current ?? randomSalt();
    uploadKeyRef.current = uploadKey;
    if (!g.uploadKey) saveGame(globalThis.localStorage, { ...g, uploadKey });
    try {
      const deal = g.setup.deal ?? [];
      const body: Parameters<typeof api.createTable>[0] = {
        preset: g.setup.preset,
        mode: 'judge',
        autoStart: false,
        size: deal.length,
        names: g.setup.players ?? [],
        options: g.setup.options ?? {},
        deal,
        commands: allCommands(g),
        uploadKey,
      };
      if (g.commitment && g.salt) body.local = { id: g.commitTableId ?? g.id, commitment: g.commitment, salt: g.salt };
      const t = await api.createTable(body);
      rememberCreated({ ...t, preset: g.setup.preset });
      const { uploadKey: _k, ...rest } = g;
      const moved: JudgeGame = { ...rest, id: t.id };
      if (g.commitment && g.salt) moved.commitTableId = g.commitTableId ?? g.id;
      saveGame(globalThis.localStorage, moved);
      // The game lives on as the server table: the local copy would only invite a second upload.
      forgetGame(globalThis.localStorage, g.id);
      window.location.assign(`/judge/${encodeURIComponent(t.id)}?token=${encodeURIComponent(t.hostToken)}`);
    } catch (e) {
      setUploadError(errorText(e, lang));
    }
  };

  // The console's speech timer, also on remote displays (the server relays it to the table).
  useEffect(() => {
    if (!client) return;
    const ch = tableChannel(id);
    if (!ch) return;
    ch.addEventListener('message', (m: MessageEvent<TableMsg>) => {
      const x = m.data;
      if (x?.type !== 'timer') return;
      const now = Date.now();
      client.sendTimer(x.timer ? { seat: x.seat, running: x.timer.since !== null, leftMs: remaining(x.timer, now), totalMs: x.timer.totalMs } : null);
    });
    return () => ch.close();
  }, [client, id]);

  const record = (): void => {
    if (!j.game) return;
    download(`gorod-${id}.json`, 'application/json', JSON.stringify(recordOf(j.game), null, 2));
  };

  const syncLabel = !client
    ? L(lang, 'локально', 'local only')
    : online
      ? j.outbox.items.length
        ? L(lang, `отправка: ${j.outbox.items.length}`, `sending: ${j.outbox.items.length}`)
        : L(lang, 'синхронно', 'in sync')
      : L(lang, `офлайн, в очереди: ${j.outbox.items.length}`, `offline, queued: ${j.outbox.items.length}`);

  let body;
  if (!j.game || !s) {
    if (token && snap.view && snap.table) {
      const c = snap.table.commitment;
      body = (
        <div className="panel setup" data-testid="server-setup">
          <h2 data-testid="server-setup-title">{slotTitle(slot, lang)}</h2>
          {/* The players by seat, as the server table has them (a tournament slot's names). */}
          <ol className="setup-seats" data-testid="server-seats">
            {snap.view.seats.map((x) => (
              <li key={x.seat}>
                <b>{x.seat}</b> {x.name}
              </li>
            ))}
          </ol>
          {c && (
            <div className="commitment" data-testid="commitment">
              <Qr text={c} />
              <div>
                <p>
                  {L(lang, 'Хэш раздачи (опубликован до игры):', 'Deal commitment (published before the game):')} <Rule rule="R60" />
                </p>
                <code data-testid="commitment-text">{c}</code>
              </div>
            </div>
          )}
          {snap.table.status === 'lobby' ? (
            <button type="button" className="big primary" data-testid="adopt" onClick={adoptServerTable}>
              {L(lang, 'Начать игру', 'Start the game')}
            </button>
          ) : (
            <div data-testid="adopt-refused">
              <p>
                {L(
                  lang,
                  'Эта игра уже идёт на сервере. Продолжить её на этом устройстве: запись игры будет загружена с сервера.',
                  'This game is already running on the server. Go on on this device: the game record is loaded from the server.',
                )}
              </p>
              <button type="button" className="big primary" data-testid="take-over" onClick={() => void takeOver()}>
                {L(lang, 'Продолжить здесь', 'Take over here')}
              </button>
              {takeoverError && <p className="error">{takeoverError}</p>}
            </div>
          )}
        </div>
      );
    } else if (token) {
      body = <p data-testid="connecting">{L(lang, 'Подключение к серверу…', 'Connecting to the server…')}</p>;
    } else {
      body = <SetupPanel id={id} lang={lang} onCreate={j.create} onServerCreate={onServerCreate} />;
    }
  } else if (s.finished) {
    body = <GameOverPanel s={s} lang={lang} id={id} onRecord={record} {...(token ? {} : { onPublish: () => void upload() })} />;
  } else if (s.stage.kind === 'night') {
    body = s.stage.intro ? <IntroNightPanel s={s} lang={lang} submit={j.submit} /> : <NightPanel s={s} lang={lang} submit={j.submit} />;
  } else if (s.stage.kind === 'vote') {
    body = <VotePanel s={s} lang={lang} submit={j.submit} />;
  } else if (s.stage.kind === 'speech') {
    body = <DayPanel id={id} s={s} lang={lang} submit={j.submit} />;
  } else {
    body = <p>{L(lang, 'Ожидание…', 'Waiting…')}</p>;
  }

  const phase = s ? (s.phase === 'night' ? L(lang, `Ночь ${s.number}`, `Night ${s.number}`) : L(lang, `День ${s.number}`, `Day ${s.number}`)) : '';
  return (
    <div className="judge" ref={rootRef} data-testid="judge" data-last-public={s ? lastPublicN(s) : -1} data-last-event={s ? s.log.length - 1 : -1}>
      {/* Sticky: the phase, the sync state, undo and what the last entry did. Nothing floats over the page. */}
      <header className="judge-head" ref={headRef}>
        <div className="jh-row">
          <div className="title">
            <span data-testid="phase">{phase || L(lang, 'Ведущий', 'Judge')}</span>
          </div>
          <span className={`sync ${client ? (online ? 'on' : 'off') : 'local'}`} data-testid="sync">
            {syncLabel}
          </span>
          {j.game && (
            <button type="button" className="undo" data-testid="undo" disabled={j.game.entries.length === 0} onClick={j.undo}>
              ↶ {L(lang, 'Отменить', 'Undo')}
            </button>
          )}
        </div>
        {j.game && <FlashView flash={j.flash} lang={lang} />}
      </header>
      <nav className="judge-tools" aria-label={L(lang, 'Инструменты ведущего', "Judge's tools")}>
        <a className="button" href="/">
          {L(lang, 'Город', 'Gorod')}
        </a>
        <button
          type="button"
          onClick={() => {
            // The strip's label was written in the old language: an English page shows no Russian line.
            j.setFlash(null);
            setLang(lang === 'ru' ? 'en' : 'ru');
          }}
          data-testid="lang"
        >
          {lang === 'ru' ? 'EN' : 'RU'}
        </button>
        {j.game && (
          <>
            <button type="button" data-testid="history-toggle" aria-pressed={showHistory} onClick={() => setShowHistory((x) => !x)}>
              {L(lang, 'История', 'History')}
            </button>
            <a className="button" href={displayLink(id)} target="_blank" rel="noreferrer" data-testid="display-link">
              {L(lang, 'Табло', 'Display')}
            </a>
            {!token && (
              <button type="button" data-testid="upload" onClick={() => void upload()}>
                {L(lang, 'Опубликовать на сервере', 'Publish on the server')}
              </button>
            )}
          </>
        )}
        {/* Last: its request form takes a full row under the tools. */}
        {slot && <SlotTools slot={slot} token={token} lang={lang} />}
      </nav>
      {uploadError && (
        <div className="flash error" data-testid="upload-error">
          {uploadError}
        </div>
      )}
      {j.syncError && (
        <div className="flash error" data-testid="sync-error">
          {L(lang, `Сервер отклонил команд: ${j.syncError}`, `Commands the server refused: ${j.syncError}`)}
        </div>
      )}
      <main className="judge-main">{body}</main>
      {showHistory && j.game && s && (
        <aside className="history" data-testid="history">
          <h3>{L(lang, 'История правок', 'Edit history')}</h3>
          <ol reversed>
            {[...j.game.history].reverse().map((h) => (
              <li key={h.entry.id} className={h.undoneAt ? 'undone' : ''} data-testid="history-item">
                <span className="time">{new Date(h.entry.at).toLocaleTimeString()}</span> {h.entry.label}
                {h.undoneAt && <em> — {L(lang, 'отменено', 'undone')}</em>}
                <small> {h.entry.commands.map((c) => describeCommand(c, lang)).join('; ')}</small>
              </li>
            ))}
          </ol>
          <h3>{L(lang, 'Журнал ведущего', "Judge's log")}</h3>
          <ol className="log">
            {s.log
              .filter((e) => !QUIET.has(e.t) && describeEvent(e, lang) !== '')
              .map((e) => (
                <li key={e.n}>
                  {describeEvent(e, lang)} <Rule rule={e.rule} />
                </li>
              ))}
          </ol>
        </aside>
      )}
    </div>
  );
}
