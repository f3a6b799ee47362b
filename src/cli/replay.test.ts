// The CLI's protocol speaks one language at a time: the Russian one has no English verbs (shoot,
// check) or engine ids, the English one no «№»; every example record reads cleanly in both.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeLog, replay } from '../engine/index.js';

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
