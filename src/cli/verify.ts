// gorod verify RECORD [--json] [--lang ru|en]: the R60 check of a finished game's deal, said in
// words. A record without a commitment (a local game, cards drawn at the table) has nothing to
// verify: that is said plainly and is not a failure (exit 0). A mismatch exits 1; a file that is
// not a record exits 2.
import type { VerifyResult } from '../server/deal.js';
import type { Lang } from '../engine/index.js';

export function verifyExitCode(r: VerifyResult): number {
  return r.status === 'verified' || r.status === 'none' ? 0 : r.status === 'mismatch' ? 1 : 2;
}

export function verifyText(r: VerifyResult, lang: Lang): string {
  const ru = lang === 'ru';
  const table = r.tableId ? (ru ? ` (стол ${r.tableId})` : ` (table ${r.tableId})`) : '';
  switch (r.status) {
    case 'verified':
      return ru
        ? `✓ Раздача совпадает с хэшем, опубликованным до игры${table}: ${r.commitment}`
        : `✓ The deal matches the commitment published before the game${table}: ${r.commitment}`;
    case 'mismatch':
      return ru
        ? `✗ Раздача НЕ совпадает с хэшем, опубликованным до игры${table}.\n  опубликован: ${r.commitment}\n  вычислен:    ${r.computed}`
        : `✗ The deal does NOT match the commitment published before the game${table}.\n  published: ${r.commitment}\n  computed:  ${r.computed}`;
    case 'none':
      if (r.dealSource === 'cards')
        return ru
          ? `Проверять нечего${table}: ведущий ввёл раздачу с карт, вытянутых за столом, и хэш до игры не публиковался (R60).`
          : `Nothing to verify${table}: the judge entered the deal from the cards drawn at the table, and no commitment was published before the game (R60).`;
      return ru
        ? `Проверять нечего${table}: в записи нет хэша раздачи — его не публиковали до игры (R60).`
        : `Nothing to verify${table}: the record carries no commitment — none was published before the game (R60).`;
    case 'invalid':
      return ru ? `Ошибка: запись не проверить — ${invalidRu(r.reason ?? '')}` : `Error: the record cannot be checked — ${r.reason ?? ''}`;
  }
}

/** The server's reasons (developers' English) in the judge's words. */
const INVALID_RU: [RegExp, string][] = [
  [/^(not JSON|bad record)/, 'это не запись игры'],
  [/no meta\.tableId/, 'в записи нет номера стола'],
  [/no salt/, 'в записи нет соли раздачи'],
  [/no deal/, 'в записи нет раздачи'],
  [/salt is not/, 'соль раздачи записана неверно (нужны 32 байта в шестнадцатеричном виде)'],
];

function invalidRu(reason: string): string {
  return INVALID_RU.find(([re]) => re.test(reason))?.[1] ?? 'запись неполна (R60)';
}
