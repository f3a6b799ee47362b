// The players' rules pages (docs/players): one per preset in Russian and English, the same rule
// numbers in both, every option's rule among them (the option editor links to it), and none of a
// developer document's furniture (file paths, code, source tags).
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRESET_DEFS, PRESETS } from '../../../src/engine/index.js';
import { presetOptionDefs } from '../options/OptionEditor.js';
import { withRuleLinks } from './RulesPage.js';

// The four presets of the sources; a preset added later brings its players' pages with it.
const presets = PRESETS.filter((p) => PRESET_DEFS[p] && ['classic', 'club', 'tournament', 'forum'].includes(p));
const file = (p: string, lang: string): string => new URL(`../../../docs/players/${p}.${lang}.md`, import.meta.url).pathname;
const refs = (md: string): Set<string> => new Set([...md.matchAll(/\{(R\d+(?:\s*,\s*R\d+)*)\}/g)].flatMap((m) => m[1]!.split(',').map((x) => x.trim())));

describe.each(presets)('rules for players: %s', (preset) => {
  const ru = existsSync(file(preset, 'ru')) ? readFileSync(file(preset, 'ru'), 'utf8') : '';
  const en = existsSync(file(preset, 'en')) ? readFileSync(file(preset, 'en'), 'utf8') : '';

  it('exists in Russian and English with the same rule numbers', () => {
    expect(ru.length).toBeGreaterThan(500);
    expect(en.length).toBeGreaterThan(500);
    expect([...refs(ru)].sort()).toEqual([...refs(en)].sort());
    expect(ru).toMatch(/[а-яё]/i);
  });

  it('names the rule of every option the table may set', () => {
    for (const d of presetOptionDefs(preset)) expect(refs(ru), `${d.key} ${d.rule}`).toContain(/R\d+/.exec(d.rule)![0]);
  });

  it('reads as a page for players: no file paths, code or source tags', () => {
    for (const md of [ru, en]) expect(md).not.toMatch(/`|\.ts\b|\.md\b|\.txt\b|classic-sports-10|guide-classic|src\//);
    // The Russian page has no Latin words at all but the rule numbers and the "R" of them.
    expect(ru.replace(/\{R\d+(?:\s*,\s*R\d+)*\}/g, '').replace(/\(\/rules\/\w+\)/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  });
});

it('rule numbers become small links to the full reference', () => {
  expect(withRuleLinks('## Голосование {R7, R8}', 'classic')).toBe(
    '## Голосование <span class="rule-refs"><a class="rule-link" href="/rules/classic/full#R7" data-rule-anchor="R7">R7</a> <a class="rule-link" href="/rules/classic/full#R8" data-rule-anchor="R8">R8</a></span>',
  );
});
