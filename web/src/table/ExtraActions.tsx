// Moves a preset adds beyond speeches and votes (giving the floor, a lawyer's protection, the
// best move…): whatever the server lists as legal that no other panel handles. Never at night,
// so the night screen stays the same for every role.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../lib/i18n.js';
import type { Command, GameView } from '../../../src/engine/index.js';
import { nameOf } from '../lib/format.js';
import type { Legal, Send } from './types.js';

const HANDLED = new Set<string>(['endSpeech', 'nominate', 'withdraw', 'vote', 'say', 'plan']);
/** Verbs only one role has: shown only while the role card is face up, so a glance can't tell roles apart. */
const ROLE_VERBS = new Set<string>(['protect', 'explode', 'seduce', 'heal', 'block', 'save', 'kill', 'skip', 'shoot', 'check']);

function Row({ verb, cmds, view, send }: { verb: string; cmds: Command[]; view: GameView; send: Send }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = nameOf(view);
  const targets = cmds.map((c) => c.target).filter((x): x is number => typeof x === 'number');
  const run = async (c: Omit<Command, 'by'>): Promise<void> => {
    setError(null);
    const r = await send(c);
    if (!r.ok) setError(t(`err.${r.error.code}`, { defaultValue: r.error.message[currentLang()] }));
  };
  return (
    <div className="nominate-row" data-verb={verb}>
      {targets.length > 0 ? (
        <>
          <select aria-label={t(`verb.${verb}`)} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t('night.choose')}</option>
            {targets.map((s) => (
              <option key={s} value={s}>
                {name(s)}
              </option>
            ))}
          </select>
          <button type="button" className="btn" disabled={!target} onClick={() => void run({ do: verb as Command['do'], target: Number(target) })}>
            {t(`verb.${verb}`)}
          </button>
        </>
      ) : (
        <button type="button" className="btn" onClick={() => void run({ do: verb as Command['do'] })}>
          {t(`verb.${verb}`)}
        </button>
      )}
      {error && <span className="error">{error}</span>}
    </div>
  );
}

export function ExtraActions({ view, send, legal, showPrivate = true }: { view: GameView; send: Send; legal?: Legal; showPrivate?: boolean }) {
  const { t } = useTranslation();
  if (!legal || view.stage.kind === 'night' || view.finished) return null;
  const byVerb = new Map<string, Command[]>();
  for (const c of legal) {
    if (HANDLED.has(c.do) || c.targets !== undefined) continue;
    if (!showPrivate && ROLE_VERBS.has(c.do)) continue;
    byVerb.set(c.do, [...(byVerb.get(c.do) ?? []), c]);
  }
  if (byVerb.size === 0) return null;
  return (
    <section className="panel" aria-label={t('extra.title')}>
      <h3>{t('extra.title')}</h3>
      {[...byVerb].map(([verb, cmds]) => (
        <Row key={verb} verb={verb} cmds={cmds} view={view} send={send} />
      ))}
    </section>
  );
}
