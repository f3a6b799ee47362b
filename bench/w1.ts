// Workload W1 (see bench/README.md): classic games played by the W1 random policy through
// the full engine. Every command is validated and applied with its events, as in a real game.
import { apply, fmix32, mulberry32, startGame, type Command, type GameState, type RoleId } from '../src/engine/index.js';

export interface W1Game {
  winner: 0 | 1 | 2;
  actions: number;
  days: number;
  commands: number;
  state: GameState;
}

const ROLES: RoleId[] = ['don', 'mafia', 'mafia', 'sheriff', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];

export function w1Deal(seed: number, g: number): RoleId[] {
  const rand = mulberry32(fmix32((seed + 2 * g) >>> 0));
  const roles = ROLES.slice();
  for (let i = 9; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = roles[i]!;
    roles[i] = roles[j]!;
    roles[j] = t;
  }
  return roles;
}

/**
 * W1 item 6, one night: the shots and checks to send, in the order W1 draws them. Shared by the
 * in-process driver and the W2 load generator, so both play the same games. `close` says the
 * driver must end the night itself (a game won by the kill, or a shot sheriff who, under R13,
 * could still check but in W1 does not).
 */
export function w1Night(
  rand: () => number,
  blacks: readonly number[],
  reds: readonly number[],
  livingSeatOf: (role: 'don' | 'sheriff') => number | undefined,
): { commands: Command[]; actions: number; close: boolean } {
  const randInt = (n: number): number => Math.floor(rand() * n);
  const commands: Command[] = [];
  let killed = 0;
  if (rand() < 0.8) {
    const t = reds[randInt(reds.length)]!;
    for (const b of blacks) commands.push({ by: b, do: 'shoot', target: t });
    killed = t;
  } else {
    let first = -1;
    let same = true;
    for (const b of blacks) {
      const t = reds[randInt(reds.length)]!;
      if (first === -1) first = t;
      else if (t !== first) same = false;
      commands.push({ by: b, do: 'shoot', target: t });
    }
    killed = same ? first : 0;
  }
  let actions = blacks.length;
  const alive = [...blacks, ...reds].sort((a, b) => a - b);
  if (blacks.length >= reds.length - (killed ? 1 : 0)) return { commands, actions, close: true };
  let close = false;
  for (const role of ['don', 'sheriff'] as const) {
    const who = livingSeatOf(role);
    if (who === undefined) continue;
    if (who === killed) {
      close = true;
      continue;
    }
    const others = alive.filter((x) => x !== who && x !== killed);
    commands.push({ by: who, do: 'check', target: others[randInt(others.length)]! });
    actions++;
  }
  return { commands, actions, close };
}

export function playW1(seed: number, g: number, onCommand?: (cmd: Command) => void): W1Game {
  const rand = mulberry32(fmix32((seed + 2 * g + 1) >>> 0));
  const randInt = (n: number): number => Math.floor(rand() * n);
  const state = startGame({ preset: 'classic', deal: w1Deal(seed, g) });
  let actions = 0;
  let commands = 0;
  const send = (cmd: Command): void => {
    const r = apply(state, cmd);
    if (!r.ok) throw new Error(`W1 command rejected: ${JSON.stringify(cmd)} ${r.error.code}`);
    commands++;
    onCommand?.(cmd);
  };
  send({ by: 'clock', do: 'endNight' });
  while (!state.finished) {
    // Read afresh each step: evolve writes a changed seat list as a new one (copy on write).
    const seats = state.seats;
    const st = state.stage;
    if (st.kind === 'speech') {
      if (st.speech === 'day') {
        actions++;
        let living = 0;
        for (const x of seats) if (x.alive) living++;
        if (state.nominations.length < living && rand() < 0.3) {
          const c: number[] = [];
          for (const x of seats) if (x.alive && !state.nominations.some((n) => n.target === x.seat)) c.push(x.seat);
          send({ by: st.seat, do: 'nominate', target: c[randInt(c.length)]! });
          actions++;
        }
        send({ by: st.seat, do: 'endSpeech' });
      } else {
        // Last words and tie speeches are not W1 actions and draw nothing.
        send({ by: 'clock', do: 'endSpeech' });
      }
    } else if (st.kind === 'vote') {
      const ballot = state.ballot;
      if (st.round === 'allLeave') {
        for (const x of seats) {
          if (!x.alive) continue;
          actions++;
          send({ by: x.seat, do: 'vote', leave: rand() < 0.5 });
        }
      } else {
        let abstained = false;
        const b = ballot.slice();
        for (const x of seats) {
          if (!x.alive) continue;
          actions++;
          if (rand() < 0.1) {
            abstained = true;
            continue;
          }
          send({ by: x.seat, do: 'vote', target: b[randInt(b.length)]! });
        }
        // Abstentions count for the last candidate: the engine applies R8 when the round closes.
        if (abstained) send({ by: 'clock', do: 'closeVote' });
      }
    } else if (st.kind === 'night') {
      const blacks: number[] = [];
      const reds: number[] = [];
      for (const x of seats) if (x.alive) (x.team === 'black' ? blacks : reds).push(x.seat);
      const night = w1Night(rand, blacks, reds, (role) => seats.find((x) => x.role === role && x.alive)?.seat);
      for (const c of night.commands) send(c);
      actions += night.actions;
      if (night.close && state.stage.kind === 'night') send({ by: 'clock', do: 'endNight' });
    } else {
      throw new Error(`W1 driver stuck at ${st.kind}`);
    }
  }
  const winner = state.winner === 'red' ? 1 : state.winner === 'black' ? 2 : 0;
  return { winner, actions, days: state.number - 1, commands, state };
}

export function w1Checksum(seed: number, games: number): { checksum: string; redWins: number; actions: number; days: number } {
  let checksum = 0;
  let redWins = 0;
  let actions = 0;
  let days = 0;
  for (let g = 0; g < games; g++) {
    const r = playW1(seed, g);
    checksum = fmix32((checksum ^ (r.winner | (r.actions << 2) | (r.days << 22))) >>> 0);
    if (r.winner === 1) redWins++;
    actions += r.actions;
    days += r.days;
  }
  return { checksum: checksum.toString(16).padStart(8, '0'), redWins, actions, days };
}
