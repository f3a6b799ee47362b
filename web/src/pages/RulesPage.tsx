// Rules pages (lazy): for players, `docs/players/<preset>.<lang>.md` — what a player must know, with
// the rule numbers as small links — and the table's options with their rule text; for judges who
// want the clauses, `/rules/<preset>/full` shows the full reference (docs/rules/<preset>.md). The
// Markdown is rendered by markdown-to-jsx into React elements (no HTML strings, nothing inline to
// allow in a CSP), and loaded with this page only.
import Markdown from 'markdown-to-jsx/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { presetOptions, PRESETS, ruleLabel, type PresetId } from '../../../src/engine/index.js';
import { currentLang } from '../lib/i18n.js';
import { Link, navigate, useLocation } from '../lib/router.js';
import { optionValueText, presetOptionDefs } from '../options/OptionEditor.js';

const PLAYERS = import.meta.glob<string>('../../../docs/players/*.md', { query: '?raw', import: 'default' });
const REFERENCE = import.meta.glob<string>('../../../docs/rules/*.md', { query: '?raw', import: 'default' });

function loader(glob: Record<string, () => Promise<string>>, name: string): (() => Promise<string>) | undefined {
  const key = Object.keys(glob).find((k) => k.endsWith(`/${name}.md`));
  return key ? glob[key] : undefined;
}

function playerDoc(preset: string, lang: string): (() => Promise<string>) | undefined {
  return loader(PLAYERS, `${preset}.${lang}`) ?? loader(PLAYERS, `${preset}.ru`);
}

export function rulesAvailable(): string[] {
  return PRESETS.filter((p) => playerDoc(p, 'ru') !== undefined);
}

/** "{R8, R9}" → small links to the full reference; a heading's first rule becomes its anchor. */
export function withRuleLinks(md: string, preset: string): string {
  return md.replace(/\s*\{(R\d+(?:\s*,\s*R\d+)*)\}/g, (_m, list: string) => {
    const links = list
      .split(',')
      .map((r) => r.trim())
      .map((r) => `<a class="rule-link" href="/rules/${preset}/full#${r}" data-rule-anchor="${r}">${r}</a>`)
      .join(' ');
    return ` <span class="rule-refs">${links}</span>`;
  });
}

/** A heading's id: its first rule number ("R8 — Voting", "Голосование R7 R8"), else a plain slug. */
function slugify(text: string): string {
  return /R\d+/.exec(text)?.[0] ?? text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
}

/** In-app links go through the router; the rest open as usual. */
function A({ href = '', children, ...rest }: { href?: string; children?: ReactNode; className?: string }) {
  if (href.startsWith('/')) return <Link to={href} {...rest}>{children}</Link>;
  return (
    <a href={href} rel="noreferrer" {...rest}>
      {children}
    </a>
  );
}

/** Bring the URL's #R8 into view once the text is there (a rule's section, else an option with that rule). */
function useHashScroll(ready: boolean): void {
  const loc = useLocation();
  useEffect(() => {
    if (!ready) return;
    const scroll = (): void => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id) return;
      const sel = CSS.escape(id);
      const el =
        document.getElementById(id) ??
        document.querySelector(`[data-rule-anchor="${sel}"]`)?.closest('h1, h2, h3, h4, p, li') ??
        document.querySelector(`[data-option-rule="${sel}"]`);
      el?.scrollIntoView?.({ block: 'start' });
    };
    scroll();
    window.addEventListener('hashchange', scroll);
    return () => window.removeEventListener('hashchange', scroll);
  }, [ready, loc]);
}

/** The preset's options with their rule text and defaults, each findable by its rule number. */
function OptionsSection({ preset }: { preset: PresetId }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const defaults = presetOptions(preset);
  return (
    <section className="rules-options" aria-labelledby="rules-options-h">
      <h2 id="rules-options-h">{t('rules.options')}</h2>
      <p className="hint">{t('rules.optionsHelp')}</p>
      <dl>
        {presetOptionDefs(preset).map((d) => (
          <div key={d.key} id={`opt-${d.key}`} data-option-rule={/R\d+/.exec(d.rule)?.[0] ?? d.rule} className="rules-option">
            <dt>
              {d.name[lang]} <span className="rule-link">{ruleLabel(d.rule, lang)}</span>
            </dt>
            <dd>
              {d.doc[lang]} <span className="muted">{t('rules.byDefault', { value: optionValueText(d, defaults[d.key], lang, t) })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function RulesPage() {
  const { t, i18n } = useTranslation();
  const path = useLocation().split('?')[0]!;
  const [, , preset, full] = path.split('/');
  const known = (PRESETS as readonly string[]).includes(preset ?? '');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const [text, setText] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setText(null);
    setMissing(false);
    if (!preset) return;
    const load = full === 'full' ? loader(REFERENCE, preset) : playerDoc(preset, lang);
    if (!load) {
      setMissing(true);
      return;
    }
    load().then((md) => setText(withRuleLinks(md, preset)), () => setMissing(true));
  }, [preset, full, lang]);
  useHashScroll(text !== null);
  const options = { slugify, overrides: { a: { component: A } } };
  return (
    <main className="page rules">
      <nav className="rules-nav" aria-label={t('rules.presets')}>
        {PRESETS.map((p) => (
          <Link key={p} to={`/rules/${p}`} className={`chip${p === preset ? ' chip-on' : ''}${playerDoc(p, lang) ? '' : ' chip-off'}`}>
            {t(`preset.${p}`, { defaultValue: p })}
          </Link>
        ))}
      </nav>
      {!preset && (
        <>
          <h1>{t('rules.title')}</h1>
          <p>{t('rules.pick')}</p>
        </>
      )}
      {missing && (
        <p className="muted" role="status">
          {t('rules.missing', { preset: t(`preset.${preset}`, { defaultValue: preset }) })}
        </p>
      )}
      {text !== null && known && (
        <article className="panel markdown" data-testid={full === 'full' ? 'rules-reference' : 'rules-players'} lang={full === 'full' ? 'en' : lang}>
          {full === 'full' ? (
            <p className="hint rules-switch">
              {t('rules.referenceNote')} <Link to={`/rules/${preset}`}>{t('rules.backToPlayers')}</Link>
            </p>
          ) : (
            <p className="hint rules-switch">
              {t('rules.refsNote')}{' '}
              <a
                href={`/rules/${preset}/full`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/rules/${preset}/full`);
                }}
              >
                {t('rules.toReference')}
              </a>
            </p>
          )}
          <Markdown options={options}>{text}</Markdown>
          {full !== 'full' && <OptionsSection preset={preset as PresetId} />}
        </article>
      )}
    </main>
  );
}
