// How the command line reports a failure: «ошибка: …» (or `error: …`) on stderr, exit status 2.
import type { Lang } from '../engine/index.js';
import type { TournamentError } from '../tournament/index.js';

export function cliError(text: string, lang: Lang): number {
  process.stderr.write(`${lang === 'ru' ? 'ошибка' : 'error'}: ${text}\n`);
  return 2;
}

/** A typed error in the chosen language; its detail (a developer's note in English) only in English. */
export function typedError(e: TournamentError, lang: Lang): number {
  return cliError(`${e.message[lang]}${e.detail && lang === 'en' ? ` (${e.detail})` : ''}`, lang);
}
