// Setup: preset and options, seat names, and the deal — made by the app (committed before the game
// by a SHA-256 hash shown as text and QR, R60) or entered from the physical cards drawn.
import { useEffect, useState } from 'react';
import { PRESET_DEFS, resolveOptions, ROLE_DEFS, validateSetup, type PresetId, type RoleId } from '../../../src/engine/index.js';
import { useTranslation } from 'react-i18next';
import { changedOptions, OptionEditor } from '../options/OptionEditor.js';
import { commitDeal, randomDeal, randomSalt } from './deal.js';
import type { Lang } from './lang.js';
import { newGame, type JudgeGame } from './session.js';
import { Qr, Rule } from './ui.js';

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

export interface ServerCreate {
  preset: PresetId;
  size: number;
  names: string[];
  options: Record<string, unknown>;
}

export function SetupPanel({
  id,
  lang,
  onCreate,
  onServerCreate,
}: {
  id: string;
  lang: Lang;
  onCreate: (g: JudgeGame) => void;
  /** Present when the server answers: the table is created there (the server deals, R60). */
  onServerCreate?: (x: ServerCreate) => Promise<string | null>;
}) {
  const presets = Object.keys(PRESET_DEFS) as PresetId[];
  const [preset, setPreset] = useState<PresetId>('classic');
  const def = PRESET_DEFS[preset]!;
  const [size, setSize] = useState(def.defaultSize);
  const [names, setNames] = useState<string[]>(() => Array.from({ length: def.defaultSize }, () => ''));
  const [dealMode, setDealMode] = useState<'app' | 'cards' | 'server'>('app');
  const [cards, setCards] = useState<(RoleId | '')[]>(() => Array.from({ length: def.defaultSize }, () => ''));
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [deal, setDeal] = useState<{ deal: RoleId[]; salt: string; commitment: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const changed = changedOptions(preset, options);
  // A preset that derives its size from an option (tournament: seats) sizes the table by it.
  const resolved = resolveOptions(preset, changed);
  const derived = def.sizeFor && resolved.ok ? def.sizeFor(resolved.value) : null;

  useEffect(() => {
    const d = PRESET_DEFS[preset]!;
    setSize(d.defaultSize);
    setOptions({});
    setDeal(null);
  }, [preset]);
  useEffect(() => {
    if (derived !== null && derived !== size) setSize(derived);
  }, [derived, size]);
  useEffect(() => {
    setNames((n) => Array.from({ length: size }, (_, i) => n[i] ?? ''));
    setCards((c) => Array.from({ length: size }, (_, i) => c[i] ?? ''));
    setDeal(null);
  }, [size]);

  const players = names.map((n, i) => n.trim() || `${i + 1}`);
  const makeDeal = async (): Promise<void> => {
    const d = randomDeal(preset, size, changed);
    const salt = randomSalt();
    // The local commitment uses the server's text format with this console's table id.
    setDeal({ deal: d, salt, commitment: await commitDeal(id, preset, size, changed, d, salt) });
  };
  const start = (): void => {
    setError(null);
    const theDeal = dealMode === 'app' ? deal?.deal : (cards as RoleId[]);
    const setup = { preset, players, deal: theDeal, options: changed };
    const v = validateSetup(setup);
    if (!v.ok) {
      setError(`${v.error.message[lang]}${v.error.detail ? ` (${v.error.detail})` : ''}`);
      return;
    }
    const g = newGame(id, setup, Date.now(), dealMode === 'app' && deal ? { commitment: deal.commitment, salt: deal.salt } : {});
    if ('code' in g) {
      setError(g.message[lang]);
      return;
    }
    onCreate(g);
  };
  const createOnServer = async (): Promise<void> => {
    if (!onServerCreate) return;
    setError(null);
    const e = await onServerCreate({ preset, size, names: players, options: changed });
    if (e) setError(e);
  };

  return (
    <div className="panel setup" data-testid="setup">
      <h2>{L(lang, 'Новая игра', 'New game')}</h2>
      <div className="row">
        <label>
          {L(lang, 'Правила:', 'Rules:')}{' '}
          <select data-testid="preset" value={preset} onChange={(e) => setPreset(e.target.value as PresetId)}>
            {presets.map((p) => (
              <option key={p} value={p}>
                {t(`preset.${p}`, { defaultValue: p })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {L(lang, 'Игроков:', 'Players:')}{' '}
          <select data-testid="size" value={size} disabled={derived !== null} onChange={(e) => setSize(Number(e.target.value))}>
            {Array.from({ length: def.sizes[1] - def.sizes[0] + 1 }, (_, i) => def.sizes[0] + i).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <h3>{L(lang, 'Игроки', 'Players')}</h3>
      <div className="names">
        {names.map((n, i) => (
          <label key={i} className="name-row">
            <span className="seat-num">{i + 1}</span>
            <input data-testid={`name-${i + 1}`} value={n} placeholder={`${i + 1}`} onChange={(e) => setNames((all) => all.map((x, j) => (j === i ? e.target.value : x)))} />
            {dealMode === 'cards' && (
              <select data-testid={`card-${i + 1}`} value={cards[i]} onChange={(e) => setCards((all) => all.map((x, j) => (j === i ? (e.target.value as RoleId) : x)))}>
                <option value="">—</option>
                {def.roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_DEFS[r].title[lang]}
                  </option>
                ))}
              </select>
            )}
          </label>
        ))}
      </div>
      <details className="judge-options" data-testid="options">
        <summary>
          {L(lang, 'Настройки стола', 'Table settings')}
          {Object.keys(changedOptions(preset, options)).length > 0 && <span className="muted"> · {L(lang, `изменено: ${Object.keys(changedOptions(preset, options)).length}`, `changed: ${Object.keys(changedOptions(preset, options)).length}`)}</span>}
        </summary>
        <OptionEditor
          preset={preset}
          size={size}
          values={options}
          onChange={(k, v) => {
            setOptions((x) => ({ ...x, [k]: v }));
            setDeal(null);
          }}
        />
      </details>
      <h3>
        {L(lang, 'Раздача', 'The deal')} <Rule rule="R60" />
      </h3>
      <div className="seg">
        <button type="button" className={dealMode === 'app' ? 'on' : ''} data-testid="deal-app" onClick={() => setDealMode('app')}>
          {L(lang, 'Раздаёт приложение', 'The app deals')}
        </button>
        <button type="button" className={dealMode === 'cards' ? 'on' : ''} data-testid="deal-cards" onClick={() => setDealMode('cards')}>
          {L(lang, 'Карты вытянуты за столом', 'Cards drawn at the table')}
        </button>
        {onServerCreate && (
          <button type="button" className={dealMode === 'server' ? 'on' : ''} data-testid="deal-server" onClick={() => setDealMode('server')}>
            {L(lang, 'Стол на сервере', 'Table on the server')}
          </button>
        )}
      </div>
      {dealMode === 'app' && (
        <div className="card">
          {!deal ? (
            <button type="button" className="big" data-testid="make-deal" onClick={() => void makeDeal()}>
              {L(lang, 'Раздать и показать хэш', 'Deal and show the hash')}
            </button>
          ) : (
            <div className="commitment" data-testid="commitment">
              <Qr text={deal.commitment} />
              <div>
                <p>{L(lang, 'Хэш раздачи (опубликуйте до начала игры):', 'Deal commitment (publish before the game):')}</p>
                <code data-testid="commitment-text">{deal.commitment}</code>
                <p className="muted">{L(lang, 'Раздача и соль будут опубликованы в записи игры после её окончания.', 'The deal and salt are published in the game record after it ends.')}</p>
                <div className="deal-list">
                  {deal.deal.map((r, i) => (
                    <span key={i} className={`team-${ROLE_DEFS[r].team}`} data-testid={`dealt-${i + 1}`}>
                      {i + 1}: {ROLE_DEFS[r].title[lang]}
                    </span>
                  ))}
                </div>
              </div>
            </div>
          )}
        </div>
      )}
      {dealMode === 'server' ? (
        <div className="actions">
          <button type="button" className="big primary" data-testid="create-server" onClick={() => void createOnServer()}>
            {L(lang, 'Создать стол на сервере', 'Create the table on the server')}
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" className="big primary" data-testid="start-game" disabled={dealMode === 'app' && !deal} onClick={start}>
            {L(lang, 'Начать игру: «Наступает ночь»', 'Start: "Night falls"')}
          </button>
        </div>
      )}
      {error && (
        <p className="error" data-testid="setup-error">
          {error}
        </p>
      )}
    </div>
  );
}
