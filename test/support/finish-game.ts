// Deterministic play-out for example records: red votes out black (or black votes out red) until the end.
import { legalCommands, type Command } from '../../src/engine/index.js';
import type { Table } from './scenario.js';

export function finish(t: Table, mode: 'red' | 'black', maxSteps = 3000): Table {
  const s = t.state;
  const lowest = (team: 'red' | 'black', not: number[] = []) => s.seats.find((x) => x.alive && x.team === team && !not.includes(x.seat))?.seat;
  for (let step = 0; step < maxSteps && !s.finished; step++) {
    const st = s.stage;
    if (st.kind === 'night') {
      if (st.intro) { t.do({ by: 'clock', do: 'endNight' }); continue; }
      const shooters = s.seats.filter((x) => x.alive && (x.role === 'don' || x.role === 'mafia')).map((x) => x.seat);
      const victim = lowest('red', [])!;
      for (const x of s.seats) {
        if (!x.alive || s.stage.kind !== 'night') continue;
        const legal = legalCommands(s, x.seat);
        const pickVerb = (verb: string, pref?: (c: Command) => boolean) => {
          const l = legal.filter((c) => c.do === verb);
          return (pref ? l.find(pref) : undefined) ?? l[0];
        };
        const cmds: (Command | undefined)[] = [];
        cmds.push(pickVerb('shoot', (c) => c.target === victim));
        cmds.push(pickVerb('check'));
        cmds.push(pickVerb('heal', (c) => c.target !== victim));
        cmds.push(pickVerb('block', (c) => c.target !== victim && !shooters.includes(c.target as number) && s.seats[(c.target as number) - 1]!.role !== 'doctor'));
        cmds.push(pickVerb('save'));
        const skip = pickVerb('skip');
        cmds.push(skip ?? pickVerb('kill', (c) => s.seats[(c.target as number) - 1]!.team === (mode === 'red' ? 'black' : 'red')));
        for (const c of cmds) if (c && s.stage.kind === 'night') t.do(c);
      }
      if (s.stage.kind === 'night' && !s.finished) t.do({ by: 'clock', do: 'endNight' });
      continue;
    }
    if (st.kind === 'speech') {
      if (st.speech === 'day' && s.nominations.length === 0) {
        const target = mode === 'red' ? lowest('black') : lowest('red', [st.seat]);
        if (target !== undefined) t.do({ by: st.seat, do: 'nominate', target });
      }
      t.do({ by: st.seat, do: 'endSpeech' });
      continue;
    }
    if (st.kind === 'vote') {
      for (const x of s.seats) {
        if (s.stage.kind !== 'vote') break;
        const legal = legalCommands(s, x.seat).filter((c) => c.do === 'vote');
        if (legal.length === 0) continue;
        const c = st.round === 'allLeave' ? legal.find((v) => v.leave === true) : legal.find((v) => v.target === s.ballot[0]) ?? legal[0];
        if (c) t.do(c);
      }
      if (s.stage.kind === 'vote' && !s.finished) t.do({ by: 'clock', do: 'closeVote' });
      continue;
    }
    throw new Error(`stuck at ${JSON.stringify(st)}`);
  }
  return t;
}
