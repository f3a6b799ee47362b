// Requests for a correction of a game (the organizer's view): what is asked and by whom, and how
// each ended (a corrected record's version, or the organizer's note).
import { TOURNAMENT_ERRORS } from '../../../src/tournament/errors.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { useT } from './i18n.js';
import type { TFlag } from './tapi.js';

/** What the flag says, in the reader's language (the server's own flags carry a code, not words). */
function flagText(f: TFlag, t: (k: string, o?: Record<string, unknown>) => string, lang: 'ru' | 'en'): string {
  if (f.kind === 'request') return f.reason;
  if (f.kind === 'badRecord') {
    const known = (TOURNAMENT_ERRORS as Record<string, readonly [string, string]>)[f.reason];
    return known ? known[lang === 'ru' ? 0 : 1] : t('flag.badRecordOther');
  }
  return t('flag.drawText');
}

export function FlagList({ flags, open: onlyOpen = false }: { flags: TFlag[]; open?: boolean }) {
  const { t } = useT();
  const lang = currentLang();
  const shown = onlyOpen ? flags.filter((f) => !f.resolved) : flags;
  if (shown.length === 0) return null;
  const when = (at: number): string => new Date(at).toLocaleString(dateLocale(lang), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <ul className="tflags" data-testid="flags">
      {shown.map((f) => (
        <li key={f.id} className={f.resolved ? 'tflag-resolved' : 'tflag-open'} data-testid="flag" data-kind={f.kind} data-open={f.resolved ? 'no' : 'yes'}>
          <b>{t(`flag.kind.${f.kind}`)}</b>: {flagText(f, t, lang)}{' '}
          <span className="muted small">
            — {t(`flag.by.${f.by}`)}
            {f.name ? ` (${f.name})` : ''}, {when(f.at)}
          </span>
          {f.resolved && (
            <div className="small" data-testid="flag-resolution">
              ✓ {f.resolved.version ? t('flag.resolvedVersion', { v: f.resolved.version, note: f.resolved.note }) : t('flag.resolved', { note: f.resolved.note })}
              <span className="muted">
                {' '}
                — {f.resolved.by ? `${f.resolved.by}, ` : ''}
                {when(f.resolved.at)}
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

