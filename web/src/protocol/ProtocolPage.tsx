// The printable protocol of a game (`/protocol/:id`): from the judge console's record kept in this
// browser, or the server's published record of a finished game, or a record file. Print (PDF through
// the browser), CSV and the record itself.
import { useEffect, useMemo, useState } from 'react';
import { seatNo, type GameRecord } from '../../../src/engine/index.js';
import { api, errorText } from '../lib/api.js';
import { verifyCommitment, type CommitCheck } from '../lib/commitment.js';
import { routeParam } from '../lib/router.js';
import { causeName, roleName, roundName, teamName, verbName } from '../judge/format.js';
import { useLang, type Lang } from '../judge/lang.js';
import { loadGame } from '../judge/offline.js';
import { recordOf } from '../judge/session.js';
import { download, Rule } from '../judge/ui.js';
import { buildProtocol, protocolCsv, type Protocol, type ProtoVote } from './protocol.js';
import { ProtocolGrid } from './ProtocolGrid.js';
import './protocol.css';

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

const CHECK: Record<string, [string, string]> = {
  sheriff: ['шериф', 'sheriff'],
  notSheriff: ['не шериф', 'not sheriff'],
  red: ['красный', 'red'],
  black: ['чёрный', 'black'],
};

/** Who voted for a candidate: seats (* = by default, R8), and hands the judge counted, as a count. */
function voters(v: ProtoVote, target: number, lang: Lang): string {
  const seats = v.votes.filter((x) => x.target === target).map((x) => `${x.seat}${x.defaulted ? '*' : ''}`);
  for (const c of v.counted) if (c.target === target) seats.push(L(lang, `${c.count}${c.defaulted ? '*' : ''} счётом`, `${c.count}${c.defaulted ? '*' : ''} counted`));
  return seats.join(' ');
}

function outcomeText(text: string, lang: Lang): string {
  const [kind, arg] = text.split(':');
  if (kind === 'tie') return L(lang, `перестрелка: ${arg}`, `tie: ${arg}`);
  if (kind === 'single') return L(lang, `единственная кандидатура №${arg}`, `single candidate #${arg}`);
  if (kind === 'stays') return L(lang, `1-й день: №${arg} набрал больше всех, но остаётся`, `day 1: #${arg} had most votes but stays`);
  if (kind === 'kept') return L(lang, `попил ${arg}: никто не уходит`, `tie ${arg}: nobody leaves`);
  if (kind === 'cancelled') return L(lang, `удаление №${arg} отменяет голосование`, `the removal of #${arg} cancels the vote`);
  const why: Record<string, [string, string]> = {
    noCandidates: ['нет кандидатур', 'no candidates'],
    firstDaySingle: ['1-й день, одна кандидатура', 'day 1, single candidate'],
    firstDayNoVote: ['1-й день без голосования', 'day 1, no vote'],
    criticalRemoval: ['удаление в критической ситуации', 'removal in a critical situation'],
    cancelled: ['отменено удалением', 'cancelled by a removal'],
  };
  const w = why[arg ?? ''];
  return L(lang, `без голосования: ${w ? w[0] : arg}`, `no vote: ${w ? w[1] : arg}`);
}

export function ProtocolSheet({ p, lang }: { p: Protocol; lang: Lang }) {
  return (
    <div className="protocol-sheet" data-testid="protocol">
      <h2 className="proto-sheet2">
        {L(lang, 'Лист 2. Подробный протокол', 'Sheet 2. The detailed protocol')}
      </h2>
      <p data-testid="proto-result">
        <b>{L(lang, 'Результат:', 'Result:')}</b> {p.finished ? teamName(p.winner, lang) : L(lang, 'игра не окончена', 'not finished')} <Rule rule={p.winRule ?? undefined} />
      </p>
      {p.commitment && (
        <p className="small">
          {L(lang, 'Хэш раздачи', 'Deal commitment')} (R60): <code>{p.commitment}</code>
        </p>
      )}
      <table className="proto-seats" data-testid="proto-seats">
        <thead>
          <tr>
            <th>{L(lang, '№', '#')}</th>
            <th>{L(lang, 'Игрок', 'Player')}</th>
            <th>{L(lang, 'Роль', 'Role')}</th>
            <th>{L(lang, 'Фолы', 'Fouls')}</th>
            <th>{L(lang, 'Выбыл', 'Out')}</th>
            {p.scores && <th>{L(lang, 'Баллы', 'Points')}</th>}
          </tr>
        </thead>
        <tbody>
          {p.seats.map((x) => (
            <tr key={x.seat} className={`team-${x.team}`} data-seat={x.seat}>
              <td>{x.seat}</td>
              <td>{x.name}</td>
              <td data-testid="proto-role">{roleName(x.role, lang)}</td>
              <td data-testid="proto-fouls">
                {x.fouls}
                {x.techFouls > 0 && ` + ${x.techFouls} ${L(lang, 'тех.', 'tech')}`}
              </td>
              <td>{x.exit ? `${causeName(x.exit.cause, lang)}, ${x.exit.phase === 'night' ? L(lang, 'ночь', 'night') : L(lang, 'день', 'day')} ${x.exit.number}` : ''}</td>
              {p.scores && <td data-testid="proto-points">{x.points}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{L(lang, 'Ночи', 'Nights')}</h2>
      <table className="proto-nights" data-testid="proto-nights">
        <thead>
          <tr>
            <th>{L(lang, 'Ночь', 'Night')}</th>
            <th>{L(lang, 'Действия', 'Actions')}</th>
            <th>{L(lang, 'Проверки', 'Checks')}</th>
            <th>{L(lang, 'Итог', 'Outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {p.nights.map((n) => (
            <tr key={n.night} data-night={n.night}>
              <td>{n.night}</td>
              <td>
                {n.intro
                  ? `${L(lang, 'знакомство', 'introductions')}${n.plan ? `; ${L(lang, 'план дона', "don's plan")}: ${n.plan.join(' → ')}` : ''}`
                  : n.actions
                      .filter((a) => a.verb !== 'check')
                      .map((a) => `${a.seat} (${roleName(a.role, lang)}) ${verbName(a.verb, lang)} ${a.target ?? '—'}`)
                      .join('; ')}
              </td>
              <td>{n.checks.map((c) => `${c.seat} → ${c.target}: ${(CHECK[c.result] ?? [c.result, c.result])[lang === 'ru' ? 0 : 1]}`).join('; ')}</td>
              <td>{n.intro ? '' : n.killed.length ? L(lang, `убит №${n.killed.join(', №')}`, `killed #${n.killed.join(', #')}`) : n.miss ? L(lang, 'промах', 'miss') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{L(lang, 'Дни', 'Days')}</h2>
      {p.days.map((d) => (
        <section key={d.day} className="proto-day" data-testid="proto-day" data-day={d.day}>
          <h3>{L(lang, `День ${d.day}`, `Day ${d.day}`)}</h3>
          <p>
            <b>{L(lang, 'Выставлены', 'Nominations')}:</b>{' '}
            {d.nominations.length ? d.nominations.map((n) => `${n.target} (${L(lang, 'от', 'by')} ${n.by})${n.withdrawn ? L(lang, ' — отозвана', ' — withdrawn') : ''}`).join(', ') : '—'}
          </p>
          {d.votes.map((v, i) => (
            <p key={i} data-testid="proto-vote">
              <b>{roundName(v.round, lang)}:</b> {v.tally.map((t) => `${seatNo(t.target, lang)} — ${t.count} [${voters(v, t.target, lang)}]`).join('; ') || '—'} <Rule rule={v.rule} />
            </p>
          ))}
          {d.allLeave.map((a, i) => (
            <p key={`a${i}`} data-testid="proto-allleave">
              <b>{L(lang, '«Все уходят?»', '"All leave?"')}:</b> {L(lang, 'за', 'yes')} {[...a.yes, ...(a.counted ? [L(lang, `${a.counted.yes} счётом`, `${a.counted.yes} counted`)] : [])].join(' ') || '—'};{' '}
              {L(lang, 'против', 'no')} {[...a.no, ...(a.counted ? [L(lang, `${a.counted.no} счётом`, `${a.counted.no} counted`)] : [])].join(' ') || '—'} → {a.leave ? L(lang, 'уходят', 'leave') : L(lang, 'остаются', 'stay')} <Rule rule="R9" />
            </p>
          ))}
          {d.outcome.map((o, i) => (
            <p key={`o${i}`}>
              {outcomeText(o.text, lang)} <Rule rule={o.rule} />
            </p>
          ))}
          {d.fouls.length > 0 && (
            <p>
              <b>{L(lang, 'Фолы', 'Fouls')}:</b> {d.fouls.map((f) => `№${f.seat} (${f.tech ? L(lang, 'тех. ', 'tech ') : ''}${f.count}${f.reason ? `, ${f.reason}` : ''})`).join(', ')}
            </p>
          )}
          {d.out.length > 0 && (
            <p>
              <b>{L(lang, 'Выбыли', 'Out')}:</b> {d.out.map((o) => `№${o.seat} — ${causeName(o.cause, lang)}`).join(', ')}
            </p>
          )}
        </section>
      ))}
      <p className="small muted">{L(lang, '* — голос по умолчанию за последнюю кандидатуру (R8).', '* — a default vote for the last candidate (R8).')}</p>
      {p.scores && (
        <>
          <h2>{L(lang, 'Баллы', 'Points')}</h2>
          <ul data-testid="proto-scores">
            {p.scores.map((x) => (
              <li key={x.seat}>
                {seatNo(x.seat, lang)}: {x.points} — {x.lines.map((l) => `${l.points > 0 ? '+' : ''}${l.points} ${l.reason} (${l.rule})`).join(', ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export default function ProtocolPage() {
  const [lang] = useLang();
  const id = routeParam('/protocol/:id', 'id') ?? '';
  const [record, setRecord] = useState<GameRecord | null>(() => {
    const g = loadGame(globalThis.localStorage, id);
    return g ? recordOf(g) : null;
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (record || !id) return;
    api
      .record(id)
      .then((r) => setRecord(r as GameRecord))
      .catch((e: unknown) => setError(errorText(e, lang)));
  }, [id, record]);
  const p = useMemo(() => (record ? buildProtocol(record) : null), [record]);
  const [check, setCheck] = useState<CommitCheck | null>(null);
  useEffect(() => {
    setCheck(null);
    if (record?.commitment) void verifyCommitment(record).then(setCheck);
  }, [record]);
  const onFile = (f: File | undefined): void => {
    if (!f) return;
    void f.text().then((t) => {
      try {
        setRecord(JSON.parse(t) as GameRecord);
        setError(null);
      } catch {
        setError(L(lang, 'Это не запись игры', 'Not a game record'));
      }
    });
  };
  return (
    <main className="page protocol-page">
      <div className="no-print actions">
        <button type="button" className="btn btn-primary" data-testid="print" onClick={() => window.print()} disabled={!p}>
          {L(lang, 'Печать / PDF', 'Print / PDF')}
        </button>
        <button type="button" className="btn" data-testid="csv" disabled={!p} onClick={() => p && download(`protocol-${id}.csv`, 'text/csv', protocolCsv(p))}>
          CSV
        </button>
        <button type="button" className="btn" data-testid="record" disabled={!record} onClick={() => record && download(`gorod-${id}.json`, 'application/json', JSON.stringify(record, null, 2))}>
          {L(lang, 'Запись игры', 'Game record')}
        </button>
        <label className="btn">
          {L(lang, 'Открыть файл…', 'Open a file…')}
          <input type="file" accept="application/json,.json" hidden onChange={(e) => onFile(e.target.files?.[0])} />
        </label>
      </div>
      {check && (
        <p className={check.ok ? 'ok' : 'error'} data-testid="commit-check">
          R60: {check.ok ? L(lang, 'раздача совпадает с хэшем, опубликованным до игры', 'the deal matches the commitment published before the game') : L(lang, `хэш не совпадает (${check.reason ?? ''})`, `commitment mismatch (${check.reason ?? ''})`)}
        </p>
      )}
      {p ? (
        <>
          <ProtocolGrid p={p} />
          <ProtocolSheet p={p} lang={lang} />
        </>
      ) : (
        <p className="muted">{error ?? L(lang, 'Загрузка записи…', 'Loading the record…')}</p>
      )}
    </main>
  );
}
