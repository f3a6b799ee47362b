// The tournament pages' words (namespace `tournament`): loaded with the pages' chunk, so the
// player table's first load does not carry them.
import { useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.js';
import ru from '../i18n/tournament.ru.json' with { type: 'json' };
import en from '../i18n/tournament.en.json' with { type: 'json' };

i18n.addResourceBundle('ru', 'tournament', ru, true, true);
i18n.addResourceBundle('en', 'tournament', en, true, true);

export function useT() {
  return useTranslation('tournament');
}
