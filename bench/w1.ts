// Workload W1 (see bench/README.md): classic games played by the W1 random policy through
// the full engine. Every command is validated and applied with its events, as in a real game.
import { applyCommand, fmix32, mulberry32, startGame, type Command, type GameState, type RoleId } from '../src/engine/index.js';

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
 * could still check but in W1 does not). `blacks` and `reds` are in ascending seat order.
 */
export function w1Night(
  rand: () => number,
  blacks: readonly number[],
  reds: readonly number[],
  livingSeatOf: (role: 'don' | 'sheriff') => number | undefined,
): { commands: Command[]; actions: number; close: boolean } {
  const commands: Command[] = [];
  let killed = 0;
  if (rand() < 0.8) {
    const t = reds[Math.floor(rand() * reds.length)]!;
    for (const b of blacks) commands.push({ by: b, do: 'shoot', target: t });
    killed = t;
  } else {
    let first = -1;
    let same = true;
    for (const b of blacks) {
      const t = reds[Math.floor(rand() * reds.length)]!;
      if (first === -1) first = t;
      else if (t !== first) same = false;
      commands.push({ by: b, do: 'shoot', target: t });
    }
    killed = same ? first : 0;
  }
  let actions = blacks.length;
  if (blacks.length >= reds.length - (killed ? 1 : 0)) return { commands, actions, close: true };
  let close = false;
  for (let r = 0; r < 2; r++) {
    const who = livingSeatOf(r === 0 ? 'don' : 'sheriff');
    if (who === undefined) continue;
    if (who === killed) {
      close = true;
      continue;
    }
    // O = the living except the checker and tonight's victim, in seat order (blacks and reds merged).
    const size = blacks.length + reds.length - 1 - (killed ? 1 : 0);
    commands.push({ by: who, do: 'check', target: nthOther(blacks, reds, who, killed, Math.floor(rand() * size)) });
    actions++;
  }
  return { commands, actions, close };
}

/** The k-th (0-based) seat of blacks ∪ reds in ascending order, skipping `a` and `b`. */
function nthOther(blacks: readonly number[], reds: readonly number[], a: number, b: number, k: number): number {
  let i = 0;
  let j = 0;
  for (;;) {
    const x = j >= reds.length || (i < blacks.length && blacks[i]! < reds[j]!) ? blacks[i++]! : reds[j++]!;
    if (x === a || x === b) continue;
    if (k-- === 0) return x;
  }
}

/** Seats by index (0..9) as bits: the driver's sets, so that reading the state allocates nothing. */
const bit = (seat: number): number => 1 << (seat - 1);

export function playW1(seed: number, g: number, onCommand?: (cmd: Command) => void): W1Game {
  const rand = mulberry32(fmix32((seed + 2 * g + 1) >>> 0));
  const state = startGame({ preset: 'classic', deal: w1Deal(seed, g) });
  let actions = 0;
  let commands = 0;
  const send = (cmd: Command): void => {
    const bad = applyCommand(state, cmd);
    if (bad !== null) throw new Error(`W1 command rejected: ${JSON.stringify(cmd)} ${bad.code}`);
    commands++;
    onCommand?.(cmd);
  };
  const livingSeatOf = (role: 'don' | 'sheriff'): number | undefined => {
    for (const x of state.seats) if (x.role === role && x.alive === true) return x.seat;
    return undefined;
  };
  // The living during a day's speeches: in W1 nobody leaves before the vote, so they are read once a day.
  let aliveDay = -1;
  let living = 0;
  let alive = 0;
  send({ by: 'clock', do: 'endNight' });
  while (state.finished !== true) {
    const st = state.stage;
    if (st.kind === 'speech') {
      if (st.speech === 'day') {
        actions++;
        if (aliveDay !== state.number) {
          aliveDay = state.number;
          living = 0;
          alive = 0;
          for (const x of state.seats)
            if (x.alive === true) {
              living++;
              alive |= bit(x.seat);
            }
        }
        const nominations = state.nominations;
        if (nominations.length < living && rand() < 0.3) {
          // C = living players not yet nominated, in seat order: the draw picks the k-th of them.
          let free = alive;
          for (const n of nominations) free &= ~bit(n.target);
          let size = 0;
          for (let m = free; m !== 0; m &= m - 1) size++;
          let k = Math.floor(rand() * size);
          let target = 0;
          for (let seat = 1; target === 0; seat++) if (free & bit(seat) && k-- === 0) target = seat;
          send({ by: st.seat, do: 'nominate', target });
          actions++;
        }
        send({ by: st.seat, do: 'endSpeech' });
      } else {
        // Last words and tie speeches are not W1 actions and draw nothing.
        send({ by: 'clock', do: 'endSpeech' });
      }
    } else if (st.kind === 'vote') {
      // Who votes is fixed when the round opens: the round closes by itself only after the last of them.
      const seats = state.seats;
      let voters = 0;
      for (const x of seats) if (x.alive === true) voters |= bit(x.seat);
      if (st.round === 'allLeave') {
        for (let seat = 1; seat <= seats.length; seat++) {
          if (!(voters & bit(seat))) continue;
          actions++;
          send({ by: seat, do: 'vote', leave: rand() < 0.5 });
        }
      } else {
        let abstained = false;
        // The round's ballot: the state's list is only replaced once the round has closed.
        const b = state.ballot;
        const n = b.length;
        for (let seat = 1; seat <= seats.length; seat++) {
          if (!(voters & bit(seat))) continue;
          actions++;
          if (rand() < 0.1) {
            abstained = true;
            continue;
          }
          send({ by: seat, do: 'vote', target: b[Math.floor(rand() * n)]! });
        }
        // Abstentions count for the last candidate: the engine applies R8 when the round closes.
        if (abstained === true) send({ by: 'clock', do: 'closeVote' });
      }
    } else if (st.kind === 'night') {
      // New lists each night: emptying old ones (length = 0) is a call into the runtime.
      const blacks: number[] = [];
      const reds: number[] = [];
      for (const x of state.seats) if (x.alive === true) (x.team === 'black' ? blacks : reds).push(x.seat);
      const night = w1Night(rand, blacks, reds, livingSeatOf);
      for (const c of night.commands) send(c);
      actions += night.actions;
      if (night.close === true && state.stage.kind === 'night') send({ by: 'clock', do: 'endNight' });
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
