// The CLI's protocol speaks one language at a time: the Russian one has no English verbs (shoot,
// check) or engine ids, the English one no «№»; every example record reads cleanly in both.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { describeLog, replay } from '../engine/index.js';
import { runReplay } from './replay.js';

const dir = new URL('../../examples/records/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

/** Free text a record itself carries (speeches, a judge's foul reasons, forum ballots): not ours to translate. */
function ownText(json: { commands?: { text?: string; reason?: string }[] }): string[] {
  return (json.commands ?? []).flatMap((c) => [c.text, c.reason]).filter((x): x is string => typeof x === 'string' && x.length > 0);
}

describe('gorod replay: the protocol in one language', () => {
  it.each(files)('%s', (f) => {
    const json = JSON.parse(readFileSync(new URL(f, dir), 'utf8'));
    const r = replay(json);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const free = ownText(json);
    const strip = (line: string): string => free.reduce((l, x) => l.split(x).join(''), line);
    for (const line of describeLog(r.value.state.log, 'ru').map(strip)) {
      expect(line, line).not.toMatch(/\b(shoot|check|heal|block|save|kill|skip|protect|explode|seduce|classic|club|tournament|forum|provocation)\b/);
    }
    for (const line of describeLog(r.value.state.log, 'en').map(strip)) expect(line, line).not.toContain('№');
  });
});

describe('gorod replay: what else it prints speaks the same language', () => {
  /** Runs `gorod replay` on a file (or on `json` written to a fresh one) and catches what it prints. */
  async function run(file: string, lang?: string, json?: unknown): Promise<{ out: string; err: string; code: number }> {
    let out = '';
    let err = '';
    const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
    let path = file;
    if (json !== undefined) {
      path = join(mkdtempSync(join(tmpdir(), 'gorod-replay-')), 'x.json');
      writeFileSync(path, typeof json === 'string' ? json : JSON.stringify(json));
    }
    try {
      const code = await runReplay(path, lang ? { lang } : {});
      return { out, err, code };
    } finally {
      o.mockRestore();
      e.mockRestore();
    }
  }

  it('a rejected command is told by its reason in Russian (no engine code); in English with its code', async () => {
    const file = new URL('classic-rejected-commands.json', dir).pathname;
    const ru = await run(file);
    const rejections = ru.out.split('\n').filter((l) => l.startsWith('!'));
    expect(rejections.length).toBeGreaterThan(0);
    for (const l of rejections) expect(l).not.toMatch(/[A-Za-z]{3,}/);
    const en = await run(file, 'en');
    expect(en.out).toContain('(wrongPhase)');
  });

  it('errors: a missing file, not JSON, not a record — «ошибка: …» in Russian words, exit 2', async () => {
    for (const r of [await run('/nonexistent/x.json'), await run('', undefined, '{nope'), await run('', undefined, { x: 1 })]) {
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^ошибка: /);
      expect(r.err.replace(/\/\S+|ENOENT|JSON/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect((await run('/nonexistent/x.json', 'en')).err).toMatch(/^error: cannot read/);
  });
});

describe('the record says only what happened (issue 13.4)', () => {
  it('R23 a speech lost to the putana\'s freeze names the freeze, not three fouls', () => {
    const r = replay(JSON.parse(readFileSync(new URL('club-putana-freezes-sheriff.json', dir), 'utf8')));
    if (!r.ok) throw new Error(r.error.code);
    const lines = describeLog(r.value.state.log, 'ru');
    expect(lines).toContain('  №4 пропускает речь (заморожен путаной)');
    expect(lines.join('\n')).not.toContain('три фола');
  });
});
