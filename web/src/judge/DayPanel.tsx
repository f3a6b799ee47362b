// Day: the speaking order, the current speaker with the big timer, nominations on the speaker's
// behalf, the floor (club), and fouls/removals for every seat.
import { useState } from 'react';
import { currentSpeech, legalCommands, rulesOf, seatNo, type Command, type GameState } from '../../../src/engine/index.js';
import { foulMeaning, nextFoulEffect } from './fouls.js';
import type { Lang } from './lang.js';
import { morningAnnouncement } from './script.js';
import { TimerAdjust, TimerClock, useSpeechTimer } from './SpeechTimer.js';
import { Rule, SeatGrid } from './ui.js';

type Submit = (label: string, commands: Command[], opts?: { closeIfOpen?: boolean; note?: string[] }) => boolean;

const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

/** Today's speaking order (R3) from the day's opening event. */
export function todaysOrder(s: GameState): number[] {
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'dayStarted') return e.order;
  }
  return [];
}

function speechLabel(kind: string, short: boolean, lang: Lang): string {
  if (kind === 'last') return L(lang, 'Последнее слово', 'Last word');
  if (kind === 'tie') return L(lang, 'Оправдательная речь (перестрелка)', 'Tie speech');
  if (kind === 'respeech') return L(lang, 'Дополнительная речь (первый день)', 'Extra speech (day one)');
  if (kind === 'silent') return L(lang, 'Без речи (три фола): только выставление', 'No speech (three fouls): a nomination only');
  return short ? L(lang, 'Укороченная речь (три фола)', 'Short speech (three fouls)') : L(lang, 'Речь', 'Speech');
}

/** fiim 9.8: a removal cancelled today's vote — the judge says so before the speeches end. */
export function CancelledVote({ s, lang }: { s: GameState; lang: Lang }) {
  if (s.voteCancelled !== s.number) return null;
  const e = s.log.findLast((x) => x.t === 'voteCancelled');
  const seat = e && e.t === 'voteCancelled' ? e.seat : 0;
  return (
    <p className="card warn" data-testid="vote-cancelled">
      {L(lang, `Голосования сегодня не будет: его отменило удаление №${seat}.`, `No vote today: the removal of #${seat} cancelled it.`)} <Rule rule="fiim 9.8" />
    </p>
  );
}

/** fiim 8.17, R34: the first victim names up to three seats in the last word. */
function BestMoveCard({ s, speaker, lang, submit }: { s: GameState; speaker: number; lang: Lang; submit: Submit }) {
  const [picked, setPicked] = useState<number[]>([]);
  const offered = legalCommands(s, speaker).some((c) => c.do === 'bestMove');
  if (!offered) return null;
  const toggle = (seat: number): void => setPicked((p) => (p.includes(seat) ? p.filter((x) => x !== seat) : p.length < 3 ? [...p, seat] : p));
  return (
    <div className="card" data-testid="best-move">
      <h3>
        {L(lang, `Лучший ход №${speaker}: до трёх чёрных`, `Best move of #${speaker}: up to three black`)} <Rule rule={s.options.firstKilledGuess ? 'fiim 8.17' : 'R34'} />
      </h3>
      <SeatGrid testid="best-move-grid" columns={5} seats={s.seats.filter((x) => x.seat !== speaker).map((x) => ({ seat: x.seat, selected: picked.includes(x.seat) }))} onTap={toggle} />
      <div className="actions">
        <button
          type="button"
          className="big primary"
          data-testid="best-move-enter"
          disabled={picked.length === 0}
          onClick={() => submit(L(lang, `Лучший ход №${speaker}: ${picked.map((p) => `№${p}`).join(', ')}`, `Best move of #${speaker}: ${picked.map((p) => `#${p}`).join(', ')}`), [{ by: speaker, do: 'bestMove', targets: picked }])}
        >
          {L(lang, 'Записать лучший ход', 'Enter the best move')}
        </button>
      </div>
    </div>
  );
}

export function SpeakingOrder({ s, lang }: { s: GameState; lang: Lang }) {
  const order = todaysOrder(s);
  const st = s.stage;
  const current = st.kind === 'speech' ? st.seat : null;
  return (
    <div className="order" data-testid="speaking-order">
      <span className="order-title">
        {L(lang, 'Порядок речей', 'Speaking order')} <Rule rule="R3" />
      </span>
      {order.map((seat) => {
        const x = s.seats[seat - 1]!;
        const done = !s.queue.includes(seat) && seat !== current;
        const cls = seat === current ? 'cur' : !x.alive ? 'dead' : done ? 'done' : x.silenced || rulesOf(s).mutedToday(s, seat) ? 'silenced' : '';
        return (
          <span key={seat} className={`order-chip ${cls}`} data-seat={seat}>
            {seat}
          </span>
        );
      })}
    </div>
  );
}

export function Morning({ s, lang }: { s: GameState; lang: Lang }) {
  const lines = morningAnnouncement(s, lang);
  if (lines.length === 0 || s.number < 2) return null;
  return (
    <div className="card morning" data-testid="morning">
      <h3>
        {L(lang, 'Объявление утра', 'Morning announcement')} <Rule rule="R14" />
      </h3>
      {lines.map((l, i) => (
        <p key={i} className="say">
          {l}
        </p>
      ))}
    </div>
  );
}

export function DayPanel({ id, s, lang, submit }: { id: string; s: GameState; lang: Lang; submit: Submit }) {
  const st = s.stage;
  const speaker = st.kind === 'speech' ? st.seat : null;
  // The day flow says how long this turn is (a short speech, a silent turn, …).
  const total = (currentSpeech(s)?.seconds ?? 0) * 1000;
  const timer = useSpeechTimer({ id, totalMs: total, resetKey: `${s.log.length > 0 ? lastSpeechStart(s) : 0}`, seat: speaker });
  if (st.kind !== 'speech' || speaker === null) return null;
  const legal = legalCommands(s, speaker);
  const canNominate = legal.some((c) => c.do === 'nominate');
  const canWithdraw = legal.some((c) => c.do === 'withdraw');
  const floor = legal.filter((c) => c.do === 'giveFloor');
  const name = s.seats[speaker - 1]?.name ?? '';
  const nominated = new Set(s.nominations.map((n) => n.target));
  return (
    <div className="panel day">
      {/* Sticky: the speaker, the clock and "thank you" stay in view while the judge scrolls. */}
      <div className="day-now" data-testid="day-now">
        <div className="speaker" data-testid="speaker" data-seat={speaker}>
          <div className="speaker-num">{seatNo(speaker, lang)}</div>
        </div>
        {/* A cell of its own: on a phone it takes a full row under the number and the clock, so a
            long turn («лишён слова (три фола), может выставить кандидатуру») wraps instead of
            running under the clock. */}
        <div className="speaker-text" data-testid="speaker-kind">
          <div className="speaker-kind">
            {speechLabel(st.speech, st.short === true, lang)} <Rule rule={currentSpeech(s)?.decl.rule ?? 'R4'} />
          </div>
          {name !== String(speaker) && <div className="speaker-name">{name}</div>}
        </div>
        <TimerClock timer={timer} lang={lang} />
        <button type="button" className="big primary end-speech" data-testid="end-speech" onClick={() => submit(L(lang, `№${speaker}: «Спасибо»`, `#${speaker}: "Thank you"`), [{ by: speaker, do: 'endSpeech' }])}>
          {L(lang, '«Спасибо» — следующий', '"Thank you" — next')}
        </button>
      </div>
      <div className="day-rest">
        <Morning s={s} lang={lang} />
        <SpeakingOrder s={s} lang={lang} />
        <div className="actions">
          <TimerAdjust timer={timer} lang={lang} />
          <button type="button" data-testid="time-up" onClick={() => submit(L(lang, 'Время вышло', 'Time is up'), [{ by: 'clock', do: 'endSpeech' }])}>
            {L(lang, 'Время вышло', 'Time is up')}
          </button>
          {canWithdraw && (
            <button type="button" data-testid="withdraw" onClick={() => submit(L(lang, `№${speaker} отзывает кандидатуру`, `#${speaker} withdraws`), [{ by: speaker, do: 'withdraw' }])}>
              {L(lang, 'Отозвать кандидатуру', 'Withdraw the nomination')} <Rule rule="R5" />
            </button>
          )}
        </div>
        <CancelledVote s={s} lang={lang} />
        <BestMoveCard key={s.log.length} s={s} speaker={speaker} lang={lang} submit={submit} />
        {currentSpeech(s)?.decl.nominate && (
          <div className="card">
            <h3>
              {L(lang, `№${speaker} выставляет…`, `#${speaker} nominates…`)} <Rule rule="R5" />
            </h3>
            {!canNominate && (
              <p className="muted" data-testid="nominate-closed">
                {s.nominations.some((n) => n.by === speaker) ? L(lang, 'Кандидатура этого игрока уже выставлена (одна за день).', 'This speaker already has a nomination standing (one a day).') : L(lang, 'Этот игрок сейчас не может выставлять.', 'This speaker cannot nominate now.')}
              </p>
            )}
            <SeatGrid
              testid="nominate-grid"
              columns={10}
              seats={s.seats.map((x) => ({
                seat: x.seat,
                disabled: !x.alive,
                selected: nominated.has(x.seat),
                tone: !x.alive ? 'dead' : 'default',
              }))}
              onTap={(t) => submit(L(lang, `№${speaker} выставляет №${t}`, `#${speaker} nominates #${t}`), [{ by: speaker, do: 'nominate', target: t }])}
            />
            {floor.length > 0 && (
              <>
                <h3>
                  {L(lang, 'Дать слово', 'Give the floor')} <Rule rule="R27" />
                </h3>
                <SeatGrid
                  testid="floor-grid"
                  columns={10}
                  seats={floor.map((c) => ({ seat: c.target as number }))}
                  onTap={(t) => submit(L(lang, `№${speaker} даёт слово №${t}`, `#${speaker} gives the floor to #${t}`), [{ by: speaker, do: 'giveFloor', target: t }])}
                />
              </>
            )}
          </div>
        )}
        <Nominations s={s} lang={lang} />
        <FoulsCard s={s} lang={lang} submit={submit} />
      </div>
    </div>
  );
}

function lastSpeechStart(s: GameState): number {
  for (let i = s.log.length - 1; i >= 0; i--) if (s.log[i]!.t === 'speechStarted') return i;
  return 0;
}

export function Nominations({ s, lang }: { s: GameState; lang: Lang }) {
  return (
    <div className="nominations" data-testid="nominations">
      <span>{L(lang, 'Выставлены:', 'Nominated:')}</span>{' '}
      {s.nominations.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        s.nominations.map((n) => (
          <span key={n.target} className="chip" data-target={n.target}>
            №{n.target} <small>({L(lang, 'от', 'by')} №{n.by})</small>
          </span>
        ))
      )}
    </div>
  );
}

const REASONS: [string, string][] = [
  ['подглядывание', 'peeking'],
  ['снятая маска', 'mask off'],
  ['провокация', 'provocation'],
  ['клятва', 'oath'],
  ['пари', 'bet'],
  ['ушёл из-за стола', 'left the table'],
  ['подсказки ночью', 'hints at night'],
  ['оскорбление', 'insult'],
];

export function FoulsCard({ s, lang, submit }: { s: GameState; lang: Lang; submit: Submit }) {
  const [mode, setMode] = useState<'foul' | 'techFoul' | 'remove'>('foul');
  const judgeMoves = legalCommands(s, 'judge');
  const tech = judgeMoves.some((c) => c.do === 'techFoul');
  const penalised = new Set(judgeMoves.filter((c) => c.do === 'foul').map((c) => c.target));
  const [reason, setReason] = useState(0);
  const reasonText = (REASONS[reason] ?? REASONS[0]!)[lang === 'ru' ? 0 : 1];
  return (
    <div className="card fouls" data-testid="fouls">
      <div className="row">
        <h3>
          {L(lang, 'Фолы и удаления', 'Fouls and removals')} <Rule rule="R6" />
        </h3>
        <div className="seg">
          <button type="button" className={mode === 'foul' ? 'on' : ''} data-testid="mode-foul" onClick={() => setMode('foul')}>
            {L(lang, 'Фол', 'Foul')}
          </button>
          {tech && (
            <button type="button" className={mode === 'techFoul' ? 'on' : ''} data-testid="mode-tech" onClick={() => setMode('techFoul')}>
              {L(lang, 'Тех. фол', 'Tech foul')}
            </button>
          )}
          <button type="button" className={mode === 'remove' ? 'on' : ''} data-testid="mode-remove" onClick={() => setMode('remove')}>
            {L(lang, 'Удаление', 'Removal')}
          </button>
        </div>
      </div>
      {mode === 'remove' && (
        <label className="row">
          {L(lang, 'Причина:', 'Reason:')}{' '}
          <select data-testid="remove-reason" value={reason} onChange={(e) => setReason(Number(e.target.value))}>
            {REASONS.map((r, i) => (
              <option key={i} value={i}>
                {r[lang === 'ru' ? 0 : 1]}
              </option>
            ))}
          </select>
        </label>
      )}
      <SeatGrid
        testid="foul-grid"
        columns={5}
        seats={s.seats.map((x) => ({
          seat: x.seat,
          // The engine lists who may be penalised: the living, and a leaver in their last word (fiim 9.7).
          disabled: !penalised.has(x.seat),
          tone: !x.alive ? 'dead' : x.fouls >= 3 ? 'warn' : 'default',
          label: penalised.has(x.seat) ? `${L(lang, 'фолы', 'fouls')}: ${x.fouls}${x.techFouls ? ` · ${L(lang, 'тех.', 'tech')}: ${x.techFouls}` : ''}` : L(lang, 'выбыл', 'out'),
          sub: x.alive
            ? mode === 'techFoul'
              ? (x.techFouls ?? 0) >= 1
                ? L(lang, '→ второй технический: удаление (fiim 9.6)', '→ a second technical: removal (fiim 9.6)')
                : ''
              : foulMeaning(s, x.seat, lang) || (mode === 'foul' && x.fouls >= 2 ? `→ ${nextFoulEffect(s, x.seat, lang)}` : '')
            : '',
        }))}
        onTap={(t) =>
          mode === 'foul'
            ? submit(L(lang, `Фол №${t}`, `Foul #${t}`), [{ by: 'judge', do: 'foul', target: t }])
            : mode === 'techFoul'
              ? submit(L(lang, `Технический фол №${t}`, `Technical foul #${t}`), [{ by: 'judge', do: 'techFoul', target: t }])
              : submit(L(lang, `Удаление №${t} (${reasonText})`, `Removal #${t} (${reasonText})`), [{ by: 'judge', do: 'remove', target: t, reason: reasonText }])
        }
      />
    </div>
  );
}
