// The protocol sheet as judges and federations fill it in (бланк): one row per seat — name, role,
// fouls as marks, who left when and how — day columns with each seat's nomination and votes, the
// night table (shots, the don's and the sheriff's checks, other roles), the best move, extra
// points, the points per player, the table's options and the judge's signature line. One A4 sheet.
import { useTranslation } from 'react-i18next';
import { checksRole, checksTeam, type PresetId, type RoleId } from '../../../src/engine/index.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { optionValueText, presetOptionDefs } from '../options/OptionEditor.js';
import type { ProtoDay, Protocol, ProtoNight } from './protocol.js';

const FOUL_BOXES = 4;

/** A seat's vote on one day: its main vote, then revotes after "/", "за"/"пр" for "all leave?". */
function voteCell(d: ProtoDay, seat: number, t: (k: string) => string): string {
  const parts: string[] = [];
  for (const v of d.votes) {
    const x = v.votes.find((y) => y.seat === seat);
    if (x) parts.push(`${x.target}${x.defaulted ? '*' : ''}`);
  }
  let out = parts.join('/');
  for (const a of d.allLeave) {
    if (a.yes.includes(seat)) out += `${out ? ' ' : ''}${t('proto.yes')}`;
    else if (a.no.includes(seat)) out += `${out ? ' ' : ''}${t('proto.no')}`;
  }
  return out;
}

function nominationCell(d: ProtoDay, seat: number) {
  return d.nominations
    .filter((n) => n.by === seat)
    .map((n, i) => (
      <span key={i} className={n.withdrawn ? 'withdrawn' : ''}>
        {n.target}
      </span>
    ));
}

/** How the day ended, in a judge's shorthand. */
function dayResult(d: ProtoDay, t: (k: string, o?: Record<string, unknown>) => string): string {
  const out: string[] = [];
  for (const o of d.outcome) {
    const [kind, arg] = o.text.split(':');
    if (kind === 'tie') out.push(t('proto.tie', { seats: arg }));
    else if (kind === 'noVote') out.push(t('proto.noVote'));
    else if (kind === 'cancelled') out.push(t('proto.cancelled', { seat: arg }));
    else if (kind === 'kept') out.push(t('proto.kept', { seats: arg }));
    else if (kind === 'stays') out.push(t('proto.stays', { seat: arg }));
  }
  // Hands the judge counted have no seat in the vote columns: the count is written here (R8).
  for (const v of d.votes) if (v.counted.length > 0) out.push(t('proto.counted', { tally: v.tally.map((x) => `${x.target}: ${x.count}`).join(', ') }));
  const left = d.out.filter((o) => o.cause === 'vote').map((o) => o.seat);
  const last = d.votes[d.votes.length - 1];
  if (left.length > 1) out.push(t('proto.allLeft', { seats: left.join(', ') }));
  else if (left.length === 1) out.push(last && last.tally.length > 0 ? t('proto.left', { seat: left[0], tally: last.tally.map((x) => x.count).join(':') }) : t('proto.leftAlone', { seat: left[0] }));
  else if (d.votes.length > 0 || d.allLeave.length > 0) out.push(t('proto.stayed'));
  return out.join('; ');
}

function NightRow({ n, p }: { n: ProtoNight; p: Protocol }) {
  const { t } = useTranslation();
  const role = (seat: number) => p.seats[seat - 1]?.role;
  const shots = n.actions.filter((a) => a.verb === 'shoot');
  // The don's column holds checks that look for a role, the sheriff's those that ask a team (R13).
  const checks = (asks: (r: RoleId | undefined) => boolean) =>
    n.checks
      .filter((c) => asks(role(c.seat)))
      .map((c) => `${c.seat}→${c.target}: ${t(`check.${c.result}`)}`)
      .join('; ');
  const other = n.actions
    .filter((a) => a.verb !== 'shoot' && a.verb !== 'check')
    .map((a) => `${t(`role.${a.role}`)} ${a.seat} ${t(`verb.${a.verb}`)} ${a.target ?? '—'}`)
    .join('; ');
  return (
    <tr data-night={n.night}>
      <th scope="row">{n.night}</th>
      <td>{n.intro ? (n.plan ? t('proto.plan', { plan: n.plan.join(' → ') }) : t('proto.intro')) : shots.map((a) => `${a.seat}→${a.target ?? '—'}`).join(', ') || '—'}</td>
      <td>{n.intro ? '' : n.killed.length ? t('proto.killed', { seats: n.killed.join(', ') }) : n.miss ? t('proto.miss') : '—'}</td>
      <td>{checks(checksRole)}</td>
      <td>{checks(checksTeam)}</td>
      <td>{other}</td>
    </tr>
  );
}

export function ProtocolGrid({ p }: { p: Protocol }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const days = p.days.filter((d) => d.day >= 1);
  const exit = (x: Protocol['seats'][number]): string =>
    x.exit ? `${x.exit.phase === 'night' ? t('proto.nightShort') : t('proto.dayShort')}${x.exit.number} ${t(`proto.exit_${x.exit.cause}`)}` : '';
  const preset = p.preset as PresetId;
  const defs = presetOptionDefs(preset);
  const opts = p.options as unknown as Record<string, unknown>;
  return (
    <section className="proto-grid-sheet" data-testid="protocol-grid" aria-label={t('proto.title')}>
      <header className="pg-head">
        <h1>
          {t('proto.title')} · {t(`preset.${p.preset}`, { defaultValue: p.preset })}
        </h1>
        <div className="pg-meta">
          {p.tableId && (
            <span>
              {t('proto.table')}: <b>{p.tableId}</b>
            </span>
          )}
          {p.createdAt !== null && (
            <span>
              {t('proto.date')}: <b>{new Date(p.createdAt).toLocaleDateString(dateLocale(lang))}</b>
            </span>
          )}
          <span data-testid="grid-result">
            {t('proto.result')}: <b>{p.finished ? t(`winner.${p.winner ?? 'draw'}`) : t('proto.unfinished')}</b>
          </span>
        </div>
      </header>
      <table className="pg-grid">
        <thead>
          <tr>
            <th rowSpan={2}>{lang === 'ru' ? '№' : '#'}</th>
            <th rowSpan={2}>{t('proto.player')}</th>
            <th rowSpan={2}>{t('proto.role')}</th>
            <th rowSpan={2}>{t('proto.fouls')}</th>
            <th rowSpan={2}>{t('proto.out')}</th>
            {days.map((d) => (
              <th key={d.day} colSpan={2} className="pg-day">
                {t('proto.day', { n: d.day })}
              </th>
            ))}
            {p.scores && <th rowSpan={2}>{t('proto.points')}</th>}
          </tr>
          <tr>
            {days.map((d) => [
              <th key={`n${d.day}`} className="pg-sub">
                {t('proto.nom')}
              </th>,
              <th key={`v${d.day}`} className="pg-sub">
                {t('proto.vote')}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {p.seats.map((x) => (
            <tr key={x.seat} className={`team-${x.team}${x.exit ? ' pg-out' : ''}`} data-seat={x.seat}>
              <th scope="row">{x.seat}</th>
              <td className="pg-name">{x.name}</td>
              <td data-testid="grid-role">{t(`role.${x.role}`)}</td>
              <td className="pg-fouls" data-testid="grid-fouls" aria-label={t('seat.fouls', { count: x.fouls })}>
                {Array.from({ length: Math.max(FOUL_BOXES, x.fouls) }, (_, i) => (i < x.fouls ? '●' : '○')).join('')}
                {x.techFouls > 0 && ` ${t('proto.techFouls')} ${'●'.repeat(x.techFouls)}`}
              </td>
              <td className="pg-exit">{exit(x)}</td>
              {days.map((d) => [
                <td key={`n${d.day}`} className="pg-nom">
                  {nominationCell(d, x.seat)}
                </td>,
                <td key={`v${d.day}`} className="pg-vote" data-testid={`grid-vote-${d.day}`}>
                  {voteCell(d, x.seat, t)}
                </td>,
              ])}
              {p.scores && <td data-testid="grid-points">{x.points}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={5} scope="row">
              {t('proto.dayResult')}
            </th>
            {days.map((d) => (
              <td key={d.day} colSpan={2} className="pg-result">
                {dayResult(d, t)}
              </td>
            ))}
            {p.scores && <td />}
          </tr>
        </tfoot>
      </table>
      <p className="pg-legend">{t('proto.legend')}</p>
      <table className="pg-nights">
        <thead>
          <tr>
            <th>{t('proto.night')}</th>
            <th>{t('proto.shots')}</th>
            <th>{t('proto.nightResult')}</th>
            <th>{t('proto.donCheck')}</th>
            <th>{t('proto.sheriffCheck')}</th>
            <th>{t('proto.otherRoles')}</th>
          </tr>
        </thead>
        <tbody>
          {p.nights.map((n) => (
            <NightRow key={n.night} n={n} p={p} />
          ))}
        </tbody>
      </table>
      <div className="pg-extra">
        <p data-testid="grid-best-move">
          <b>{t('proto.bestMove')}:</b> {p.bestMove ? `${p.bestMove.seat} → ${p.bestMove.targets.join(', ')}` : '—'}
        </p>
        <p>
          <b>{t('proto.extras')}:</b> {p.extras.length ? p.extras.map((e) => `${e.seat}: ${e.points > 0 ? '+' : ''}${e.points}${e.reason ? ` (${e.reason})` : ''}`).join('; ') : '—'}
        </p>
      </div>
      <dl className="pg-options" data-testid="grid-options">
        <dt className="pg-options-title">{t('proto.options')}</dt>
        {defs.map((d) => (
          <div key={d.key} className="pg-option">
            <dt>{d.name[lang]}</dt>
            <dd>{optionValueText(d, opts[d.key], lang, t)}</dd>
          </div>
        ))}
      </dl>
      <div className="pg-sign">
        <span>{t('proto.judge')}: ____________________</span>
        <span>{t('proto.signature')}: ______________</span>
      </div>
    </section>
  );
}
