// The role list option (OPTION_DEFS control 'roleCounts') as a judge thinks of it: each role the
// preset's list may hold with − and + beside its count, the civilians who fill the rest, and the
// red/black balance. An empty list is the preset's default deal by table size, shown as such.
import { useTranslation } from 'react-i18next';
import { defaultOptions, PRESET_DEFS, ROLE_DEFS, type Options, type PresetId, type RoleId } from '../../../src/engine/index.js';
import { currentLang } from '../lib/i18n.js';

function countsOf(list: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of list) m.set(r, (m.get(r) ?? 0) + 1);
  return m;
}

export function RoleCounts({ preset, size, value, onChange }: { preset: PresetId; size: number; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const def = PRESET_DEFS[preset];
  const spec = def?.roleOption;
  if (!def || !spec) return <code>{JSON.stringify(value)}</code>;
  const listed = new Set<string>(spec.roles);
  const once = new Set<string>(spec.once ?? []);
  const own = value.length > 0;
  // What the table deals: its own list, or the default deal for this size.
  const deal = def.deal(size, { ...defaultOptions(preset), roles: value } as Options);
  const dealt = countsOf(deal);
  const counts = own ? countsOf(value) : new Map([...dealt].filter(([r]) => listed.has(r)));
  const setCount = (role: string, k: number): void => {
    const next: string[] = [];
    for (const r of spec.roles) {
      const n = r === role ? k : (counts.get(r) ?? 0);
      for (let i = 0; i < n; i++) next.push(r);
    }
    onChange(next);
  };
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const team = (wanted: string): number => deal.filter((r) => ROLE_DEFS[r].team === wanted).length;
  const title = (r: string): string => ROLE_DEFS[r as RoleId].title[lang];
  return (
    <div className="rc" data-testid="role-counts">
      <div className="rc-mode">
        <label className="rc-default">
          <input type="checkbox" checked={!own} onChange={(e) => onChange(e.target.checked ? [] : [...counts].flatMap(([r, k]) => Array<string>(k).fill(r)))} data-testid="roles-default" />{' '}
          {t('options.rolesDefaultFor', { n: size })}
        </label>
      </div>
      <ul className="rc-list">
        {spec.roles.map((r) => {
          const k = counts.get(r) ?? 0;
          const max = once.has(r) ? 1 : size;
          return (
            <li key={r} className={`rc-role team-${ROLE_DEFS[r].team}${k === 0 ? ' rc-zero' : ''}`} data-role={r}>
              <span className="rc-title">{title(r)}</span>
              <span className="rc-step">
                <button type="button" className="rc-btn" aria-label={t('options.fewer', { role: title(r) })} disabled={k === 0} onClick={() => setCount(r, k - 1)}>
                  −
                </button>
                <output className="rc-count" data-testid={`role-count-${r}`}>
                  {k}
                </output>
                <button type="button" className="rc-btn" aria-label={t('options.more', { role: title(r) })} disabled={k >= max || total >= size} onClick={() => setCount(r, k + 1)}>
                  +
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="rc-sum" data-testid="role-sum">
        {t('options.rolesSum', { civilians: dealt.get('civilian') ?? 0, red: team('red'), black: team('black'), neutral: team('neutral') })}
      </p>
    </div>
  );
}
