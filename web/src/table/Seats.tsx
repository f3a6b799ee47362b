// The seats: around an oval table for 10–15 players, a list for bigger (forum) tables.
// Each seat shows its number, name, alive/out, fouls, nomination and who is speaking.
import { useTranslation } from 'react-i18next';
import type { GameView, SeatView } from '../../../src/engine/index.js';
import { myChecks } from '../lib/format.js';

export interface SeatsProps {
  view: Pick<GameView, 'seats' | 'stage' | 'nominations' | 'ballot' | 'you' | 'finished' | 'options'> & Partial<Pick<GameView, 'log'>>;
  /** Force the list layout (forum tables and narrow screens may prefer it). */
  list?: boolean;
  onSeat?: (seat: number) => void;
  selected?: number | null;
  /** Show what only this viewer knows (own role, black teammates): off while the role card is face down. */
  showPrivate?: boolean;
}

type Ctx = Pick<SeatsProps, 'view' | 'showPrivate'> & {
  /** This player's own check results by seat (empty while the role card is face down). */
  checks?: ReadonlyMap<number, string>;
};

/** A role everyone at the table knows (the game is over, or it was revealed on exit, R16). */
function roleShown(s: SeatView, c: Ctx): boolean {
  if (!s.role) return false;
  if (c.view.finished || c.showPrivate !== false) return true;
  return !s.alive && c.view.options.revealRoles === 'onExit';
}

export const RING_MAX = 15;

function SeatBadges({ s, view, showPrivate, checks }: { s: SeatView } & Ctx) {
  const { t } = useTranslation();
  const st = view.stage;
  const check = checks?.get(s.seat);
  const speaking = st.kind === 'speech' && st.seat === s.seat;
  const nominated = view.nominations.some((n) => n.target === s.seat);
  const onBallot = st.kind === 'vote' && view.ballot.includes(s.seat);
  return (
    <span className="seat-badges">
      {speaking && <span className="badge badge-speak">{t('seat.speaking')}</span>}
      {(nominated || onBallot) && !view.finished && <span className="badge badge-nom">{t('seat.nominated')}</span>}
      {s.fouls > 0 && (
        <span className="badge badge-foul" title={t('seat.fouls', { count: s.fouls })} aria-label={t('seat.fouls', { count: s.fouls })}>
          {'●'.repeat(s.fouls)}
        </span>
      )}
      {!s.alive && <span className="badge badge-out">{t(`seat.out_${s.exit?.cause ?? 'vote'}`)}</span>}
      {roleShown(s, { view, showPrivate }) && <span className={`badge badge-role team-${s.team ?? 'red'}`}>{t(`role.${s.role!}`)}</span>}
      {check !== undefined && !view.finished && (
        <span className={`badge badge-check check-${check}`} data-testid={`check-${s.seat}`} title={t('seat.yourCheck')}>
          {t(`check.${check}`)}
        </span>
      )}
    </span>
  );
}

function seatClass(s: SeatView, view: SeatsProps['view'], selected: number | null | undefined, showPrivate: boolean | undefined): string {
  const st = view.stage;
  const c = ['seat'];
  if (!s.alive) c.push('seat-out');
  if (st.kind === 'speech' && st.seat === s.seat) c.push('seat-speaking');
  if (view.you?.seat === s.seat) c.push('seat-you');
  if (s.team === 'black' && !view.finished && roleShown(s, { view, showPrivate })) c.push('seat-black');
  if (selected === s.seat) c.push('seat-selected');
  return c.join(' ');
}

function SeatBody({ s, view, showPrivate, checks }: { s: SeatView } & Ctx) {
  const { t } = useTranslation();
  return (
    <>
      <span className="seat-no">{s.seat}</span>
      <span className="seat-name">
        {s.name && s.name !== String(s.seat) ? s.name : t('seat.player', { n: s.seat })}
        {view.you?.seat === s.seat && <span className="seat-me"> {t('seat.you')}</span>}
      </span>
      <SeatBadges s={s} view={view} showPrivate={showPrivate} checks={checks} />
    </>
  );
}

/** One seat: a button when seats can be picked, the same content either way. */
function Seat({ s, view, onSeat, selected, showPrivate, checks }: { s: SeatView; checks: ReadonlyMap<number, string> } & Omit<SeatsProps, 'list'>) {
  const Tag = onSeat ? 'button' : 'div';
  return (
    <Tag className={seatClass(s, view, selected, showPrivate)} data-seat={s.seat} {...(onSeat ? { type: 'button' as const, onClick: () => onSeat(s.seat) } : {})}>
      <SeatBody s={s} view={view} showPrivate={showPrivate} checks={checks} />
    </Tag>
  );
}

export function Seats({ view, list, onSeat, selected, showPrivate }: SeatsProps) {
  const { t } = useTranslation();
  const n = view.seats.length;
  const asList = list || n > RING_MAX;
  // The player's own checks, marked on the seats they checked — only while the role card is open.
  const checks = showPrivate !== false && view.log && view.you ? myChecks({ log: view.log, you: view.you }) : new Map<number, string>();
  if (asList) {
    return (
      <ol className="seat-list" aria-label={t('seat.table')}>
        {view.seats.map((s) => (
          <li key={s.seat}>
            <Seat s={s} view={view} onSeat={onSeat} selected={selected} showPrivate={showPrivate} checks={checks} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className="ring" role="list" aria-label={t('seat.table')}>
      <div className="ring-felt" aria-hidden="true" />
      {view.seats.map((s, i) => {
        // Seat 1 at the top, clockwise, like the numbered chairs of a club table.
        const a = (i / n) * 2 * Math.PI - Math.PI / 2;
        const style = { left: `${50 + 42 * Math.cos(a)}%`, top: `${50 + 40 * Math.sin(a)}%` };
        return (
          <div role="listitem" key={s.seat} className="ring-slot" style={style}>
            <Seat s={s} view={view} onSeat={onSeat} selected={selected} showPrivate={showPrivate} checks={checks} />
          </div>
        );
      })}
    </div>
  );
}
