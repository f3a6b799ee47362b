// How the command line reports a failure: `error: …` on stderr, exit status 2.
import type { TournamentError } from '../tournament/index.js';

export function cliError(text: string): number {
  process.stderr.write(`error: ${text}\n`);
  return 2;
}

/** A typed error in the chosen language, with its detail. */
export function typedError(e: TournamentError, lang: 'ru' | 'en'): number {
  return cliError(`${e.message[lang]}${e.detail ? ` (${e.detail})` : ''}`);
}
