// The hand-written limit of workload W1 (/work/shared/bench/W1.md, «hand-written limit (typed
// arrays, no allocation, no log)»): the same games as the engine plays, with no engine at all —
// the practical ceiling for JavaScript, measured in the same run so the ratio holds on any machine.
// It must give the W1 checksum (b4009e32 for 20,000 games of seed 20240601).
import { fmix32 } from '../src/engine/index.js';

const DON = 0;
const MAFIA = 1;
const SHERIFF = 2;
const CIV = 3;
const DEAL = [DON, MAFIA, MAFIA, SHERIFF, CIV, CIV, CIV, CIV, CIV, CIV];

// One allocation for the whole run: the seats, the deal, the nominees, the ballot, the counts.
const role = new Int8Array(10);
const alive = new Uint8Array(10);
const noms = new Int8Array(10);
const ballot = new Int8Array(10);
const counts = new Int32Array(10);
const tied = new Int8Array(10);
const cand = new Int8Array(10);
const reds = new Int8Array(10);

// mulberry32 inlined on two integer states (deal and policy streams).
let a = 0;
function rand(): number {
  a = (a + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let living = 0;
let black = 0;

function kill(seat: number): void {
  alive[seat] = 0;
  living--;
  if (role[seat]! <= MAFIA) black--;
}

/** 0 on, 1 red, 2 black. */
function win(): number {
  if (black === 0) return 1;
  if (black >= living - black) return 2;
  return 0;
}

/** One W1 game: winner | actions << 2 | days << 22, as the checksum takes it. */
export function limitGame(seed: number, g: number): number {
  a = fmix32((seed + 2 * g) >>> 0);
  for (let i = 0; i < 10; i++) role[i] = DEAL[i]!;
  for (let i = 9; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = role[i]!;
    role[i] = role[j]!;
    role[j] = t;
  }
  a = fmix32((seed + 2 * g + 1) >>> 0);
  alive.fill(1);
  living = 10;
  black = 3;
  let actions = 0;
  let first = 0;
  let winner = 0;
  let d = 0;
  for (; d < 100; d++) {
    // Day d: speeches and nominations.
    if (d > 0) do first = (first + 1) % 10; while (!alive[first]);
    let n = 0;
    for (let k = 0; k < 10; k++) {
      const seat = (first + k) % 10;
      if (!alive[seat]) continue;
      actions++;
      if (n < living && rand() < 0.3) {
        let c = 0;
        for (let x = 0; x < 10; x++) {
          if (!alive[x]) continue;
          let taken = false;
          for (let m = 0; m < n; m++) if (noms[m] === x) taken = true;
          if (!taken) cand[c++] = x;
        }
        noms[n++] = cand[Math.floor(rand() * c)]!;
        actions++;
      }
    }
    // The vote.
    if (n === 1 && d > 0) {
      kill(noms[0]!);
      winner = win();
    } else if (n >= 2) {
      let b = n;
      for (let i = 0; i < b; i++) ballot[i] = noms[i]!;
      let revote = false;
      for (;;) {
        for (let i = 0; i < b; i++) counts[i] = 0;
        for (let x = 0; x < 10; x++) {
          if (!alive[x]) continue;
          actions++;
          if (rand() < 0.1) counts[b - 1]!++;
          else counts[Math.floor(rand() * b)]!++;
        }
        let max = 0;
        for (let i = 0; i < b; i++) if (counts[i]! > max) max = counts[i]!;
        let t = 0;
        for (let i = 0; i < b; i++) if (counts[i] === max) tied[t++] = ballot[i]!;
        if (t === 1) {
          kill(tied[0]!);
          winner = win();
          break;
        }
        if (revote && t === b) {
          let yes = 0;
          for (let x = 0; x < 10; x++) {
            if (!alive[x]) continue;
            actions++;
            if (rand() < 0.5) yes++;
          }
          if (2 * yes > living) {
            for (let i = 0; i < b; i++) kill(ballot[i]!);
            winner = win();
          }
          break;
        }
        for (let i = 0; i < t; i++) ballot[i] = tied[i]!;
        b = t;
        revote = true;
      }
    }
    if (winner) break;
    // Night d+1: shots, then the checks.
    let r = 0;
    for (let x = 0; x < 10; x++) if (alive[x] && role[x]! > MAFIA) reds[r++] = x;
    let target = -1;
    if (rand() < 0.8) {
      target = reds[Math.floor(rand() * r)]!;
      actions += black;
    } else {
      let same = true;
      for (let x = 0; x < 10; x++) {
        if (!alive[x] || role[x]! > MAFIA) continue;
        const t = reds[Math.floor(rand() * r)]!;
        if (target === -1) target = t;
        else if (t !== target) same = false;
        actions++;
      }
      if (!same) target = -1;
    }
    if (target >= 0) {
      kill(target);
      winner = win();
      if (winner) {
        d++;
        break;
      }
    }
    // The don's check, then the sheriff's: one draw each over the other living players.
    for (let who = DON; who <= SHERIFF; who += SHERIFF - DON) {
      let seat = -1;
      for (let x = 0; x < 10; x++) if (alive[x] && role[x] === who) seat = x;
      if (seat < 0) continue;
      Math.floor(rand() * (living - 1));
      actions++;
    }
  }
  return winner | (actions << 2) | (d << 22);
}

export function limitChecksum(seed: number, games: number): { checksum: string; redWins: number } {
  let checksum = 0;
  let redWins = 0;
  for (let g = 0; g < games; g++) {
    const x = limitGame(seed, g);
    checksum = fmix32((checksum ^ x) >>> 0);
    if ((x & 3) === 1) redWins++;
  }
  return { checksum: checksum.toString(16).padStart(8, '0'), redWins };
}
