// Home / lobby: create a table (preset, size, options explained by the engine's own docs, bot
// seats, open to strangers or not), the open tables (watch; take a free seat of an open table),
// join by link, past games.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OPTION_DEFS, PRESET_DEFS, PRESETS, presetOptions, type Options, type PresetId } from '../../../src/engine/index.js';
import { api, ApiError } from '../lib/api.js';
import { currentLang } from '../lib/i18n.js';
import type { LobbyTable, PastGame } from '../lib/protocol.js';
import { Link, navigate } from '../lib/router.js';
import { claimedSeat, createdTable, markNamed, nickname, playLink, rememberClaimed, rememberCreated, seatLink, setNickname } from '../lib/storage.js';

const available = (): PresetId[] => PRESETS.filter((p) => PRESET_DEFS[p] !== undefined);

function OptionField({ k, value, onChange }: { k: keyof Options; value: Options[keyof Options]; onChange: (v: Options[keyof Options]) => void }) {
  const { t } = useTranslation();
  const def = OPTION_DEFS.find((d) => d.key === k)!;
  const doc = def.doc[currentLang()];
  const id = `opt-${k}`;
  let input: React.ReactNode;
  if (typeof value === 'boolean') {
    input = <input id={id} type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />;
  } else if (def.values) {
    input = (
      <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value as Options[keyof Options])}>
        {def.values.map((v) => (
          <option key={v} value={v}>
            {def.valueNames?.[v]?.[currentLang()] ?? t(`optValue.${v}`, { defaultValue: v })}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        type="number"
        min={def.range?.[0]}
        max={def.range?.[1]}
        value={Number(value)}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    );
  }
  return (
    <div className={`option ${typeof value === 'boolean' ? 'option-bool' : ''}`}>
      <label htmlFor={id}>
        <span className="option-name">{def.name[currentLang()]}</span>
        <span className="rule-tag">{def.rule}</span>
      </label>
      {input}
      <p className="option-doc">{doc}</p>
    </div>
  );
}

/**
 * The form's defaults: the engine's, except that an online table's night runs to its timer (the
 * server's default too, R18 docs/rules/classic.md) — the form says so rather than hide it.
 */
function formDefaults(preset: PresetId, mode: 'online' | 'judge'): Options {
  // Every option the preset takes, its rule variants included (option-defs-day.ts).
  const o = presetOptions(preset) as unknown as Options;
  if (mode === 'online' && o.nightEnds !== undefined) o.nightEnds = 'close';
  return o;
}

function CreateTable() {
  const { t } = useTranslation();
  const presets = available();
  const [preset, setPreset] = useState<PresetId>(presets[0] ?? 'classic');
  const def = PRESET_DEFS[preset]!;
  const [size, setSize] = useState(def.defaultSize);
  const [mode, setMode] = useState<'online' | 'judge'>('online');
  const [opts, setOpts] = useState<Options>(() => formDefaults(preset, 'online'));
  const [bots, setBots] = useState<number[]>([]);
  const [clock, setClock] = useState({ introNightSeconds: 30, nightSeconds: 60, voteSeconds: 30 });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useMemo(() => Object.keys(presetOptions(preset)) as (keyof Options)[], [preset]);

  const choosePreset = (p: PresetId): void => {
    setPreset(p);
    setSize(PRESET_DEFS[p]!.defaultSize);
    setOpts(formDefaults(p, mode));
    setBots([]);
  };
  const chooseMode = (m: 'online' | 'judge'): void => {
    setMode(m);
    setOpts((o) => ({ ...o, nightEnds: formDefaults(preset, m).nightEnds }));
  };
  const toggleBot = (s: number): void => setBots((b) => (b.includes(s) ? b.filter((x) => x !== s) : [...b, s].sort((x, y) => x - y)));

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const defaults = presetOptions(preset) as unknown as Record<string, unknown>;
    const changed: Record<string, unknown> = {};
    for (const k of keys) if (opts[k] !== defaults[k]) changed[k] = opts[k];
    // Sent as shown: the server's own default for online tables differs from the engine's.
    changed['nightEnds'] = opts.nightEnds;
    try {
      const created = await api.createTable({
        preset,
        size,
        mode,
        options: changed,
        bots: bots.filter((b) => b <= size),
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
              {t(`preset.${p}`)}
            </option>
          ))}
        </select>
        <Link to={`/rules/${preset}`} className="small-link">
          {t('home.rulesOf', { preset: t(`preset.${preset}`) })}
        </Link>
      </div>
      <div className="form-row">
        <label htmlFor="size">{t('home.size')}</label>
        <input
          id="size"
          type="number"
          min={def.sizes[0]}
          max={def.sizes[1]}
          value={size}
          disabled={def.sizes[0] === def.sizes[1]}
          onChange={(e) => setSize(Math.max(def.sizes[0], Math.min(def.sizes[1], Number(e.target.value) || def.defaultSize)))}
        />
        <span className="muted">{t('home.sizeRange', { min: def.sizes[0], max: def.sizes[1] })}</span>
      </div>
      <fieldset className="form-row">
        <legend>{t('home.mode')}</legend>
        <label>
          <input type="radio" name="mode" checked={mode === 'online'} onChange={() => chooseMode('online')} /> {t('home.modeOnline')}
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'judge'} onChange={() => chooseMode('judge')} /> {t('home.modeJudge')}
        </label>
      </fieldset>
      {mode === 'online' && (
        <div className="form-row">
          <label>
            <input type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} data-testid="open-table" /> {t('home.openTable')}
          </label>
        </div>
      )}
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
      </fieldset>
      <details className="options">
        <summary>{t('home.options')}</summary>
        {keys.map((k) => (
          <OptionField key={k} k={k} value={opts[k]} onChange={(v) => setOpts((o) => ({ ...o, [k]: v }))} />
        ))}
      </details>
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
              min={0}
              max={3600}
              value={clock[k]}
              onChange={(e) => setClock((c) => ({ ...c, [k]: Math.max(0, Math.min(3600, Number(e.target.value) || 0)) }))}
            />
          </div>
        ))}
      </details>
      <button type="submit" className="btn btn-primary" disabled={busy}>
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
            {g.finishedAt !== undefined && <span className="muted">{new Date(g.finishedAt).toLocaleString(currentLang())}</span>}
            <Link to={`/replay/${encodeURIComponent(g.id)}`}>{t('home.replay')}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="page home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.tagline')}</p>
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
