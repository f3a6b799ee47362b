// Scripted moves for tests: reach a given point of a classic game through the seats' sockets.
// The test peeks at the server's state only to choose moves (who is black, who speaks).
import type { GameState } from '../../src/engine/index.js';
import type { Table } from '../../src/server/table.js';
import { settle, type Client } from './helpers.js';

async function must(c: Client, command: Record<string, unknown>): Promise<void> {
  const r = await c.command(command);
  if (r.type !== 'ack') throw new Error(`${c.name} ${JSON.stringify(command)}: ${JSON.stringify(r)}`);
}

/** One step of a plain game: speakers end (seat `nominator` nominates), everyone votes for `voteFor`, black shoots `shoot`. */
export async function step(
  table: Table,
  seats: Client[],
  all: Client[],
  plan: { nominate?: [number, number][]; voteFor?: (s: GameState) => number; shoot?: (s: GameState) => number | null },
): Promise<void> {
  const s = table.state;
  const st = s.stage;
  if (st.kind === 'speech') {
    const c = seats[st.seat - 1]!;
    const nom = st.speech === 'day' ? plan.nominate?.find(([by]) => by === st.seat) : undefined;
    if (nom && !s.nominations.some((n) => n.by === st.seat || n.target === nom[1]) && s.seats[nom[1] - 1]!.alive) {
      await must(c, { do: 'nominate', target: nom[1] });
      await settle(table, all);
    }
    await must(c, { do: 'endSpeech' });
    await settle(table, all);
    return;
  }
  if (st.kind === 'vote') {
    const target = plan.voteFor?.(s) ?? s.ballot[0]!;
    for (const x of s.seats) {
      if (!x.alive || s.votes[x.seat - 1] !== -1 || table.state.stage.kind !== 'vote') continue;
      const cmd = st.round === 'allLeave' ? { do: 'vote', leave: false } : { do: 'vote', target: s.ballot.includes(target) ? target : s.ballot[0] };
      await must(seats[x.seat - 1]!, cmd);
      await settle(table, all);
    }
    return;
  }
  if (st.kind === 'night' && !st.intro) {
    const reds = s.seats.filter((x) => x.alive && x.team === 'red').map((x) => x.seat);
    const target = plan.shoot ? plan.shoot(s) : reds[0]!;
    for (const x of s.seats.filter((y) => y.alive && y.team === 'black')) {
      if (table.state.stage.kind !== 'night') break;
      await must(seats[x.seat - 1]!, { do: 'shoot', target });
      await settle(table, all);
    }
    for (const role of ['don', 'sheriff']) {
      const x = s.seats.find((y) => y.role === role && y.alive);
      if (!x || table.state.stage.kind !== 'night') continue;
      const other = s.seats.find((y) => y.seat !== x.seat)!.seat;
      await must(seats[x.seat - 1]!, { do: 'check', target: other });
      await settle(table, all);
    }
    return;
  }
  throw new Error(`cannot step at ${JSON.stringify(st)}`);
}
