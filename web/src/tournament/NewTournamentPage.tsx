// `/t/new`: a tournament's name, dates, the preset and its game options (the app's option editor),
// the scoring system, the planned qualifying games and finals. The organizer's token comes back
// once and stays in this browser.
import { useEffect, useState, type FormEvent } from 'react';
import { presetDef, type PresetId } from '../../../src/engine/index.js';
import { currentLang } from '../lib/i18n.js';
import { navigate } from '../lib/router.js';
import { changedOptions, OptionEditor, type OptionValues } from '../options/OptionEditor.js';
import { ErrorLine, useErr } from './common.js';
import { useT } from './i18n.js';
import { rememberOrganizer, tapi, type ScoringSystem } from './tapi.js';
import './tournament.css';

/** Presets a tournament may use: games of ten with an introduction night (the server checks again). */
const PRESETS = (['classic', 'club', 'tournament', 'fiim'] as PresetId[]).filter((p) => presetDef(p) !== undefined);

export default function NewTournamentPage() {
  const { t } = useT();
  const lang = currentLang();
  const [name, setName] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [preset, setPreset] = useState<PresetId>('classic');
  const [options, setOptions] = useState<OptionValues>({});
  const [systems, setSystems] = useState<ScoringSystem[]>([]);
  const [scoring, setScoring] = useState('fiim');
  const [games, setGames] = useState(10);
  const [finalTop, setFinalTop] = useState(10);
  const [finalGames, setFinalGames] = useState(0);
  const [finalWeight, setFinalWeight] = useState(1.5);
  const [busy, setBusy] = useState(false);
  const [err, setErr, clear] = useErr();

  useEffect(() => {
    tapi.scoring().then(
      // Every version is listed; a new tournament counts by each system's latest.
      (all) => setSystems(all.filter((s) => !all.some((x) => x.id === s.id && x.version > s.version))),
      (e) => setErr(e),
    );
  }, []);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    clear();
    setBusy(true);
    try {
      const gameOptions = changedOptions(preset, options);
      if (preset === 'tournament') gameOptions['seats'] = 10;
      const schedule: Record<string, unknown> = { games };
      if (from) schedule['from'] = from;
      if (to) schedule['to'] = to;
      if (finalGames > 0) Object.assign(schedule, { finalTop, finalGames, finalWeight });
      const r = await tapi.create({ name: name.trim(), scoring, options: { preset, gameOptions, schedule } });
      rememberOrganizer(r.id, r.organizerToken);
      navigate(`/t/${r.id}?tab=players`);
    } catch (x) {
      setErr(x);
      setBusy(false);
    }
  };

  return (
    <main className="page narrow tpage">
      <h1>{t('new.title')}</h1>
      <form className="panel" onSubmit={(e) => void submit(e)} data-testid="t-new">
        <label className="tfield">
          <span>{t('new.name')}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} data-testid="t-name" placeholder={t('new.namePlaceholder')} />
        </label>
        <div className="trow">
          <label className="tfield">
            <span>{t('new.from')}</span>
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="t-from" />
          </label>
          <label className="tfield">
            <span>{t('new.to')}</span>
            <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} data-testid="t-to" />
          </label>
        </div>
        <label className="tfield">
          <span>{t('new.scoring')}</span>
          <select value={scoring} onChange={(e) => setScoring(e.target.value)} data-testid="t-scoring">
            {systems.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name[lang]}
              </option>
            ))}
          </select>
        </label>
        <div className="trow">
          <label className="tfield">
            <span>{t('new.games')}</span>
            <input type="number" min={1} max={100} value={games} onChange={(e) => setGames(Number(e.target.value))} data-testid="t-games" />
          </label>
        </div>
        <fieldset>
          <legend>{t('new.finals')}</legend>
          <div className="trow">
            <label className="tfield">
              <span>{t('new.finalGames')}</span>
              <input type="number" min={0} max={100} value={finalGames} onChange={(e) => setFinalGames(Number(e.target.value))} data-testid="t-final-games" />
            </label>
            {finalGames > 0 && (
              <>
                <label className="tfield">
                  <span>{t('new.finalTop')}</span>
                  <input type="number" min={10} step={10} value={finalTop} onChange={(e) => setFinalTop(Number(e.target.value))} />
                </label>
                <label className="tfield">
                  <span>{t('new.finalWeight')}</span>
                  <input type="number" min={0.1} step={0.1} value={finalWeight} onChange={(e) => setFinalWeight(Number(e.target.value))} />
                </label>
              </>
            )}
          </div>
          <p className="hint">{t('new.finalsHint')}</p>
        </fieldset>
        <label className="tfield">
          <span>{t('new.preset')}</span>
          <select
            value={preset}
            onChange={(e) => {
              setPreset(e.target.value as PresetId);
              setOptions({});
            }}
            data-testid="t-preset"
          >
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`translation:preset.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <details className="options">
          <summary>
            {t('new.options')}
            {Object.keys(changedOptions(preset, options)).length > 0 && <span className="muted"> · {t('new.changed', { count: Object.keys(changedOptions(preset, options)).length })}</span>}
          </summary>
          <OptionEditor preset={preset} size={10} values={options} onChange={(k, v) => setOptions((x) => ({ ...x, [k]: v }))} />
        </details>
        <ErrorLine error={err} />
        <button type="submit" className="btn btn-primary btn-wide" disabled={busy || !name.trim()} data-testid="t-create">
          {t('new.create')}
        </button>
      </form>
    </main>
  );
}
