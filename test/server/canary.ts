// The canary scan: every frame a viewer received may hold only what view() gives that viewer.
// Secrets are tagged (salt, seed, deal, every token) and searched for in the raw text; roles,
// private events and votes are checked structurally against the rules of who may know them.
import type { GameState, Viewer } from '../../src/engine/index.js';
import type { Frame } from './helpers.js';

export interface Secrets {
  strings: string[];
}

function walk(x: unknown, f: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(x)) for (const y of x) walk(y, f);
  else if (x && typeof x === 'object') {
    f(x as Record<string, unknown>);
    for (const v of Object.values(x)) walk(v, f);
  }
}

/**
 * Returns the list of leaks (empty when clean). `known`: seats whose role was revealed to this
 * viewer in earlier frames (a caller scanning frame by frame keeps it; revealed roles stay known).
 */
export function scanFrames(raw: string[], frames: Frame[], viewer: Viewer, secrets: Secrets, state: GameState, known: Set<number> = new Set()): string[] {
  const leaks: string[] = [];
  for (const text of raw) for (const s of secrets.strings) if (text.includes(s)) leaks.push(`secret ${s.slice(0, 8)}… in ${text.slice(0, 80)}`);
  const black = (seat: number): boolean => state.seats[seat - 1]?.team === 'black';
  const meBlack = viewer.kind === 'seat' && black(viewer.seat);
  const onExit = state.options.revealRoles === 'onExit';
  for (const f of frames) {
    const finished = ((f['view'] ?? f['patch']) as { finished?: boolean } | undefined)?.finished === true;
    const revealed = known;
    walk(f, (o) => {
      if (o['t'] === 'roleRevealed' && typeof o['seat'] === 'number') revealed.add(o['seat']);
      // R16 (revealRoles 'onExit'): a dead seat's role is public. A view sent without its log (a
      // welcome or a resume after the reveal) shows it with no roleRevealed event in the frame.
      if (onExit && o['alive'] === false && typeof o['seat'] === 'number' && typeof o['name'] === 'string') revealed.add(o['seat']);
    });
    walk(f, (o) => {
      if ('vis' in o && typeof o['t'] === 'string') {
        const vis = o['vis'];
        const ok =
          viewer.kind === 'judge' ||
          vis === 'public' ||
          (viewer.kind === 'seat' && ((vis === 'black' && meBlack) || (Array.isArray(vis) && vis.includes(viewer.seat))));
        if (!ok) leaks.push(`event ${String(o['t'])} (vis ${JSON.stringify(vis)}) reached ${JSON.stringify(viewer)}`);
      }
      if (typeof o['seat'] === 'number' && typeof o['role'] === 'string' && !finished && viewer.kind !== 'judge') {
        const seat = o['seat'];
        const own = viewer.kind === 'seat' && viewer.seat === seat;
        const team = viewer.kind === 'seat' && meBlack && black(seat);
        if (!own && !team && !revealed.has(seat)) leaks.push(`role of seat ${seat} reached ${JSON.stringify(viewer)}`);
      }
    });
  }
  return leaks;
}

/** Event numbers a viewer received over the whole game. */
export function receivedEventNumbers(frames: Frame[]): number[] {
  const seen = new Set<number>();
  for (const f of frames) {
    const v = f['view'] as { log?: { n: number }[] } | undefined;
    for (const e of v?.log ?? []) seen.add(e.n);
    for (const e of (f['events'] as { n: number }[] | undefined) ?? []) seen.add(e.n);
  }
  return [...seen].sort((a, b) => a - b);
}
