// Small building blocks of the judge's pages: seat buttons, the rule badge, the QR code.
import QRCode from 'qrcode';
import type { ReactNode } from 'react';
import { ruleLabel } from '../../../src/engine/index.js';
import { currentLang } from '../lib/i18n.js';

export function Rule({ rule }: { rule: string | undefined }) {
  if (!rule) return null;
  return (
    <span className="rule" title={rule} data-rule={rule}>
      {ruleLabel(rule, currentLang())}
    </span>
  );
}

export interface SeatButton {
  seat: number;
  label?: ReactNode;
  sub?: ReactNode;
  disabled?: boolean;
  selected?: boolean;
  tone?: 'dead' | 'warn' | 'black' | 'red' | 'current' | 'default';
}

export function SeatGrid({
  seats,
  onTap,
  testid,
  columns = 5,
}: {
  seats: SeatButton[];
  onTap: (seat: number) => void;
  testid: string;
  columns?: number;
}) {
  return (
    // More than five columns fold to five on a phone (judge.css): ten 44-px buttons do not fit 390 px.
    <div className={`seat-grid${columns > 5 ? ' seat-grid-wide' : ''}`} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} data-testid={testid}>
      {seats.map((s) => (
        <button
          key={s.seat}
          type="button"
          className={`seat-btn tone-${s.tone ?? 'default'}${s.selected ? ' selected' : ''}`}
          disabled={s.disabled}
          aria-pressed={s.selected ?? false}
          data-seat={s.seat}
          onClick={() => onTap(s.seat)}
        >
          <span className="seat-num">{s.seat}</span>
          {s.label !== undefined && <span className="seat-label">{s.label}</span>}
          {s.sub !== undefined && <span className="seat-sub">{s.sub}</span>}
        </button>
      ))}
    </div>
  );
}

/** The R60 commitment as a QR code, drawn as SVG squares (no canvas needed). */
export function Qr({ text, size = 180 }: { text: string; size?: number }) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cells: ReactNode[] = [];
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (qr.modules.get(x, y)) cells.push(<rect key={`${x}-${y}`} x={x + 2} y={y + 2} width={1} height={1} />);
  return (
    <svg className="qr" width={size} height={size} viewBox={`0 0 ${n + 4} ${n + 4}`} role="img" aria-label="QR" data-testid="commitment-qr">
      <rect x={0} y={0} width={n + 4} height={n + 4} fill="#fff" />
      <g fill="#000">{cells}</g>
    </svg>
  );
}

export function download(name: string, mime: string, text: string): void {
  const blob = new Blob([text], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
