// The judge's pages speak the app's language (lib/i18n: Russian by default, English on request).
// Their sentences live beside the code as ru/en pairs; the language comes from the app's i18next.
import { useTranslation } from 'react-i18next';
import { setLang as setAppLang } from '../lib/i18n.js';

import type { Lang } from '../lib/i18n.js';
export type { Lang };

export function useLang(): [Lang, (l: Lang) => void] {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'ru';
  return [lang, setAppLang];
}
