// Vote: candidates in nomination order (R7); for each, the judge taps the raised hands (or types a
// count, which the record keeps as a count); the last candidate gets every vote not cast (R8),
// shown before the judge closes. Ties run by the engine (R9): tie speeches come as speeches, then
// the revote, then "all leave?".
import { useEffect, useState } from 'react';
import { seatNo, type GameState } from '../../../src/engine/index.js';
import { FoulsCard } from './DayPanel.js';
import { roundName } from './format.js';
import type { Lang } from './lang.js';
import { Rule, SeatGrid } from './ui.js';
import { allLeaveCommands, countCommand, countedSoFar, countsSoFar, currentCandidateIndex, defaultCount, defaultVoters, handsToCommands, mayVoteFor, pendingVoters } from './votes.js';
import type { Command } from '../../../src/engine/index.js';

type Submit = (label: string, commands: Command[], opts?: { closeIfOpen?: boolean; note?: string[] }) => boolean;
const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

export function VotePanel({ s, lang, submit }: { s: GameState; lang: Lang; submit: Submit }) {
  const st = s.stage;
  const [hands, setHands] = useState<number[]>([]);
  const [withdrawn, setWithdrawn] = useState<number[]>([]);
  const [count, setCount] = useState('');
  const [pullMode, setPullMode] = useState(false);
  const idx = currentCandidateIndex(s);
  const pending = pendingVoters(s);
  const key = `${s.log.length}`;
  useEffect(() => {
    setHands([]);
    setWithdrawn([]);
    setCount('');
    setPullMode(false);
  }, [key]);
  if (st.kind !== 'vote') return null;
  const toggle = (seat: number): void => {
    if (pullMode) setWithdrawn((w) => (w.includes(seat) ? w.filter((x) => x !== seat) : [...w, seat]));
    else setHands((h) => (h.includes(seat) ? h.filter((x) => x !== seat) : [...h, seat]));
  };
  const counts = countsSoFar(s);

  if (st.round === 'allLeave') {
    const typedYes = count.trim() === '' ? null : countCommand(s, null, Number(count));
    const cmds = typedYes ? [typedYes] : allLeaveCommands(s, hands);
    const yesCount = typedYes ? Number(count) : cmds.length;
    const living = s.seats.filter((x) => x.alive).length;
    return (
      <div className="panel vote">
        <h2>
          {L(lang, '«Кто за то, чтобы все покинули стол?»', '"Who is for all of them leaving?"')} <Rule rule="R9" />
        </h2>
        <p className="say">{L(lang, `Кандидаты: ${s.ballot.map((b) => `№${b}`).join(', ')}. Нужно больше половины живых: больше ${Math.floor(living / 2)} из ${living}. Не проголосовавший — «против».`, `Candidates: ${s.ballot.map((b) => `#${b}`).join(', ')}. More than half of the living: over ${Math.floor(living / 2)} of ${living}. No vote counts as "no".`)}</p>
        <SeatGrid
          testid="hands-grid"
          columns={5}
          seats={s.seats.map((x) => ({ seat: x.seat, disabled: !pending.includes(x.seat), selected: hands.includes(x.seat), tone: x.alive ? 'default' : 'dead', label: hands.includes(x.seat) ? L(lang, 'за', 'yes') : '' }))}
          onTap={toggle}
        />
        <div className="actions">
          <label className="count">
            {L(lang, 'или счётом:', 'or a count:')}{' '}
            <input data-testid="hand-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))} size={3} />
          </label>
          <button
            type="button"
            className="big primary"
            data-testid="apply-hands"
            disabled={count.trim() !== '' && typedYes === null}
            onClick={() => submit(L(lang, `«Все уходят?»: за ${yesCount}${typedYes ? ' (счётом)' : ''}`, `"All leave?": yes ${yesCount}${typedYes ? ' (count)' : ''}`), cmds, { closeIfOpen: true })}
          >
            {L(lang, `Закрыть: за ${yesCount}, против ${pending.length - yesCount}`, `Close: yes ${yesCount}, no ${pending.length - yesCount}`)}
          </button>
        </div>
        <FoulsCard s={s} lang={lang} submit={submit} />
      </div>
    );
  }

  const target = s.ballot[idx]!;
  const last = idx === s.ballot.length - 1;
  // With counted hands the seats behind them are unknown: the defaults are a number too.
  const defaults = countedSoFar(s) > 0 ? null : defaultVoters(s);
  const defaultsCount = defaultCount(s);
  const typed = count.trim() === '' ? null : Number(count);
  const typedCount = typed === null ? null : countCommand(s, target, typed);
  const chosen = typed === null ? hands : [];
  const apply = (): void => {
    if (typedCount) {
      submit(L(lang, `Голоса за №${target}: ${typed} (счётом)`, `Votes for #${target}: ${typed} (count)`), [typedCount]);
      return;
    }
    const { commands, refused } = handsToCommands(s, { target, hands: chosen, withdrawn });
    const note = refused.length ? [L(lang, `Не могут голосовать за №${target}: ${refused.join(', ')}`, `Cannot vote for #${target}: ${refused.join(', ')}`)] : undefined;
    const label = L(lang, `Голоса за №${target}: ${commands.length}`, `Votes for #${target}: ${commands.length}`);
    submit(label, commands, note ? { note } : {});
  };
  const entered = typed ?? chosen.length + withdrawn.length;
  return (
    <div className="panel vote">
      <h2>
        {roundName(st.round, lang)[0]!.toUpperCase() + roundName(st.round, lang).slice(1)} <Rule rule={st.round === 'revote' ? 'R9' : 'R8'} />
      </h2>
      <div className="ballot" data-testid="ballot">
        {s.ballot.map((b, i) => (
          <span key={b} className={`chip big-chip${i === idx ? ' cur' : ''}${i < idx ? ' done' : ''}`} data-target={b}>
            {seatNo(b, lang)}
            <small> {(counts.get(b)?.seats.length ?? 0) + (counts.get(b)?.counted ?? 0)}</small>
          </span>
        ))}
      </div>
      {!last ? (
        <>
          <p className="say" data-testid="vote-prompt">
            {L(lang, `«Кто за то, чтобы игрок №${target} покинул стол?» — отметьте поднятые руки.`, `"Who votes for seat ${target} to leave?" — tap the raised hands.`)}
          </p>
          <SeatGrid
            testid="hands-grid"
            columns={5}
            seats={s.seats.map((x) => ({
              seat: x.seat,
              disabled: !pending.includes(x.seat) || !mayVoteFor(s, x.seat, target) || typed !== null,
              selected: chosen.includes(x.seat) || withdrawn.includes(x.seat),
              tone: !x.alive ? 'dead' : withdrawn.includes(x.seat) ? 'warn' : 'default',
              label: withdrawn.includes(x.seat) ? L(lang, 'отдёрнул', 'pulled') : '',
            }))}
            onTap={toggle}
          />
          <div className="actions">
            <label className="count">
              {L(lang, 'или счётом:', 'or a count:')}{' '}
              <input data-testid="hand-count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))} size={3} />
            </label>
            <button type="button" className={pullMode ? 'on' : ''} data-testid="pull-mode" onClick={() => setPullMode((p) => !p)}>
              {L(lang, 'Отдёрнутая рука (R8)', 'Withdrawn hand (R8)')}
            </button>
            <button type="button" className="big primary" data-testid="apply-hands" disabled={typed !== null && typedCount === null} onClick={apply}>
              {L(lang, `Записать: ${entered} за №${target}`, `Enter: ${entered} for #${target}`)}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="say" data-testid="vote-prompt">
            {L(lang, `Последняя кандидатура №${target}: все, кто не голосовал, голосуют за неё.`, `Last candidate #${target}: everyone who has not voted votes for them.`)} <Rule rule="R8" />
          </p>
          <div className="defaults" data-testid="defaults">
            {L(lang, 'По умолчанию за', 'Default to')} №{target}: {defaults ? (defaults.length ? defaults.map((d) => `№${d}`).join(', ') : '—') : L(lang, 'без номеров (подсчёт рук)', 'no seats (hands counted)')} ({defaultsCount})
          </div>
          <div className="actions">
            <button
              type="button"
              className="big primary"
              data-testid="close-vote"
              onClick={() => submit(L(lang, `Закрыть голосование: ${defaultsCount} по умолчанию за №${target}`, `Close the vote: ${defaultsCount} default to #${target}`), [{ by: 'judge', do: 'closeVote' }])}
            >
              {L(lang, `Закрыть голосование (${defaultsCount} → №${target})`, `Close the vote (${defaultsCount} → #${target})`)}
            </button>
          </div>
        </>
      )}
      <FoulsCard s={s} lang={lang} submit={submit} />
    </div>
  );
}
