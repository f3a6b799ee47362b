// The night form: who acts tonight (from the engine's legal commands, so presets add roles without
// touching the console), the "all at N" shortcut, and the answer to give a checker by gesture.
import { checkAnswerOf, legalCommands, ROLE_DEFS, type Command, type GameState, type RoleId } from '../../../src/engine/index.js';
import type { Lang } from './lang.js';

export interface NightSlot {
  seat: number;
  role: RoleId;
  verb: string;
  /** Allowed targets; null in the list means "no target" (a miss, a skip). */
  targets: (number | null)[];
  /** Already entered tonight (the engine keeps the action until the night resolves). */
  done: { target: number | null } | null;
}

const WAKE_ORDER = ['shoot', 'check:don', 'block', 'heal', 'save', 'check', 'kill', 'skip', 'protect', 'explode', 'seduce'];

function orderKey(role: RoleId, verb: string): number {
  // A check that asks for a role (the don's «sheriff?») wakes before the one that asks for a team.
  const e = ROLE_DEFS[role].abilities.find((a) => a.verb === verb)?.effect;
  const k = e?.kind === 'inspect' && e.role !== undefined ? 'check:don' : verb;
  const i = WAKE_ORDER.indexOf(k);
  return i < 0 ? WAKE_ORDER.length : i;
}

/** Night actions owed or possible tonight, in wake order; entered ones included (done). */
export function nightSlots(s: GameState): NightSlot[] {
  if (s.stage.kind !== 'night' || s.stage.intro) return [];
  const slots = new Map<string, NightSlot>();
  for (const x of s.seats) {
    if (!x.alive) continue;
    for (const c of legalCommands(s, x.seat)) {
      if (c.do === 'skip') {
        // The maniac's skip shares a slot with kill: show it as the kill slot's "no target".
        const key = `${x.seat}:kill`;
        const slot = slots.get(key) ?? { seat: x.seat, role: x.role, verb: 'kill', targets: [], done: null };
        slot.targets.push(null);
        slots.set(key, slot);
        continue;
      }
      const key = `${x.seat}:${c.do}`;
      const slot = slots.get(key) ?? { seat: x.seat, role: x.role, verb: c.do, targets: [], done: null };
      slot.targets.push(c.target ?? null);
      slots.set(key, slot);
    }
    for (const a of s.actions) {
      if (a.seat !== x.seat) continue;
      const verb = a.verb === 'skip' ? 'kill' : a.verb;
      const key = `${x.seat}:${verb}`;
      const slot = slots.get(key) ?? { seat: x.seat, role: x.role, verb, targets: [], done: null };
      slot.done = { target: a.verb === 'skip' ? null : a.target };
      slots.set(key, slot);
    }
  }
  return [...slots.values()].sort((a, b) => orderKey(a.role, a.verb) - orderKey(b.role, b.verb) || a.seat - b.seat);
}

/** The command for one slot (skip for a maniac's "no target"). */
export function slotCommand(slot: NightSlot, target: number | null): Command {
  if (slot.verb === 'kill' && target === null) return { by: slot.seat, do: 'skip' };
  return { by: slot.seat, do: slot.verb as Command['do'], target };
}

/** "All at N": every shooter who has not shot yet shoots N. */
export function allAt(s: GameState, target: number | null): Command[] {
  return nightSlots(s)
    .filter((x) => x.verb === 'shoot' && !x.done && x.targets.includes(target))
    .map((x) => ({ by: x.seat, do: 'shoot', target }));
}

export interface CheckAnswer {
  yes: boolean;
  text: string;
  gesture: string;
}

/** The answer the judge shows a checker right away (the engine delivers it when the night resolves, R18). */
export function checkAnswer(s: GameState, checker: number, target: number, lang: Lang): CheckAnswer | null {
  const who = s.seats[checker - 1];
  const t = s.seats[target - 1];
  if (!who || !t) return null;
  const ru = lang === 'ru';
  // The engine's own answer (R13), so the console and the engine never disagree.
  const result = checkAnswerOf(s, checker, target);
  if (result === null) return null;
  if (result === 'sheriff' || result === 'notSheriff') {
    const yes = result === 'sheriff';
    return {
      yes,
      text: ru ? (yes ? `№${target} — шериф` : `№${target} — не шериф`) : yes ? `Seat ${target} is the sheriff` : `Seat ${target} is not the sheriff`,
      gesture: ru ? (yes ? 'Кивнуть: «да»' : 'Покачать головой: «нет»') : yes ? 'Nod: "yes"' : 'Shake your head: "no"',
    };
  }
  const yes = result === 'black';
  return {
    yes,
    text: ru ? (yes ? `№${target} — чёрный` : `№${target} — красный`) : yes ? `Seat ${target} is black` : `Seat ${target} is red`,
    gesture: ru ? (yes ? 'Кивнуть: «да, чёрный»' : 'Покачать головой: «нет»') : yes ? 'Nod: "yes, black"' : 'Shake your head: "no"',
  };
}

/** Don's seat, for the night-1 kill plan (R17). */
export function donSeat(s: GameState): number | null {
  const d = s.seats.find((x) => x.alive && ROLE_DEFS[x.role].abilities.some((a) => a.verb === 'plan' && a.when === 'intro'));
  return d ? d.seat : null;
}
