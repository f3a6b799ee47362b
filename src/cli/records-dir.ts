// A folder of game records (every *.json file in it, by name) for `gorod standings` and `gorod rating`.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../engine/index.js';
import { readRecordFile } from './replay.js';

export interface RecordFile {
  file: string;
  json: unknown;
}

export function readRecordsDir(dir: string, lang: Lang): { ok: true; files: RecordFile[]; errors: string[] } | { ok: false; error: string } {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) return { ok: false, error: lang === 'ru' ? `${dir} — не папка` : `${dir} is not a folder` };
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch (e) {
    return { ok: false, error: `${lang === 'ru' ? 'не прочитать' : 'cannot read'} ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  const files: RecordFile[] = [];
  const errors: string[] = [];
  for (const n of names) {
    const r = readRecordFile(join(dir, n), lang);
    if (r.ok) files.push({ file: n, json: r.json });
    else errors.push(`${n}: ${r.error}`);
  }
  return { ok: true, files, errors };
}
