// Writes an annotated example record (examples/records/*.json) from a scripted table: the setup,
// every command tried, notes keyed by command index, and the outcome in meta.expect — which the
// examples tests check on replay. Used by the gen-*-examples.ts scripts.
import { writeFileSync } from 'node:fs';
import { replay, score, type PresetId, type RoleId } from '../../src/engine/index.js';
import { Table } from './scenario.js';

const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dina', 'Egor', 'Zhenya', 'Ilya', 'Kira', 'Lev', 'Maya', 'Nikita', 'Olga', 'Pavel', 'Roza'];
const OUT = new URL('../../examples/records/', import.meta.url);

export class ExampleWriter {
  t: Table;
  notes: Record<string, string> = {};
  constructor(public preset: PresetId, public deal: RoleId[], public options?: Record<string, unknown>) {
    this.t = new Table({ preset, deal, players: NAMES.slice(0, deal.length), seed: 'example', ...(options ? { options } : {}) });
  }
  note(text: string): this {
    const k = String(this.t.tried.length);
    this.notes[k] = this.notes[k] ? `${this.notes[k]} ${text}` : text;
    return this;
  }
  write(file: string, title: string, description: string, extra: Record<string, unknown> = {}): void {
    const s = this.t.state;
    const expect: Record<string, unknown> = {
      finished: s.finished,
      winner: s.winner,
      eliminations: s.log.flatMap((e) => (e.t === 'eliminated' ? [{ seat: e.seat, cause: e.cause, phase: e.phase, number: e.number }] : [])),
      rejected: this.t.rejected,
      ...extra,
    };
    if (this.preset === 'tournament' && s.finished) expect['score'] = score(s).map((r) => r.points);
    const head: Record<string, unknown> = { format: 'gorod-record/1', preset: this.preset, players: NAMES.slice(0, this.deal.length), deal: this.deal, seed: 'example' };
    if (this.options) head['options'] = this.options;
    head['meta'] = { title, description, notes: this.notes, expect };
    let json = JSON.stringify(head, null, 2);
    json = json.slice(0, -2) + ',\n  "commands": [\n' + this.t.tried.map((c) => '    ' + JSON.stringify(c)).join(',\n') + '\n  ]\n}\n';
    // players and deal on one line each, as the classic examples
    json = json.replace(/"(players|deal)": \[\n([^\]]*)\]/g, (_m, k: string, body: string) => `"${k}": [${body.split('\n').map((x) => x.trim()).filter(Boolean).join('')}]`);
    const r = replay(JSON.parse(json));
    if (!r.ok || JSON.stringify(r.value.state.log) !== JSON.stringify(s.log)) throw new Error(`${file} does not replay`);
    writeFileSync(new URL(file, OUT), json);
    console.log(file, s.finished, s.winner, 'rejected', this.t.rejected.length, 'commands', this.t.tried.length);
  }
}
