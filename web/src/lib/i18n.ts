// i18next setup: Russian by default, English on request; the choice is kept in localStorage.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from '../i18n/ru.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

// One Lang for the whole project: the engine's (its describer speaks the same two languages).
import type { Lang } from '../../../src/engine/index.js';
export type { Lang };
export const LANGS: readonly Lang[] = ['ru', 'en'];
const KEY = 'gorod.lang';

function stored(): Lang {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return v === 'en' ? 'en' : 'ru';
  } catch {
    return 'ru';
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru }, en: { translation: en } },
  lng: stored(),
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'ru';
}

/**
 * The locale dates and numbers are written in: Russian, or British English (day before month, as
 * a Russian club reads it too) — one choice for every page, never the browser's US default.
 */
export function dateLocale(lang: Lang = currentLang()): 'ru-RU' | 'en-GB' {
  return lang === 'en' ? 'en-GB' : 'ru-RU';
}

export function setLang(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(KEY, lang);
  } catch {
    /* private mode: the switch still works for this page */
  }
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
