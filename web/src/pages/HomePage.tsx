// Home / lobby: create a table (preset, size, options explained by the engine's own docs, bot
// seats, open to strangers or not), the open tables (watch; take a free seat of an open table),
// join by link, past games.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_DEFS, PRESETS, presetOptions, resolveOptions, type PresetId } from '../../../src/engine/index.js';
import { changedOptions, OptionEditor, setupProblem, type OptionValues } from '../options/OptionEditor.js';
import { api, ApiError } from '../lib/api.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import type { LobbyTable, PastGame } from '../lib/protocol.js';
import { Link, navigate } from '../lib/router.js';
import { claimedSeat, createdTable, markNamed, nickname, playLink, rememberClaimed, rememberCreated, seatLink, setNickname } from '../lib/storage.js';

const available = (): PresetId[] => PRESETS.filter((p) => PRESET_DEFS[p] !== undefined);

/** Bot levels a creator may pick (src/bots registry names); the first is the default. */
export const BOT_LEVELS = ['club', 'random'] as const;

/**
 * The form's option base: the engine's defaults, except that an online table's night runs to its
 * timer (the server's default too, R18 docs/rules/classic.md) — the form says so rather than hide it.
 */
function formBase(preset: PresetId, mode: 'online' | 'judge'): OptionValues {
  const o = presetOptions(preset);
  if (mode === 'online' && o['nightEnds'] !== undefined) o['nightEnds'] = 'close';
  return o;
}

/** The table size: the form's, unless the preset derives it from an option (tournament: seats). */
function sizeOf(preset: PresetId, size: number, values: OptionValues): number {
  const def = PRESET_DEFS[preset]!;
  if (!def.sizeFor) return size;
  const o = resolveOptions(preset, changedOptions(preset, values));
  return o.ok ? def.sizeFor(o.value) : size;
}

function CreateTable() {
  const { t } = useTranslation();
  const presets = available();
  const [preset, setPreset] = useState<PresetId>(presets[0] ?? 'classic');
  const def = PRESET_DEFS[preset]!;
  const [formSize, setSize] = useState(def.defaultSize);
  const [mode, setMode] = useState<'online' | 'judge'>('online');
  const [opts, setOpts] = useState<OptionValues>({});
  const [bots, setBots] = useState<number[]>([]);
  const [level, setLevel] = useState<string>(BOT_LEVELS[0]);
  const [clock, setClock] = useState({ introNightSeconds: 30, nightSeconds: 60, voteSeconds: 30 });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = formBase(preset, mode);
  const values = { ...base, ...opts };
  const size = sizeOf(preset, formSize, values);
  const problem = setupProblem(preset, size, values, currentLang());

  const choosePreset = (p: PresetId): void => {
    setPreset(p);
    setSize(PRESET_DEFS[p]!.defaultSize);
    setOpts({});
    setBots([]);
    setError(null);
  };
  const toggleBot = (s: number): void => setBots((b) => (b.includes(s) ? b.filter((x) => x !== s) : [...b, s].sort((x, y) => x - y)));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    // Only what differs from the engine's defaults; the night's end is sent as shown, since the
    // server's own default for online tables differs from the engine's.
    const options = changedOptions(preset, values);
    if (values['nightEnds'] !== undefined) options['nightEnds'] = values['nightEnds'];
    const seatBots = bots.filter((b) => b <= size);
    try {
      const created = await api.createTable({
        preset,
        size,
        mode,
        options,
        bots: seatBots,
        ...(seatBots.length > 0 ? { botPolicy: level } : {}),
        clock: { ...clock },
        ...(mode === 'online' && open ? { open: true } : {}),
      });
      rememberCreated({ ...created, preset, mode });
      navigate(`/created/${encodeURIComponent(created.id)}`);
    } catch (x) {
      setError(x instanceof ApiError && x.text ? x.text[currentLang()] : t('home.createFailed'));
      setBusy(false);
    }
  };

  return (
    <form className="panel create-form" onSubmit={(e) => void submit(e)} aria-labelledby="create-h">
      <h2 id="create-h">{t('home.create')}</h2>
      <div className="form-row">
        <label htmlFor="preset">{t('home.preset')}</label>
        <select id="preset" value={preset} onChange={(e) => choosePreset(e.target.value as PresetId)}>
          {presets.map((p) => (
            <option key={p} value={p}>
              {t(`preset.${p}`, { defaultValue: p })}
            </option>
          ))}
        </select>
        <Link to={`/rules/${preset}`} className="small-link">
          {t('home.rulesOf', { preset: t(`preset.${preset}`, { defaultValue: preset }) })}
        </Link>
      </div>
      <div className="form-row">
        <label htmlFor="size">{t('home.size')}</label>
        <input
          id="size"
          type="number"
          inputMode="numeric"
          min={def.sizes[0]}
          max={def.sizes[1]}
          value={size}
          disabled={def.sizes[0] === def.sizes[1] || def.sizeFor !== undefined}
          onChange={(e) => setSize(Math.max(def.sizes[0], Math.min(def.sizes[1], Number(e.target.value) || def.defaultSize)))}
        />
        {def.sizeFor ? (
          <span className="muted">{t('home.sizeByOption')}</span>
        ) : (
          def.sizes[0] !== def.sizes[1] && <span className="muted">{t('home.sizeRange', { min: def.sizes[0], max: def.sizes[1] })}</span>
        )}
      </div>
      <fieldset className="form-row">
        <legend>{t('home.mode')}</legend>
        <label>
          <input type="radio" name="mode" checked={mode === 'online'} onChange={() => setMode('online')} /> {t('home.modeOnline')}
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'judge'} onChange={() => setMode('judge')} /> {t('home.modeJudge')}
        </label>
      </fieldset>
      {mode === 'online' && (
        <div className="form-row">
          <label>
            <input type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} data-testid="open-table" /> {t('home.openTable')}
          </label>
        </div>
      )}
      {mode === 'online' && (
        <fieldset className="bots">
          <legend>{t('home.bots')}</legend>
          <p className="option-doc">{t('home.botsHelp')}</p>
          <div className="bot-seats">
            {Array.from({ length: size }, (_, i) => i + 1).map((s) => (
              <label key={s} className={`bot-seat${bots.includes(s) ? ' on' : ''}`}>
                <input type="checkbox" checked={bots.includes(s)} onChange={() => toggleBot(s)} aria-label={t('home.botSeat', { n: s })} />
                {s}
              </label>
            ))}
          </div>
          <div className="actions">
            <button type="button" className="btn btn-small" onClick={() => setBots(Array.from({ length: size - 1 }, (_, i) => i + 2))}>
              {t('home.botsAllButOne')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setBots([])}>
              {t('home.botsNone')}
            </button>
          </div>
          <div className="form-row bot-level">
            <label htmlFor="bot-level">{t('home.botLevel')}</label>
            <select id="bot-level" value={level} onChange={(e) => setLevel(e.target.value)}>
              {BOT_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`home.botLevel_${l}`)}
                </option>
              ))}
            </select>
          </div>
          <p className="option-doc">{t('home.botLevelHelp')}</p>
        </fieldset>
      )}
      <details className="options" data-testid="options">
        <summary>{t('home.options')}</summary>
        <OptionEditor preset={preset} size={size} values={values} base={base} onChange={(k, v) => setOpts((o) => ({ ...o, [k]: v }))} />
      </details>
      {mode === 'online' && (
        <details className="options">
          <summary>{t('home.clock')}</summary>
          <p className="option-doc">{t('home.clockHelp')}</p>
          {(['introNightSeconds', 'nightSeconds', 'voteSeconds'] as const).map((k) => (
            <div className="option" key={k}>
              <label htmlFor={`clock-${k}`}>
                <span className="option-name">{t(`home.${k}`)}</span>
              </label>
              <input
                id={`clock-${k}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={3600}
                value={clock[k]}
                onChange={(e) => setClock((c) => ({ ...c, [k]: Math.max(0, Math.min(3600, Number(e.target.value) || 0)) }))}
              />
            </div>
          ))}
        </details>
      )}
      {problem && (
        <p className="error" role="alert" data-testid="setup-problem">
          {t('options.problem', { text: problem })}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-wide" disabled={busy || problem !== null} data-testid="create">
        {t('home.createBtn')}
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function JoinByLink() {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const go = (e: FormEvent): void => {
    e.preventDefault();
    try {
      const u = new URL(link.trim(), window.location.origin);
      navigate(u.pathname + u.search);
    } catch {
      /* not a link: nothing to open */
    }
  };
  return (
    <form className="panel join-form" onSubmit={go}>
      <h2>{t('home.join')}</h2>
      <p className="option-doc">{t('home.joinHelp')}</p>
      <div className="form-row">
        <input type="url" value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://…/play/…" aria-label={t('home.joinLink')} />
        <button type="submit" className="btn" disabled={!link.trim()}>
          {t('home.joinBtn')}
        </button>
      </div>
    </form>
  );
}

/** Take a free seat of an open table: a nickname, then the seat's own link. */
function ClaimForm({ id, onFull }: { id: string; onFull?: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(nickname());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    setBusy(true);
    setError(null);
    try {
      const c = await api.claim(id, n);
      setNickname(n);
      rememberClaimed(c);
      markNamed(id, c.seat);
      navigate(seatLink(id, c.token, c.seat));
    } catch (x) {
      setError(x instanceof ApiError && x.text ? x.text[currentLang()] : t('home.claimFailed'));
      setBusy(false);
      if (x instanceof ApiError && x.status === 409) onFull?.();
    }
  };
  return (
    <form className="claim-form" onSubmit={(e) => void submit(e)}>
      <input value={name} maxLength={64} autoFocus onChange={(e) => setName(e.target.value)} aria-label={t('home.claimNickname')} placeholder={t('home.claimNickname')} />
      <button type="submit" className="btn btn-small btn-primary" disabled={busy || !name.trim()}>
        {t('home.claimSit')}
      </button>
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

/** One table of the lobby: status, who is here, watch, and (open tables) take a free seat. */
export function LobbyRow({ table: x, onChanged }: { table: LobbyTable; onChanged?: () => void }) {
  const { t } = useTranslation();
  const [claiming, setClaiming] = useState(false);
  const humans = x.seats.filter((s) => !s.bot);
  const watch = x.watch ?? (x.spectatorToken ? playLink(x.id, x.spectatorToken) : null);
  const mine = claimedSeat(x.id);
  const canClaim = x.open === true && x.status === 'lobby' && (x.freeSeats ?? 0) > 0;
  return (
    <li data-table={x.id}>
      <span className="tl-name">
        {t(`preset.${x.preset}`, { defaultValue: x.preset })} · {x.size}
      </span>
      <span className={`status status-${x.status}`}>{t(`status.${x.status}`)}</span>
      <span className="muted">{t('home.connected', { n: humans.filter((s) => s.connected).length, of: humans.length })}</span>
      {x.open && x.status === 'lobby' && <span className="muted">{t('home.freeSeats', { n: x.freeSeats ?? 0 })}</span>}
      {createdTable(x.id) && <Link to={`/created/${encodeURIComponent(x.id)}`}>{t('home.links')}</Link>}
      {watch && (
        <Link to={watch} data-testid="lobby-watch">
          {t('home.watch')}
        </Link>
      )}
      {mine ? (
        <Link to={seatLink(x.id, mine.token, mine.seat)}>{t('home.mySeat', { n: mine.seat })}</Link>
      ) : (
        canClaim &&
        !claiming && (
          <button type="button" className="btn btn-small" onClick={() => setClaiming(true)}>
            {t('home.takeSeat')}
          </button>
        )
      )}
      {!mine && claiming && x.open && x.status === 'lobby' && <ClaimForm id={x.id} onFull={onChanged} />}
    </li>
  );
}

function OpenTables() {
  const { t } = useTranslation();
  const [tables, setTables] = useState<LobbyTable[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const load = (): void => {
      api
        .tables()
        .then((x) => live && (setTables(x), setFailed(false)))
        .catch(() => live && setFailed(true));
    };
    load();
    const id = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [tick]);
  return (
    <section className="panel" aria-labelledby="open-h">
      <h2 id="open-h">{t('home.open')}</h2>
      {failed && <p className="error">{t('home.serverDown')}</p>}
      {tables && tables.length === 0 && <p className="muted">{t('home.noTables')}</p>}
      <ul className="table-list">
        {tables?.map((x) => (
          <LobbyRow key={x.id} table={x} onChanged={() => setTick((n) => n + 1)} />
        ))}
      </ul>
    </section>
  );
}

function PastGames() {
  const { t } = useTranslation();
  const [games, setGames] = useState<PastGame[] | null>(null);
  useEffect(() => {
    api
      .games(20)
      .then(setGames)
      .catch(() => setGames([]));
  }, []);
  return (
    <section className="panel" aria-labelledby="past-h">
      <h2 id="past-h">{t('home.past')}</h2>
      {games && games.length === 0 && <p className="muted">{t('home.noGames')}</p>}
      <ul className="table-list">
        {games?.map((g) => (
          <li key={g.id}>
            <span className="tl-name">{t(`preset.${g.preset}`, { defaultValue: g.preset })}</span>
            <span className={`winner-tag winner-${g.winner ?? 'draw'}`}>{t(`winner.${g.winner ?? 'draw'}`)}</span>
            {g.finishedAt !== undefined && <span className="muted">{new Date(g.finishedAt).toLocaleString(dateLocale())}</span>}
            <Link to={`/replay/${encodeURIComponent(g.id)}`}>{t('home.replay')}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One tap to a game: a classic table, the player at seat 1, nine club bots, started at once. */
function QuickPlay() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const play = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const created = await api.createTable({ preset: 'classic', mode: 'online', bots: [2, 3, 4, 5, 6, 7, 8, 9, 10], botPolicy: BOT_LEVELS[0] });
      rememberCreated({ ...created, preset: 'classic', mode: 'online' });
      const me = created.seats.find((s) => s.token)!;
      navigate(seatLink(created.id, me.token!, me.seat));
    } catch {
      setError(t('home.quickPlayFailed'));
      setBusy(false);
    }
  };
  return (
    <div className="quick-play">
      <button type="button" className="btn btn-primary btn-big" disabled={busy} onClick={() => void play()} data-testid="quick-play">
        {t('home.quickPlay')}
      </button>
      <p className="muted small">{t('home.quickPlayHelp')}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="page home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.tagline')}</p>
        <QuickPlay />
      </section>
      <div className="home-grid">
        <CreateTable />
        <div className="home-col">
          <JoinByLink />
          <OpenTables />
          <PastGames />
        </div>
      </div>
    </main>
  );
}
