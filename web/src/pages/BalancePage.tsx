// The balance page: a simulator report (`gorod sim --json`, one report or a --compare list)
// drawn as the same SVG chart the CLI writes, with the win rates and their 95 % intervals.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPTION_DEFS } from '../../../src/engine/index.js';
import type { SimReport } from '../../../src/bots/sim/stats.js';
import { simChartSvg } from '../../../src/bots/sim/svg.js';
import { currentLang } from '../lib/i18n.js';
import { optionValueText } from '../options/OptionEditor.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

/** Accept what `gorod sim --json` prints: one report or an array of them. */
export function parseReports(json: unknown): SimReport[] | null {
  const list = Array.isArray(json) ? json : [json];
  for (const r of list) {
    const x = r as Partial<SimReport> | null;
    if (!x || typeof x !== 'object' || typeof x.label !== 'string' || typeof x.games !== 'number' || !x.wins || !Array.isArray(x.seatWins))
      return null;
  }
  return list as SimReport[];
}

/**
 * A run in words: the preset's short name and the bots' level, then (after a line break) each
 * option the run changed, by name.
 */
export function runLabel(r: SimReport, t: (k: string, o?: Record<string, unknown>) => string): string {
  const lang = currentLang();
  const preset = t(`preset.${r.preset}`, { defaultValue: r.preset }).replace(/\s*\(.*\)$/, '');
  const levels = [...new Set([r.policies.red, r.policies.black])].map((p) => t(`balance.policy_${p}`, { defaultValue: p }));
  const options = Object.entries(r.options ?? {}).map(([k, v]) => {
    const d = OPTION_DEFS.find((x) => x.key === k);
    return d ? `${d.name[lang]}: ${optionValueText(d, v, lang, t)}` : `${k}=${String(v)}`;
  });
  return [`${preset} · ${levels.join(' / ')}`, ...(options.length ? [options.join('; ')] : [])].join('\n');
}

const PHONE = '(max-width: 700px)';

/** Whether the screen is a phone's: the chart is then drawn for its width, never shrunk or scrolled sideways. */
function useNarrow(): boolean {
  const media = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);
  const [narrow, setNarrow] = useState(() => media()?.matches === true);
  useEffect(() => {
    const m = media();
    if (!m) return;
    const on = (): void => setNarrow(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return narrow;
}

export default function BalancePage() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [reports, setReports] = useState<SimReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/sim/sample.json')
      .then((r) => (r.ok ? r.json() : null))
      .then((j: unknown) => {
        const parsed = j === null ? null : parseReports(j);
        if (parsed) setReports((cur) => cur ?? parsed);
      })
      .catch(() => undefined);
  }, []);

  const load = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setError(null);
    try {
      const parsed = parseReports(JSON.parse(await file.text()) as unknown);
      if (!parsed) throw new Error('shape');
      setReports(parsed);
    } catch {
      setError(t('balance.bad'));
    }
  };

  return (
    <main className="page">
      <h1>{t('balance.title')}</h1>
      <p className="muted">{t('balance.intro')}</p>
      <pre className="muted balance-cmd">gorod sim --preset classic --policy club --games 100000 --workers 2 --json &gt; report.json</pre>
      <label className="btn">
        {t('balance.open')}
        <input type="file" accept="application/json,.json" hidden onChange={(e) => void load(e.target.files?.[0])} />
      </label>
      {error && <p className="error">{error}</p>}
      {reports && (
        <>
          <div
            className="balance-chart"
            dangerouslySetInnerHTML={{
              __html: simChartSvg(reports, { lang: currentLang(), theme: 'dark', title: t('balance.chartTitle'), labels: reports.map((r) => runLabel(r, t)), layout: narrow ? 'narrow' : 'wide' }),
            }}
          />
          <div className="balance-table-wrap">
            <table className="balance-table">
              <thead>
                <tr>
                  <th>{t('balance.run')}</th>
                  <th>{t('balance.games')}</th>
                  <th>{t('balance.red')}</th>
                  <th>{t('balance.black')}</th>
                  <th>{t('balance.days')}</th>
                </tr>
              </thead>
              <tbody>
                {reports.map((r) => (
                  <tr key={r.label}>
                    <td className="balance-run">{runLabel(r, t)}</td>
                    <td data-label={t('balance.games')}>{r.games}</td>
                    <td data-label={t('balance.red')}>
                      {pct(r.wins.red.rate)} [{pct(r.wins.red.lo)}, {pct(r.wins.red.hi)}]
                    </td>
                    <td data-label={t('balance.black')}>
                      {pct(r.wins.black.rate)} [{pct(r.wins.black.lo)}, {pct(r.wins.black.hi)}]
                    </td>
                    <td data-label={t('balance.days')}>{r.avgDays.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </main>
  );
}
