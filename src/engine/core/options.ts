// Table options: every option is typed, documented, defaulted per preset and names the rule
// it comes from. A preset accepts the options it lists a default for, and the rule variants
// that name it in `accepts` (absent, the variant's `base`: the rule of the preset's own source).
import { DAY_OPTION_DEFS } from './option-defs-day.js';
import { TABLE_OPTION_DEFS } from './option-defs.js';
import { err, ok, reject, type Rejection, type Result } from './rejection.js';
import type { PresetId } from './vocab.js';

export interface Options {
  firstDayVote: boolean;
  selfVote: boolean;
  provocation: 'removal' | 'foul' | 'none';
  cancelVoteOnCriticalRemoval: boolean;
  revealRoles: 'never' | 'onExit';
  /**
   * R18: the night ends as soon as every living seat owing a night action has acted
   * ('allActed'), or only when the judge or the clock closes it ('close').
   */
  nightEnds: 'allActed' | 'close';
  speechSeconds: number;
  tieSpeechSeconds: number;
  lastWordSeconds: number;
  sayMaxLength: number;
  // club and tournament (docs/rules/club.md, docs/rules/tournament.md); absent in other presets.
  /** club R20: the table's own role list (the rest civilians); empty: the default deal by size. */
  roles?: string[];
  /** R23/R33: how many times a game the doctor may heal himself. */
  doctorSelfHeals?: number;
  /** R33: how many times a game the doctor may heal the same player (0: no limit). */
  doctorPerTarget?: number;
  /** R23/R33: may the doctor heal the same player two nights running. */
  doctorConsecutive?: boolean;
  /** club R22: the maniac's skips a game. */
  maniacSkips?: number;
  /** club option (docs/rules/club.md): the sheriff's shots a game, each instead of that night's check (0: unarmed). */
  sheriffShots?: number;
  /** club R25: with four at the table a tie is not revoted, all stay. */
  fourPlayerTieStays?: boolean;
  /** club R26: quiet nights in a row at four players that give red the win (0: off). */
  quietNightsWin?: number;
  /** tournament R30: 12 seats, or 10 (two civilians fewer). */
  seats?: number;
  /** tournament R32: how many times a game the lover may save the same player (0: no limit). */
  loverPerTarget?: number;
  /** tournament R32: may the lover save the same player two nights running. */
  loverConsecutive?: boolean;
  /** tournament R34 extra (FIIM): the first player killed at night names a best move. */
  pointsBestMove?: boolean;
  /** tournament R34 extra (FIIM): −0.5 for leaving by 4 fouls or removal. */
  pointsExitPenalty?: boolean;
  /** tournament R34 extra (FIIM): the judge's extra points. */
  pointsExtra?: boolean;
  // forum (docs/rules/forum.md); absent in other presets.
  /** forum R53: the maniac plays for red or for himself. */
  maniacTeam?: 'red' | 'neutral';
  /** forum R41, R53: the hidden bonus, drawn with the deal. */
  bonus?: boolean;
  /** forum R52: how long a day lasts (the server's timer). */
  daySeconds?: number;
  /** forum R44: the lawyer's deadline after the day opens. */
  lawyerSeconds?: number;
  /** forum R42: seats whose one auto-vote of the season is already spent (a second miss removes them). */
  autokillSpent?: number[];
  // The day flow's rule variants (option-defs-day.ts, docs/rules/variants.md): accepted by every
  // preset with speeches; absent, the preset's own rule. Read them through dayOptions().
  rotation?: 'opener' | 'closer';
  withdrawNomination?: 'explicit' | 'auto' | 'never';
  /** Replaces `firstDayVote` (records keep carrying it): `none` is `firstDayVote: false`. */
  dayOneVote?: 'standard' | 'none' | 'respeech' | 'liftOnly' | 'selfBreak';
  /** Replaces `cancelVoteOnCriticalRemoval`: `critical` is R11 (true), `never` is false. */
  removalCancelsVote?: 'never' | 'critical' | 'any';
  thirdFoul?: 'loseSpeech' | 'shortSpeech' | 'none';
  silencedMayNominate?: boolean;
  silencedShortAt?: number;
  shortSpeechSeconds?: number;
  revoteOrder?: 'same' | 'reverse';
  tieOfAll?: 'allLeave' | 'night' | 'draw';
  allLeaveTwoOfFour?: boolean;
  allLeaveThreeOfNine?: 'yes' | 'no' | 'afterDay2';
  firstKilledGuess?: boolean;
  finalSpeech?: boolean;
  technicalFouls?: boolean;
  onRecord?: 'none' | 'nightKilled' | 'killed' | 'exceptTie' | 'all';
  onRecordMax?: number;
  quietRoundsDraw?: number;
  /** fiim 8.3, 8.7 against R18: a shot at a seat already out is refused, or taken as a miss. */
  shotAtOut?: 'rejected' | 'miss';
}

/** The day-flow variants with every value filled in (the preset's rule where a setup gave none). */
export type DayOptions = Required<Pick<Options, (typeof DAY_KEYS)[number]>>;
const DAY_KEYS = [
  'rotation',
  'withdrawNomination',
  'dayOneVote',
  'removalCancelsVote',
  'thirdFoul',
  'silencedMayNominate',
  'silencedShortAt',
  'shortSpeechSeconds',
  'revoteOrder',
  'tieOfAll',
  'allLeaveTwoOfFour',
  'allLeaveThreeOfNine',
  'firstKilledGuess',
  'finalSpeech',
  'technicalFouls',
  'onRecord',
  'onRecordMax',
  'quietRoundsDraw',
  'shotAtOut',
] as const;

export type Value = boolean | number | string | readonly string[] | readonly number[];
export interface OptionDef {
  key: keyof Options;
  rule: string;
  /** The option's short name as a form shows it. */
  name: { ru: string; en: string };
  /** The rule text: what the option does. */
  doc: { ru: string; en: string };
  /** How each enum value reads in a form (every value of `values`). */
  valueNames?: Readonly<Record<string, { ru: string; en: string }>>;
  /** A control other than the one the value's type implies: the role list as roles with counts. */
  control?: 'roleCounts';
  /** Allowed values for enums, or [min, max] for numbers. */
  values?: readonly string[];
  range?: readonly [number, number];
  /** Extra check for values the fields above cannot describe (lists). */
  check?: (v: unknown) => boolean;
  defaults: Partial<Record<PresetId, Value>>;
  /** A rule variant: presets that accept it without listing a default, and its value there. */
  accepts?: readonly PresetId[];
  base?: Value;
  /** The older option this one replaces, which records still carry: its values mapped both ways. */
  replaces?: { key: keyof Options; from: (old: Value) => Value; to: (v: Value) => Value };
  /** A form shows this option's replacement instead of it. */
  replacedBy?: keyof Options;
}

export const OPTION_DEFS: readonly OptionDef[] = [...TABLE_OPTION_DEFS, ...DAY_OPTION_DEFS];
const BY_KEY = new Map<string, OptionDef>(OPTION_DEFS.map((d) => [d.key, d]));

const OWN = Object.prototype.hasOwnProperty;

/** Presets beyond classic inherit classic's defaults unless they override them. */
export function defaultOptions(preset: PresetId): Options {
  let d = DEFAULTS.get(preset);
  if (!d) {
    const template: Record<string, Value> = {};
    const lists: string[] = [];
    for (const def of OPTION_DEFS) {
      const v = def.defaults[preset] ?? def.defaults.classic;
      if (v === undefined) continue;
      template[def.key] = v;
      if (Array.isArray(v)) lists.push(def.key);
    }
    d = { template, lists };
    DEFAULTS.set(preset, d);
  }
  // Every game starts from these: found once per preset, then copied whole by a spread (one fast
  // copy, where a store per key cost each new game more, W1 speed); only the lists are copied apart.
  const out: Record<string, Value> = { ...d.template };
  for (const k of d.lists) out[k] = (out[k] as readonly unknown[]).slice() as Value;
  return out as unknown as Options;
}

/** A preset's defaults, in the order of OPTION_DEFS, and which of them are lists. */
const DEFAULTS = new Map<PresetId, { template: Readonly<Record<string, Value>>; lists: readonly string[] }>();

/** The value a variant has where the options do not set it: from the option it replaces, or its base. */
function baseOf(def: OptionDef, o: Record<string, unknown>): Value | undefined {
  const old = def.replaces ? o[def.replaces.key] : undefined;
  return old !== undefined ? def.replaces!.from(old as Value) : def.base;
}

/**
 * Every option a preset takes with the value a new table starts with: its defaults and the
 * variants it accepts, without the options replaced by others. What a create form shows.
 */
export function presetOptions(preset: PresetId): Record<string, Value> {
  const defaults = defaultOptions(preset) as unknown as Record<string, Value>;
  const out = { ...defaults };
  for (const def of OPTION_DEFS) {
    if (def.replacedBy !== undefined && OPTION_DEFS.some((d) => d.key === def.replacedBy && accepts(d, preset))) delete out[def.key];
    else if (!OWN.call(out, def.key) && def.accepts?.includes(preset)) out[def.key] = baseOf(def, defaults)!;
  }
  return out;
}

function accepts(def: OptionDef, preset: PresetId): boolean {
  return def.defaults[preset] !== undefined || def.defaults.classic !== undefined || def.accepts?.includes(preset) === true;
}

/** The last game's answer: a game asks many times in a row. */
let lastOptions: Options | undefined;
let lastDay: DayOptions | undefined;

/**
 * The day-flow variants of a game, each resolved: the flow asks often. Remembered for the last
 * options object asked, and by value for the sets of options seen lately (a WeakMap by object
 * cost each new game more than resolving them).
 */
export function dayOptions(o: Options): DayOptions {
  if (o === lastOptions) return lastDay!;
  const d = knownDay(o as unknown as Record<string, unknown>);
  lastOptions = o;
  lastDay = d;
  return d;
}

const DEFAULT_DAY = new Map<PresetId, DayOptions>();

/**
 * A preset's defaults answer dayOptions alike in every game: found once per preset and told at once
 * for a new game's options, so that its first question compares no values (W1 speed, issue 18).
 */
function tellDefaults(preset: PresetId, o: Options): void {
  let d = DEFAULT_DAY.get(preset);
  if (!d) {
    d = knownDay(o as unknown as Record<string, unknown>);
    DEFAULT_DAY.set(preset, d);
  }
  lastOptions = o;
  lastDay = d;
}

/** Everything dayOptions reads of a game's options: the day keys and the older options they replace. */
const DAY_INPUTS: readonly string[] = [
  ...DAY_KEYS,
  ...DAY_KEYS.flatMap((k) => {
    const r = BY_KEY.get(k)?.replaces;
    return r ? [r.key] : [];
  }),
];

/**
 * Answers resolved lately, by the inputs they came from: a new game (a new options object) nearly
 * always plays a set of options seen before, and comparing a score of values costs far less than
 * resolving them again (W1 speed, issue 18). The answers are frozen: games share them.
 */
const RECENT: { inputs: unknown[]; day: DayOptions }[] = [];
const RECENT_MAX = 16;

function knownDay(raw: Record<string, unknown>): DayOptions {
  for (const r of RECENT) {
    let same = true;
    for (let i = 0; i < DAY_INPUTS.length && same; i++) same = raw[DAY_INPUTS[i]!] === r.inputs[i];
    if (same) return r.day;
  }
  const day = resolveDay(raw);
  if (RECENT.length >= RECENT_MAX) RECENT.pop();
  RECENT.unshift({ inputs: DAY_INPUTS.map((k) => raw[k]), day });
  return day;
}

/** Written out key by key, so that every answer is one fast object of the same shape. */
function resolveDay(raw: Record<string, unknown>): DayOptions {
  const v = <K extends keyof DayOptions>(key: K): DayOptions[K] => (raw[key] ?? baseOf(BY_KEY.get(key)!, raw)) as DayOptions[K];
  return Object.freeze({
    rotation: v('rotation'),
    withdrawNomination: v('withdrawNomination'),
    dayOneVote: v('dayOneVote'),
    removalCancelsVote: v('removalCancelsVote'),
    thirdFoul: v('thirdFoul'),
    silencedMayNominate: v('silencedMayNominate'),
    silencedShortAt: v('silencedShortAt'),
    shortSpeechSeconds: v('shortSpeechSeconds'),
    revoteOrder: v('revoteOrder'),
    tieOfAll: v('tieOfAll'),
    allLeaveTwoOfFour: v('allLeaveTwoOfFour'),
    allLeaveThreeOfNine: v('allLeaveThreeOfNine'),
    firstKilledGuess: v('firstKilledGuess'),
    finalSpeech: v('finalSpeech'),
    technicalFouls: v('technicalFouls'),
    onRecord: v('onRecord'),
    onRecordMax: v('onRecordMax'),
    quietRoundsDraw: v('quietRoundsDraw'),
    shotAtOut: v('shotAtOut'),
  });
}

export function resolveOptions(preset: PresetId, given: unknown): Result<Options, Rejection> {
  const opts = defaultOptions(preset);
  if (given === undefined || given === null) {
    tellDefaults(preset, opts);
    return ok(opts);
  }
  if (typeof given !== 'object' || Array.isArray(given)) return err(reject('malformed', undefined, 'options'));
  const target = opts as unknown as Record<string, Value>;
  const keys = Object.keys(given);
  for (const key of keys) {
    const def = BY_KEY.get(key);
    const variant = def?.accepts?.includes(preset) === true;
    if (!def || (!OWN.call(target, key) && !variant)) return err(reject('unknownField', undefined, `options.${key}`));
    const value = (given as Record<string, unknown>)[key];
    const current = OWN.call(target, key) ? target[key] : baseOf(def, target);
    if (typeof value !== typeof current) return err(reject('malformed', def.rule, `options.${key}`));
    if (def.values && !def.values.includes(value as string)) return err(reject('malformed', def.rule, `options.${key}`));
    if (def.range && (typeof value !== 'number' || !Number.isInteger(value) || value < def.range[0] || value > def.range[1]))
      return err(reject('malformed', def.rule, `options.${key}`));
    if (def.check && !def.check(value)) return err(reject('malformed', def.rule, `options.${key}`));
    target[key] = (Array.isArray(value) ? value.slice() : value) as Value;
  }
  // A variant and the older option it replaces say the same thing: the one given sets the other.
  for (const def of DAY_OPTION_DEFS) {
    const r = def.replaces;
    if (!r) continue;
    if (keys.includes(def.key) && OWN.call(target, r.key)) target[r.key] = r.to(target[def.key]!);
    else if (keys.includes(r.key) && OWN.call(target, def.key)) target[def.key] = r.from(target[r.key]!);
  }
  return ok(opts);
}
