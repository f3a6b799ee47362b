// Night: the judge's script for the preset with an input beside each step — the don's plan on
// night 1 (R17), each black player's shot (or "all at N"), the checks with the answer to show by
// gesture, and the other roles' actions (R12, R13, R22–R23, R32–R33).
import { useState } from 'react';
import { seatNo, type Command, type GameState } from '../../../src/engine/index.js';
import { roleName, verbName } from './format.js';
import type { Lang } from './lang.js';
import { allAt, checkAnswer, donSeat, nightSlots, slotCommand, type NightSlot } from './night.js';
import { nightScript, STEP_VERBS } from './script.js';
import { Rule, SeatGrid } from './ui.js';

/** A script line's rule number, shown only beside the lines that ask for an entry (its source stays a tooltip). */
function lineRule(source: string): string | undefined {
  return /R\d+/.exec(source)?.[0];
}

type Submit = (label: string, commands: Command[], opts?: { closeIfOpen?: boolean; note?: string[] }) => boolean;
const L = (lang: Lang, ru: string, en: string): string => (lang === 'ru' ? ru : en);

export function IntroNightPanel({ s, lang, submit }: { s: GameState; lang: Lang; submit: Submit }) {
  const [plan, setPlan] = useState<number[]>([]);
  const don = donSeat(s);
  const planned = [...s.log].reverse().find((e) => e.t === 'planSet');
  const script = nightScript(s.preset, true);
  return (
    <div className="panel night">
      <h2>
        {L(lang, `Ночь ${s.number}: знакомство`, `Night ${s.number}: introductions`)} <Rule rule="R1" />
      </h2>
      <ol className="script" data-testid="script">
        {script.map((line, i) => (
          <li key={i}>
            <span className="say" title={line.source}>{line[lang]}</span> {line.step && <Rule rule={lineRule(line.source)} />}
            {line.step === 'plan' && don !== null && (
              <div className="card" data-testid="plan">
                <h3>
                  {L(lang, `План дона (№${don}) — номера по порядку`, `Don's plan (#${don}) — seats in order`)} <Rule rule="R17" />
                </h3>
                <SeatGrid
                  testid="plan-grid"
                  columns={10}
                  seats={s.seats.map((x) => ({ seat: x.seat, selected: plan.includes(x.seat), label: plan.includes(x.seat) ? `${plan.indexOf(x.seat) + 1}` : '' }))}
                  onTap={(t) => setPlan((p) => (p.includes(t) ? p.filter((x) => x !== t) : [...p, t]))}
                />
                <div className="actions">
                  <button type="button" data-testid="save-plan" disabled={plan.length === 0} onClick={() => {
                      if (submit(L(lang, `План дона: ${plan.join(' → ')}`, `Don's plan: ${plan.join(' → ')}`), [{ by: don, do: 'plan', targets: plan }])) setPlan([]);
                    }}>
                    {L(lang, 'Записать план', 'Save the plan')}
                  </button>
                  {planned && planned.t === 'planSet' && (
                    <span data-testid="plan-saved">
                      {L(lang, 'Записан:', 'Saved:')} {planned.targets.map((t) => `№${t}`).join(' → ')}
                    </span>
                  )}
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="big primary" data-testid="end-night" onClick={() => submit(L(lang, 'Утро', 'Morning'), [{ by: 'judge', do: 'endNight' }])}>
          {L(lang, '«Утро. Все просыпаются»', '"Morning. Everyone wakes up"')}
        </button>
      </div>
    </div>
  );
}

function SlotRow({ s, slot, lang, submit }: { s: GameState; slot: NightSlot; lang: Lang; submit: Submit }) {
  const title = `${seatNo(slot.seat, lang)} · ${roleName(slot.role, lang)} — ${verbName(slot.verb, lang)}`;
  const answer = slot.verb === 'check' && slot.done && slot.done.target !== null ? checkAnswer(s, slot.seat, slot.done.target, lang) : null;
  const rule = slot.verb === 'shoot' ? 'R12' : slot.verb === 'check' ? 'R13' : s.preset === 'club' ? 'R22' : s.preset === 'tournament' ? 'R32' : 'R18';
  const nullLabel = slot.verb === 'shoot' ? L(lang, 'Не стрелял', 'No shot') : L(lang, 'Пропуск', 'Skip');
  return (
    <div className="slot card" data-testid={`slot-${slot.seat}-${slot.verb}`}>
      <h3>
        {title} <Rule rule={rule} />
      </h3>
      {slot.done ? (
        <div className="done" data-testid="slot-done">
          ✓ {slot.done.target === null ? nullLabel : seatNo(slot.done.target, lang)}
          {answer && (
            <span className={`answer ${answer.yes ? 'yes' : 'no'}`} data-testid="check-answer">
              {answer.text} — {answer.gesture}
            </span>
          )}
        </div>
      ) : (
        <>
          <SeatGrid
            testid={`slot-grid-${slot.seat}-${slot.verb}`}
            columns={10}
            seats={s.seats.map((x) => ({ seat: x.seat, disabled: !slot.targets.includes(x.seat), tone: x.alive ? 'default' : 'dead' }))}
            onTap={(t) => {
              const note = slot.verb === 'check' ? checkAnswer(s, slot.seat, t, lang) : null;
              submit(title.replace(/ — .*/, '') + ` → ${seatNo(t, lang)}`, [slotCommand(slot, t)], note ? { note: [`${note.text} — ${note.gesture}`] } : {});
            }}
          />
          {slot.targets.includes(null) && (
            <button type="button" data-testid={`slot-none-${slot.seat}-${slot.verb}`} onClick={() => submit(`${seatNo(slot.seat, lang)}: ${nullLabel}`, [slotCommand(slot, null)])}>
              {nullLabel}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** What the shots add up to (R12): one seat shot by every shooter, or a miss. */
function ShotVerdict({ shots, lang }: { shots: NightSlot[]; lang: Lang }) {
  const targets = new Set(shots.map((x) => x.done?.target ?? null));
  const [only] = [...targets];
  const hit = targets.size === 1 && only !== null && only !== undefined;
  return (
    <div className={`verdict ${hit ? 'hit' : 'miss'}`} data-testid="shot-verdict">
      {hit ? L(lang, `Все стреляли в №${only} — выстрел засчитан`, `All shot #${only} — the shot counts`) : L(lang, 'Выстрелы не совпали — промах', 'The shots differ — a miss')} <Rule rule="R12" />
    </div>
  );
}

export function NightPanel({ s, lang, submit }: { s: GameState; lang: Lang; submit: Submit }) {
  const slots = nightSlots(s);
  const script = nightScript(s.preset, false);
  const shots = slots.filter((x) => x.verb === 'shoot');
  const open = shots.filter((x) => !x.done);
  const used = new Set<NightSlot>();
  const forStep = (step: NonNullable<(typeof script)[number]['step']>): NightSlot[] => {
    const spec = STEP_VERBS[step];
    const out = slots.filter((x) => !used.has(x) && x.verb === spec.verb && (spec.who === undefined || spec.who(x.role)));
    out.forEach((x) => used.add(x));
    return out;
  };
  const rows = script.map((line) => ({ line, slots: line.step ? forStep(line.step) : [] }));
  const rest = slots.filter((x) => !used.has(x));
  return (
    <div className="panel night">
      <h2>
        {L(lang, `Ночь ${s.number}`, `Night ${s.number}`)} <Rule rule="R18" />
      </h2>
      <ol className="script" data-testid="script">
        {rows.map(({ line, slots: ss }, i) => (
          <li key={i}>
            <span className="say" title={line.source}>{line[lang]}</span> {line.step && <Rule rule={lineRule(line.source)} />}
            {line.step === 'shots' && open.length > 0 && (
              <div className="card all-at" data-testid="all-at">
                <h3>
                  {L(lang, 'Все стреляют в №…', 'All shoot at #…')} <Rule rule="R12" />
                </h3>
                <SeatGrid
                  testid="all-at-grid"
                  columns={10}
                  seats={s.seats.map((x) => ({ seat: x.seat, disabled: !x.alive }))}
                  onTap={(t) => submit(L(lang, `Все чёрные стреляют в №${t}`, `All black shoot #${t}`), allAt(s, t))}
                />
              </div>
            )}
            {ss.map((slot) => (
              <SlotRow key={`${slot.seat}-${slot.verb}`} s={s} slot={slot} lang={lang} submit={submit} />
            ))}
            {line.step === 'shots' && shots.length > 0 && open.length === 0 && <ShotVerdict shots={shots} lang={lang} />}
          </li>
        ))}
      </ol>
      {rest.map((slot) => (
        <SlotRow key={`${slot.seat}-${slot.verb}`} s={s} slot={slot} lang={lang} submit={submit} />
      ))}
      <div className="actions">
        <button type="button" className="big" data-testid="end-night" onClick={() => submit(L(lang, 'Закрыть ночь', 'Close the night'), [{ by: 'judge', do: 'endNight' }])}>
          {L(lang, 'Закрыть ночь (ход не сделан — промах)', 'Close the night (missing actions count as none)')}
        </button>
      </div>
    </div>
  );
}
