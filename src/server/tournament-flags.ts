// Games waiting for a correction (src/tournament/flags.ts): a judge, a player at the table or the
// organizer asks for one; a finished table whose record fails the slot's check, or a game that
// ended without a winner (the points table scores wins and losses only), raises one by itself.
// The organizer resolves them by correcting the game (a new record version resolves every open
// flag of its slot) or with a note; each stays in the document with who, when and how it ended.
import { timingSafeEqual } from 'node:crypto';
import { needsJudge, nextFlagId, openFlags, slotOf, type CorrectionFlag, type GameFacts, type SlotRef } from '../tournament/index.js';
import type { Hub } from './hub.js';
import { refuse, TournamentApiError } from './tournament-messages.js';
import type { TournamentService } from './tournaments.js';

const same = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class SlotFlags {
  constructor(
    private svc: TournamentService,
    private hub: Hub,
    private now: () => number,
  ) {}

  /** Who may ask for a correction: the organizer, the judge of the slot's table, a player seated at it. */
  async asker(id: string, ref: SlotRef, token: string | undefined): Promise<CorrectionFlag['by']> {
    try {
      return (await this.svc.slotWriter(id, ref, token)) as 'organizer' | 'judge';
    } catch (e) {
      if (!(e instanceof TournamentApiError) || !token) throw e;
    }
    const l = await this.svc.load(id);
    for (const b of l.bindings) {
      if (b.round !== ref.round || b.table !== ref.table) continue;
      const t = await this.hub.find(b.tableId);
      if (t?.row.seats.some((s) => s.token !== null && same(s.token, token))) return 'player';
    }
    return refuse(401, 'unauthorized');
  }

  /** Raise a flag on a slot (nothing new if the same kind and reason is open there already). */
  async raise(id: string, ref: SlotRef, f: Pick<CorrectionFlag, 'kind' | 'by' | 'reason'> & { name?: string | undefined }): Promise<CorrectionFlag> {
    const r = await this.svc.mutate(id, (t) => {
      if (!slotOf(t, ref)) return refuse(404, 'noSuchSlot');
      const open = openFlags(t.flags, ref).find((x) => x.kind === f.kind && x.reason === f.reason);
      if (open) return open;
      const flag: CorrectionFlag = { id: nextFlagId(t.flags), round: ref.round, table: ref.table, kind: f.kind, by: f.by, reason: f.reason, at: this.now(), ...(f.name ? { name: f.name } : {}) };
      t.flags = [...(t.flags ?? []), flag];
      return flag;
    });
    return r.value;
  }

  /** Resolve every open flag of a slot: a note says how (a correction names its record version). */
  async resolve(id: string, ref: SlotRef, note: string, by?: string, version?: number): Promise<number> {
    const r = await this.svc.mutate(id, (t) => {
      const open = openFlags(t.flags, ref);
      if (open.length === 0) return refuse(404, 'noFlags');
      const resolved = { at: this.now(), note, ...(by ? { by } : {}), ...(version !== undefined ? { version } : {}) };
      for (const f of open) f.resolved = resolved;
      return open.length;
    });
    return r.value;
  }

  /**
   * A record version was attached: it resolves the slot's open flags (a correction, or the first
   * record of a slot whose table's record failed), and a game the points cannot score raises one.
   */
  async afterAttach(id: string, ref: SlotRef, version: number, facts: GameFacts | null, why: string | undefined, by: string | undefined): Promise<void> {
    const l = await this.svc.load(id);
    if (openFlags(l.row.data.flags, ref).length > 0) await this.resolve(id, ref, why ?? `v${version}`, by, version);
    const kind = facts ? needsJudge(facts) : null;
    if (kind) await this.raise(id, ref, { kind, by: 'server', reason: kind });
  }
}
