// @vitest-environment jsdom
// The option editor shows every option a preset accepts by its name (never its key), with its
// rule text and rule link, and a control that fits: the role list is roles with counts.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { OPTION_DEFS, PRESET_DEFS, PRESETS, presetOptions, validateSetup, type PresetId } from '../../../src/engine/index.js';
import '../lib/i18n.js';
import { changedOptions, OptionEditor, presetOptionDefs, setupProblem, type OptionValues } from './OptionEditor.js';

afterEach(cleanup);

function Harness({ preset, size, onValues }: { preset: PresetId; size: number; onValues: (v: OptionValues) => void }) {
  const [values, setValues] = useState<OptionValues>({});
  return (
    <OptionEditor
      preset={preset}
      size={size}
      values={values}
      onChange={(k, v) => {
        const next = { ...values, [k]: v };
        setValues(next);
        onValues(next);
      }}
    />
  );
}

const presets = PRESETS.filter((p) => PRESET_DEFS[p]);

describe('option editor', () => {
  it.each(presets)('%s: every option by its Russian name, rule text and rule link; no raw key', (preset) => {
    render(<Harness preset={preset} size={PRESET_DEFS[preset]!.defaultSize} onValues={() => undefined} />);
    const editor = screen.getByTestId('option-editor');
    const defs = presetOptionDefs(preset);
    expect(defs.length).toBe(Object.keys(presetOptions(preset)).length);
    for (const d of defs) {
      const row = editor.querySelector(`[data-option="${d.key}"]`) as HTMLElement;
      expect(row, d.key).toBeTruthy();
      expect(within(row).getByText(d.name.ru)).toBeTruthy();
      expect(row.textContent).toContain(d.doc.ru);
      expect(row.querySelector('.rule-link')?.getAttribute('href')).toMatch(new RegExp(`^/rules/${preset}(#R\\d+)?$`));
      // the key itself is never shown (a key equal to no Russian word)
      expect(row.textContent).not.toContain(d.key);
      if (d.values) for (const v of d.values) expect(row.textContent).toContain(d.valueNames?.[v]?.ru ?? '∅');
    }
  });

  it('every option with a role list has a preset that says which roles it takes', () => {
    for (const d of OPTION_DEFS.filter((x) => x.control === 'roleCounts'))
      for (const p of Object.keys(d.defaults) as PresetId[]) if (PRESET_DEFS[p]) expect(PRESET_DEFS[p]!.roleOption, p).toBeDefined();
  });

  it('club: the role list as roles with counts; + and − make a list the engine accepts', () => {
    let values: OptionValues = {};
    render(<Harness preset="club" size={10} onValues={(v) => (values = v)} />);
    expect(screen.getByTestId('role-count-mafia').textContent).toBe('1');
    const more = screen.getByRole('button', { name: 'Больше: Мафия' });
    fireEvent.click(more);
    expect(values['roles']).toEqual(['don', 'mafia', 'mafia', 'putana', 'sheriff', 'doctor', 'maniac']);
    expect(screen.getByTestId('role-sum').textContent).toContain('Мирных жителей: 3');
    expect(validateSetup({ preset: 'club', size: 10, options: changedOptions('club', values) }).ok).toBe(true);
    // back to the default deal by size: nothing to send
    fireEvent.click(screen.getByTestId('roles-default'));
    expect(values['roles']).toEqual([]);
    expect(changedOptions('club', values)).toEqual({});
  });

  it('forum: optional roles at most once each', () => {
    render(<Harness preset="forum" size={12} onValues={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Больше: Комиссар' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('role-count-mafia')).toBeNull();
  });

  it('a setup the engine refuses is explained by the option name, not a key', () => {
    const text = setupProblem('club', 8, { roles: ['don', 'mafia', 'mafia', 'mafia', 'mafia', 'putana'] }, 'ru');
    expect(text).toContain('Роли за столом');
    expect(text).not.toMatch(/options\.|more black/);
    expect(setupProblem('club', 10, {}, 'ru')).toBeNull();
  });

  it('changedOptions compares lists by content (an empty role list is the default)', () => {
    expect(changedOptions('club', { roles: [] })).toEqual({});
    expect(changedOptions('classic', { speechSeconds: 60, selfVote: false })).toEqual({ selfVote: false });
  });
});
