// One editor for a table's options, used by the lobby's create form and the judge console's setup.
// Every option the preset accepts comes from the engine's OPTION_DEFS: its Russian (or English)
// name, its rule text with the rule number as a small link, and a control fitting its type — a
// toggle, a select with the values' names, a number with its range, or the role list as roles
// with counts. Nothing here names an option: a new OptionDef shows up by itself.
import { useTranslation } from 'react-i18next';
import {
  OPTION_DEFS,
  presetOptions,
  ruleLabel,
  ROLE_DEFS,
  validateSetup,
  type OptionDef,
  type PresetId,
  type Rejection,
  type RoleId,
} from '../../../src/engine/index.js';
import { currentLang, type Lang } from '../lib/i18n.js';
import { RoleCounts } from './RoleCounts.js';

export type OptionValues = Record<string, unknown>;

/**
 * The options a preset accepts, in the engine's order: its own and the day flow's rule variants
 * (docs/rules/variants.md), without the older options those replace.
 */
export function presetOptionDefs(preset: PresetId): OptionDef[] {
  const defaults = presetOptions(preset);
  return OPTION_DEFS.filter((d) => d.key in defaults);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Only the options that differ from the preset's defaults (what a create request needs to send). */
export function changedOptions(preset: PresetId, values: OptionValues): OptionValues {
  const defaults = presetOptions(preset);
  const out: OptionValues = {};
  for (const d of presetOptionDefs(preset)) if (d.key in values && !same(values[d.key], defaults[d.key])) out[d.key] = values[d.key];
  return out;
}

/** The rules page's anchor for a rule reference ("R20", "R34 extra" → R34). */
export function ruleHref(preset: PresetId, rule: string): string {
  const m = /R\d+/.exec(rule);
  return `/rules/${preset}${m ? `#${m[0]}` : ''}`;
}

/** A small link to the rule, for beside an option's name or a rejection. */
export function RuleLink({ preset, rule }: { preset: PresetId; rule: string }) {
  return (
    <a className="rule-link" href={ruleHref(preset, rule)} target="_blank" rel="noreferrer" data-rule={rule}>
      {ruleLabel(rule, currentLang())}
    </a>
  );
}

/**
 * Why a setup is refused, in the reader's words: the rule's message and, when a rule or a field
 * names one of the preset's options, that option's name. null: the setup is valid.
 */
export function setupProblem(preset: PresetId, size: number, values: OptionValues, lang: Lang): string | null {
  const v = validateSetup({ preset, size, options: changedOptions(preset, values) });
  if (v.ok) return null;
  return problemText(preset, v.error, lang);
}

function problemText(preset: PresetId, e: Rejection, lang: Lang): string {
  const defs = presetOptionDefs(preset);
  const field = /options\.(\w+)/.exec(e.detail ?? '')?.[1];
  const def = defs.find((d) => d.key === field) ?? (e.rule ? defs.find((d) => d.rule === e.rule && d.control === 'roleCounts') : undefined);
  const where = def ? ` — ${def.name[lang]}` : '';
  const rule = e.rule ? ` (${ruleLabel(e.rule, lang)})` : '';
  // The engine's details are English notes for developers: shown only to English readers.
  const detail = lang === 'en' && e.detail ? `: ${e.detail}` : '';
  return `${e.message[lang]}${where}${rule}${detail}`;
}

function Toggle({ id, checked, onChange }: { id: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="oe-toggle">
      <input id={id} type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="oe-track" aria-hidden="true" />
    </label>
  );
}

function NumberInput({ id, def, value, onChange }: { id: string; def: OptionDef; value: number; onChange: (v: number) => void }) {
  const [min, max] = def.range ?? [0, 1_000_000];
  // The engine's own check decides which numbers pass (e.g. 10 or 12 seats, nothing between).
  const ok = (n: number): boolean => Number.isInteger(n) && n >= min && n <= max && (!def.check || def.check(n));
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={Number.isFinite(value) ? value : ''}
      aria-invalid={!ok(value)}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
    />
  );
}

function valueName(def: OptionDef, v: string, lang: Lang): string {
  return def.valueNames?.[v]?.[lang] ?? v;
}

/** An option's value in words (the protocol sheet, a summary line). */
export function optionValueText(def: OptionDef, value: unknown, lang: Lang, t: (k: string) => string): string {
  if (typeof value === 'boolean') return t(value ? 'options.yes' : 'options.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('options.rolesDefault');
    const counts = new Map<string, number>();
    for (const r of value as string[]) counts.set(r, (counts.get(r) ?? 0) + 1);
    return [...counts].map(([r, k]) => `${ROLE_DEFS[r as RoleId]?.title[lang] ?? r}${k > 1 ? ` ×${k}` : ''}`).join(', ');
  }
  if (typeof value === 'string') return valueName(def, value, lang);
  return String(value);
}

function OptionRow({
  preset,
  size,
  def,
  value,
  fallback,
  onChange,
}: {
  preset: PresetId;
  size: number;
  def: OptionDef;
  value: unknown;
  fallback: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = `opt-${def.key}`;
  const changed = !same(value, fallback);
  let control: React.ReactNode;
  if (def.control === 'roleCounts') {
    control = <RoleCounts preset={preset} size={size} value={(value as string[]) ?? []} onChange={onChange} />;
  } else if (typeof fallback === 'boolean') {
    control = <Toggle id={id} checked={value === true} onChange={onChange} />;
  } else if (def.values) {
    control = (
      <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {def.values.map((v) => (
          <option key={v} value={v}>
            {valueName(def, v, lang)}
          </option>
        ))}
      </select>
    );
  } else if (typeof fallback === 'number') {
    control = <NumberInput id={id} def={def} value={value as number} onChange={onChange} />;
  } else {
    control = <code>{JSON.stringify(value)}</code>;
  }
  const wide = def.control === 'roleCounts';
  return (
    <div className={`oe-row${wide ? ' oe-wide' : ''}${changed ? ' oe-changed' : ''}`} data-option={def.key}>
      <div className="oe-head">
        <label htmlFor={wide ? undefined : id} className="oe-name">
          {def.name[lang]}
        </label>
        <RuleLink preset={preset} rule={def.rule} />
      </div>
      <div className="oe-control">{control}</div>
      <p className="oe-doc">
        {def.doc[lang]}
        {def.range && !def.values && typeof fallback === 'number' && <span className="oe-range"> {t('options.range', { min: def.range[0], max: def.range[1] })}</span>}
        {changed && (
          <>
            {' '}
            <button type="button" className="oe-reset" onClick={() => onChange(Array.isArray(fallback) ? fallback.slice() : fallback)}>
              {t('options.reset', { value: optionValueText(def, fallback, lang, t) })}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * Every option of the preset. `values` holds the current values (missing keys read as the
 * `base` values, by default the engine's defaults); `onChange` gets one option at a time.
 */
export function OptionEditor({
  preset,
  size,
  values,
  base,
  onChange,
}: {
  preset: PresetId;
  size: number;
  values: OptionValues;
  /** What "unchanged" means here (the online form's night ends by the clock). */
  base?: OptionValues;
  onChange: (key: string, value: unknown) => void;
}) {
  const defaults = base ?? presetOptions(preset);
  return (
    <div className="oe" data-testid="option-editor" data-preset={preset}>
      {presetOptionDefs(preset).map((d) => (
        <OptionRow
          key={`${preset}-${d.key}`}
          preset={preset}
          size={size}
          def={d}
          value={d.key in values ? values[d.key] : defaults[d.key]}
          fallback={defaults[d.key]}
          onChange={(v) => onChange(d.key, v)}
        />
      ))}
    </div>
  );
}
