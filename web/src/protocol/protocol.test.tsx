// @vitest-environment jsdom
// The protocol from a record, its CSV, and the table display's board: no role before the end.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view, type Command } from '../../../src/engine/index.js';
import { Board } from '../display/DisplayPage.js';
import { addEntry, recordOf, stateOf, tryBatch, type JudgeGame } from '../judge/session.js';
import { classicGame } from '../judge/testkit.js';
import { buildProtocol, protocolCsv } from './protocol.js';
import { ProtocolGrid } from './ProtocolGrid.js';
import '../lib/i18n.js';

afterEach(cleanup);

function enter(g: JudgeGame, cmds: Command[], closeIfOpen = false): JudgeGame {
  const r = tryBatch(stateOf(g), cmds, { closeIfOpen });
  if (!r.ok) throw new Error(r.error.code);
  return addEntry(g, 't', r.commands, 0).game;
}

function played(): JudgeGame {
  let g = enter(classicGame(), [{ by: 2, do: 'plan', targets: [7, 3] }, { by: 'judge', do: 'endNight' }]);
  g = enter(g, [{ by: 1, do: 'nominate', target: 4 }, { by: 1, do: 'endSpeech' }, { by: 2, do: 'nominate', target: 6 }, { by: 'judge', do: 'foul', target: 9 }]);
  for (let seat = 2; seat <= 10; seat++) g = enter(g, [{ by: seat, do: 'endSpeech' }]);
  g = enter(g, [1, 2, 3].map((seat) => ({ by: seat, do: 'vote', target: 4 }) as Command), true);
  return g;
}

describe('protocol', () => {
  it('seats, nominations, votes with defaults, the night plan; CSV carries them', () => {
    const p = buildProtocol(recordOf(played()))!;
    expect(p.seats.map((x) => x.role)).toEqual(['civilian', 'don', 'sheriff', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian']);
    expect(p.seats[8]!.fouls).toBe(1);
    expect(p.nights[0]!.plan).toEqual([7, 3]);
    expect(p.days[0]!.nominations).toEqual([
      { by: 1, target: 4 },
      { by: 2, target: 6 },
    ]);
    const v = p.days[0]!.votes[0]!;
    expect(v.tally).toEqual([
      { target: 4, count: 3 },
      { target: 6, count: 7 },
    ]);
    expect(v.votes.filter((x) => x.defaulted)).toHaveLength(7);
    const csv = protocolCsv(p);
    expect(csv).toContain('seat,2,P2,don,black,0,,');
    expect(csv).toContain('day,1,vote:main,,,4=3 6=7,R8');
    expect(csv).toContain('night,1,plan,,7 3,,R17');
  });

  it('CSV cells cannot run as spreadsheet formulas (OWASP CSV injection)', () => {
    const p = buildProtocol(recordOf(played()))!;
    const hostile = ['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1:A9)', '\tcmd', '\rcmd', '=1;2'];
    hostile.forEach((name, i) => (p.seats[i]!.name = name));
    p.days[0]!.fouls[0]!.reason = '=cmd|\' /C calc\'!A0';
    const csv = protocolCsv(p);
    const cells = parseCsv(csv);
    for (const row of cells) for (const cell of row) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    // The text itself is kept, after a quote that makes it text.
    expect(cells.find((r) => r[0] === 'seat' && r[1] === '1')![2]).toBe(`'${hostile[0]}`);
    expect(cells.find((r) => r[0] === 'seat' && r[1] === '7')![2]).toBe(`'${hostile[6]}`);
  });

  it('the grid sheet: a row per seat with its role and fouls as marks, day columns with nominations and votes by seat, the options by name', () => {
    const p = buildProtocol(recordOf(played()))!;
    render(<ProtocolGrid p={p} />);
    const grid = screen.getByTestId('protocol-grid');
    const row = (seat: number) => grid.querySelector(`tr[data-seat="${seat}"]`) as HTMLElement;
    expect(row(2).querySelector('[data-testid="grid-role"]')!.textContent).toBe('Дон');
    expect(row(9).querySelector('[data-testid="grid-fouls"]')!.textContent).toBe('●○○○');
    expect(row(1).querySelector('.pg-nom')!.textContent).toBe('4');
    expect(row(1).querySelector('[data-testid="grid-vote-1"]')!.textContent).toBe('4');
    expect(row(5).querySelector('[data-testid="grid-vote-1"]')!.textContent).toBe('6*');
    const opts = screen.getByTestId('grid-options').textContent!;
    expect(opts).toContain('Голос за себя');
    expect(opts).toContain('удаление');
    expect(opts).not.toMatch(/selfVote|removal/);
  });

  it('the grid names the rule a record older than a variant played (its base rule), never «undefined»', () => {
    const p = buildProtocol(JSON.parse(readFileSync('examples/records/classic-red-win.json', 'utf8')))!;
    render(<ProtocolGrid p={p} />);
    const opts = screen.getByTestId('grid-options').textContent!;
    expect(opts).not.toContain('undefined');
    expect(opts).toContain('Кто открывает следующий день');
  });

  it('R16 the board renders the public view: no role and no night action before the end', () => {
    const g = played();
    const s = stateOf(g);
    render(<Board v={view(s, { kind: 'public' })} lang="en" clock="0:42" overlay={false} />);
    const text = screen.getByTestId('board').textContent ?? '';
    for (const w of ['Don', 'Sheriff', 'Mafia', 'Civilian', 'plan', 'shoots']) expect(text).not.toContain(w);
    expect(screen.getByTestId('display-timer').textContent).toBe('0:42');
    expect(text).toContain('#6 is out: by vote');
  });
});

/** RFC 4180 cells (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}
