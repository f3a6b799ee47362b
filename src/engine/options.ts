// Table options: every option is typed, documented, defaulted per preset and names the rule
// it comes from. A preset that does not list an option does not accept it.
import { err, ok, reject, type Rejection, type Result } from './rejection.js';
import type { PresetId } from './vocab.js';

export interface Options {
  firstDayVote: boolean;
  selfVote: boolean;
  provocation: 'removal' | 'foul' | 'none';
  cancelVoteOnCriticalRemoval: boolean;
  revealRoles: 'never' | 'onExit';
  speechSeconds: number;
  tieSpeechSeconds: number;
  lastWordSeconds: number;
  sayMaxLength: number;
}

type Value = boolean | number | string;
export interface OptionDef {
  key: keyof Options;
  rule: string;
  doc: { ru: string; en: string };
  /** Allowed values for enums, or [min, max] for numbers. */
  values?: readonly string[];
  range?: readonly [number, number];
  defaults: Partial<Record<PresetId, Value>>;
}

export const OPTION_DEFS: readonly OptionDef[] = [
  {
    key: 'firstDayVote',
    rule: 'R7',
    doc: {
      ru: 'Голосование в первый день (если выставлено двое и больше).',
      en: 'Day 1 holds a vote (when two or more are nominated).',
    },
    defaults: { classic: true },
  },
  {
    key: 'selfVote',
    rule: 'R8',
    doc: { ru: 'Можно голосовать за себя.', en: 'A player may vote for themselves.' },
    defaults: { classic: true },
  },
  {
    key: 'provocation',
    rule: 'R8',
    values: ['removal', 'foul', 'none'],
    doc: {
      ru: 'Отдёрнутая рука: удаление (голос не считается), фол (голос считается) или ничего.',
      en: 'A withdrawn hand: removal (vote void), a foul (vote counted) or nothing.',
    },
    defaults: { classic: 'removal' },
  },
  {
    key: 'cancelVoteOnCriticalRemoval',
    rule: 'R11',
    doc: {
      ru: 'Удаление днём в критической ситуации отменяет голосование: сразу наступает ночь.',
      en: 'A removal during the day in a critical situation ends the day at once, no vote.',
    },
    defaults: { classic: true },
  },
  {
    key: 'revealRoles',
    rule: 'R16',
    values: ['never', 'onExit'],
    doc: { ru: 'Вскрывать роль выбывшего игрока.', en: 'Reveal the role of a player who leaves.' },
    defaults: { classic: 'never' },
  },
  {
    key: 'speechSeconds',
    rule: 'R2',
    range: [10, 600],
    doc: { ru: 'Длительность речи, секунд (таймер ведущего).', en: 'Speech length in seconds (host timer).' },
    defaults: { classic: 60 },
  },
  {
    key: 'tieSpeechSeconds',
    rule: 'R9',
    range: [10, 600],
    doc: { ru: 'Речь в перестрелке, секунд.', en: 'Tie speech length in seconds.' },
    defaults: { classic: 30 },
  },
  {
    key: 'lastWordSeconds',
    rule: 'R10',
    range: [10, 600],
    doc: { ru: 'Последнее слово, секунд.', en: 'Last word length in seconds.' },
    defaults: { classic: 60 },
  },
  {
    key: 'sayMaxLength',
    rule: 'R4',
    range: [1, 4000],
    doc: {
      ru: 'Наибольшая длина одного сообщения в речи (символов).',
      en: 'Longest single speech message (characters).',
    },
    defaults: { classic: 1000 },
  },
];

const OWN = Object.prototype.hasOwnProperty;

/** Presets beyond classic inherit classic's defaults unless they override them. */
export function defaultOptions(preset: PresetId): Options {
  const out: Record<string, Value> = {};
  for (const def of OPTION_DEFS) {
    const v = def.defaults[preset] ?? def.defaults.classic;
    if (v !== undefined) out[def.key] = v;
  }
  return out as unknown as Options;
}

export function resolveOptions(preset: PresetId, given: unknown): Result<Options, Rejection> {
  const opts = defaultOptions(preset);
  if (given === undefined || given === null) return ok(opts);
  if (typeof given !== 'object' || Array.isArray(given)) return err(reject('malformed', undefined, 'options'));
  const target = opts as unknown as Record<string, Value>;
  for (const key of Object.keys(given)) {
    const def = OPTION_DEFS.find((d) => d.key === key);
    if (!def || !OWN.call(target, key)) return err(reject('unknownField', undefined, `options.${key}`));
    const value = (given as Record<string, unknown>)[key];
    const current = target[key];
    if (typeof value !== typeof current) return err(reject('malformed', def.rule, `options.${key}`));
    if (def.values && !def.values.includes(value as string)) return err(reject('malformed', def.rule, `options.${key}`));
    if (def.range && (typeof value !== 'number' || !Number.isInteger(value) || value < def.range[0] || value > def.range[1]))
      return err(reject('malformed', def.rule, `options.${key}`));
    target[key] = value as Value;
  }
  return ok(opts);
}
