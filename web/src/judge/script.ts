// What the judge says, in order, per preset (classic-sports-10 "Нулевая ночь", guide-classic,
// club-8-15 "Первая ночь" / "Вторая и последующие ночи"), and the morning announcement (R14).
import { checksRole, checksTeam, ROLE_DEFS, type GameEvent, type GameState, type PresetId, type RoleId } from '../../../src/engine/index.js';
import type { Lang } from './lang.js';

export interface ScriptLine {
  ru: string;
  en: string;
  /** The step the console shows an input for beside this line. */
  step?: 'plan' | 'shots' | 'donCheck' | 'sheriffCheck' | 'block' | 'heal' | 'maniac' | 'lover';
  source: string;
}

const CLASSIC_INTRO: ScriptLine[] = [
  { ru: '«Наступает ночь». Игроки надевают маски.', en: '"Night falls." Players put their masks on.', source: 'classic-sports-10 «Нулевая ночь»' },
  {
    ru: '«Просыпается мафия» — договорка, одна минута; на 50-й секунде: «10 секунд».',
    en: '"The mafia wakes up" — one minute to agree; at 50 s: "10 seconds".',
    step: 'plan',
    source: 'guide-classic; R17',
  },
  { ru: '«Мафия засыпает».', en: '"The mafia goes to sleep."', source: 'classic-sports-10' },
  { ru: '«Просыпается Дон и знакомится с ведущим».', en: '"The don wakes up and meets the judge."', source: 'classic-sports-10' },
  { ru: '«Дон засыпает». «Просыпается шериф и знакомится с ведущим».', en: '"The don sleeps." "The sheriff wakes up and meets the judge."', source: 'classic-sports-10' },
  { ru: '«Шериф засыпает». «Утро. Все просыпаются». Слово имеет игрок №1.', en: '"The sheriff sleeps." "Morning. Everyone wakes up." Seat 1 has the floor.', source: 'classic-sports-10; R3' },
];

const CLASSIC_NIGHT: ScriptLine[] = [
  { ru: '«Наступает ночь». Все надевают маски.', en: '"Night falls." Masks on.', source: 'guide-classic' },
  {
    ru: '«Мафия выходит на охоту»: «Номер один… два… десять».',
    en: '"The mafia goes hunting": "Seat one… two… ten".',
    step: 'shots',
    source: 'classic-sports-10; R12',
  },
  { ru: '«Мафия удаляется». «Просыпается Дон и ищет шерифа».', en: '"The mafia leaves." "The don wakes up and looks for the sheriff."', step: 'donCheck', source: 'classic-sports-10; R13' },
  { ru: '«Дон засыпает». «Просыпается шериф и ищет чёрных».', en: '"The don sleeps." "The sheriff wakes up and looks for black players."', step: 'sheriffCheck', source: 'classic-sports-10; R13' },
  { ru: '«Шериф засыпает». «Утро».', en: '"The sheriff sleeps." "Morning."', source: 'R14' },
];

const CLUB_INTRO: ScriptLine[] = [
  { ru: '«Наступает ночь». Все закрывают глаза и наклоняют головы.', en: '"Night falls." Eyes closed, heads down.', source: 'club-8-15 «Первая ночь»' },
  {
    ru: '«Просыпается мафия». Чёрные знакомятся; Дон и Путана обозначают себя.',
    en: '"The mafia wakes up." Black players meet; the don and putana show themselves.',
    step: 'plan',
    source: 'club-8-15; R17',
  },
  { ru: '«Мафия засыпает». «Просыпается Доктор».', en: '"The mafia sleeps." "The doctor wakes up."', source: 'club-8-15' },
  { ru: '«Доктор засыпает». «Просыпается Шериф».', en: '"The doctor sleeps." "The sheriff wakes up."', source: 'club-8-15' },
  { ru: '«Шериф засыпает». «Просыпается Маньяк».', en: '"The sheriff sleeps." "The maniac wakes up."', source: 'club-8-15' },
  { ru: '«Маньяк засыпает». «Город просыпается».', en: '"The maniac sleeps." "The town wakes up."', source: 'club-8-15; R21' },
];

const CLUB_NIGHT: ScriptLine[] = [
  { ru: '«Наступает ночь».', en: '"Night falls."', source: 'club-8-15' },
  { ru: '«Просыпаются мафия и Дон» — выбор не дольше 20 секунд.', en: '"The mafia and the don wake up" — 20 seconds to choose.', step: 'shots', source: 'club-8-15; R22' },
  { ru: '«Просыпается Дон» — проверка на комиссара, ответ жестом.', en: '"The don wakes up" — checks for the sheriff; answer by gesture.', step: 'donCheck', source: 'club-8-15; R22' },
  { ru: '«Просыпается Путана» — кого морозит.', en: '"Putana wakes up" — whom she freezes.', step: 'block', source: 'club-8-15; R23' },
  { ru: '«Просыпается Доктор» — кого лечит.', en: '"The doctor wakes up" — whom he heals.', step: 'heal', source: 'club-8-15; R23' },
  { ru: '«Просыпается Шериф» — ищет чёрных.', en: '"The sheriff wakes up" — looks for black players.', step: 'sheriffCheck', source: 'club-8-15; R22' },
  { ru: '«Просыпается Маньяк» — убивает или воздерживается (не больше двух раз).', en: '"The maniac wakes up" — kills or holds (at most twice).', step: 'maniac', source: 'club-8-15; R22' },
  { ru: '«Город просыпается».', en: '"The town wakes up."', source: 'club-8-15' },
];

const TOURNAMENT_NIGHT: ScriptLine[] = [
  { ru: '«Наступает ночь».', en: '"Night falls."', source: 'tournament-regulation' },
  { ru: '«Мафия выходит на охоту».', en: '"The mafia goes hunting."', step: 'shots', source: 'R12' },
  { ru: '«Просыпается Дон».', en: '"The don wakes up."', step: 'donCheck', source: 'R13' },
  { ru: '«Просыпается Любовница».', en: '"The lover wakes up."', step: 'lover', source: 'R32' },
  { ru: '«Просыпается Доктор».', en: '"The doctor wakes up."', step: 'heal', source: 'R33' },
  { ru: '«Просыпается Шериф».', en: '"The sheriff wakes up."', step: 'sheriffCheck', source: 'R13' },
  { ru: '«Утро».', en: '"Morning."', source: 'R14' },
];

export function nightScript(preset: PresetId, intro: boolean): ScriptLine[] {
  if (preset === 'club') return intro ? CLUB_INTRO : CLUB_NIGHT;
  if (preset === 'tournament') return intro ? CLASSIC_INTRO : TOURNAMENT_NIGHT;
  return intro ? CLASSIC_INTRO : CLASSIC_NIGHT;
}

/** The verbs each night step collects, in wake order (the console's night form follows it). */
// Which slots a step collects is asked of the role's abilities, never its name: the don's check
// looks for a role, the sheriff's for a team; the maniac's kill is the one a heal names «maniac».
// Slots no step collects (a bodyguard's guard, an armed sheriff's shot) follow the script.
export const STEP_VERBS: Record<NonNullable<ScriptLine['step']>, { verb: string; who?: (role: RoleId) => boolean }> = {
  plan: { verb: 'plan' },
  shots: { verb: 'shoot' },
  donCheck: { verb: 'check', who: checksRole },
  sheriffCheck: { verb: 'check', who: checksTeam },
  block: { verb: 'block' },
  heal: { verb: 'heal' },
  maniac: { verb: 'kill', who: (r) => ROLE_DEFS[r].abilities.some((a) => a.effect?.kind === 'kill' && a.effect.saved === 'maniac') },
  lover: { verb: 'save' },
};

/** The morning announcement (R14): what the judge reads out after the night just resolved. */
export function morningAnnouncement(s: GameState, lang: Lang): string[] {
  // The last night's public events, from its start to the day that followed.
  let start = -1;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'nightStarted' && !e.intro) {
      start = i;
      break;
    }
  }
  if (start < 0) return [];
  const lines: string[] = [];
  const ev: GameEvent[] = s.log.slice(start + 1).filter((e) => e.vis === 'public');
  let any = false;
  for (const e of ev) {
    if (e.t === 'dayStarted') break;
    if (e.t === 'eliminated' && e.cause === 'kill') {
      any = true;
      lines.push(lang === 'ru' ? `Этой ночью убит игрок №${e.seat}. Ему предоставляется последняя минута.` : `Tonight seat ${e.seat} was killed. Seat ${e.seat} has a last minute.`);
    } else if (e.t === 'eliminated') {
      any = true;
      lines.push(lang === 'ru' ? `Игрок №${e.seat} покидает игру.` : `Seat ${e.seat} leaves the game.`);
    } else if (e.t === 'nightMiss') {
      any = true;
      lines.push(lang === 'ru' ? 'Этой ночью мафия промахнулась: никто не убит.' : 'Tonight the mafia missed: no one was killed.');
    } else if (e.t === 'gameOver') {
      lines.push(lang === 'ru' ? 'Игра окончена.' : 'The game is over.');
    }
  }
  if (!any) lines.push(lang === 'ru' ? 'Этой ночью никто не покинул игру.' : 'No one left the game tonight.');
  return lines;
}
