// Plain-text tables for the terminal: columns padded to their widest cell, numbers aligned right.

export function textTable(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const right = head.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  return cells
    .map((r) =>
      r
        .map((c, i) => {
          const pad = ' '.repeat(Math.max(0, widths[i]! - [...c].length));
          return right[i] ? pad + c : c + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Up to three decimals, no trailing zeros. */
export function fmt(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

/** How a left-out file is introduced on stderr. */
export const skipped = { ru: 'пропущен', en: 'skipped' } as const;
