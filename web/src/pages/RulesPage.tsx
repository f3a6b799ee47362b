// Rules pages (lazy): docs/rules/<preset>.md rendered in the app. The docs are bundled raw and
// loaded on demand; a preset whose file does not exist yet says so instead of failing.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESETS } from '../../../src/engine/index.js';
import { Link, routeParam } from '../lib/router.js';
import { Markdown } from './markdown.js';

const DOCS = import.meta.glob<string>('../../../docs/rules/*.md', { query: '?raw', import: 'default' });

function docFor(preset: string): (() => Promise<string>) | undefined {
  const key = Object.keys(DOCS).find((k) => k.endsWith(`/${preset}.md`));
  return key ? DOCS[key] : undefined;
}

export function rulesAvailable(): string[] {
  return PRESETS.filter((p) => docFor(p) !== undefined);
}

export default function RulesPage() {
  const { t } = useTranslation();
  const preset = routeParam('/rules/:preset', 'preset');
  const [text, setText] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setText(null);
    setMissing(false);
    if (!preset) return;
    const load = docFor(preset);
    if (!load) {
      setMissing(true);
      return;
    }
    load().then(setText, () => setMissing(true));
  }, [preset]);
  return (
    <main className="page rules">
      <nav className="rules-nav" aria-label={t('rules.presets')}>
        {PRESETS.map((p) => (
          <Link key={p} to={`/rules/${p}`} className={`chip${p === preset ? ' chip-on' : ''}${docFor(p) ? '' : ' chip-off'}`}>
            {t(`preset.${p}`)}
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
      {text !== null && (
        <article className="panel">
          <Markdown source={text} />
        </article>
      )}
    </main>
  );
}
