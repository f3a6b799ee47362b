// The player's own role, face down until tapped so a neighbour cannot glance at it. Black players
// see their team on the back; the card also says what the night panel's moves mean for this role.
import { useTranslation } from 'react-i18next';
import { ROLE_DEFS, type GameView } from '../../../src/engine/index.js';
import { nameOf } from '../lib/format.js';
import { nightSlots } from './night-slots.js';

export function RoleCard({ view, open, onToggle }: { view: GameView; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const you = view.you;
  if (!you) return null;
  const name = nameOf(view);
  const mates = view.seats.filter((s) => s.team === 'black' && s.seat !== you.seat && s.role);
  const slots = nightSlots(you.role, view.options);
  // What the introduction night's three marks mean for this role (R17): the plan, or a screen.
  const hasPlan = ROLE_DEFS[you.role].abilities.some((a) => a.verb === 'plan' && a.when === 'intro');
  return (
    <section className={`role-card${open ? ' role-open' : ''}`} aria-label={t('role.card')}>
      <button type="button" className="role-toggle" aria-expanded={open} onClick={onToggle}>
        {open ? t('role.hide') : t('role.show')}
      </button>
      {open && (
        <div className={`role-face team-${you.team}`} data-testid="role-face">
          <div className="role-title">{t(`role.${you.role}`)}</div>
          <div className="role-team">{t(`team.${you.team}`)}</div>
          {you.team === 'black' && mates.length > 0 && (
            <div className="role-mates">
              {t('role.mates')}: {mates.map((m) => `${name(m.seat)} (${t(`role.${m.role!}`)})`).join(', ')}
            </div>
          )}
          <div className="role-night">
            {t('night.moveN', { n: 1 })}: {slots[0] ? t([`verbHelp.${you.role}_${slots[0]}`, `verbHelp.${slots[0]}`]) : t('verbHelp.none')}
            <br />
            {t('night.moveN', { n: 2 })}: {slots[1] ? t([`verbHelp.${you.role}_${slots[1]}`, `verbHelp.${slots[1]}`]) : t('verbHelp.none')}
            {hasPlan && (
              <>
                <br />
                {t('verbHelp.plan')}
              </>
            )}
          </div>
          {view.stage.kind === 'night' && view.stage.intro && (
            <p className="role-intro" data-testid="role-intro">
              {t(hasPlan ? 'role.introDon' : you.team === 'black' ? 'role.introBlack' : 'role.introRed')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
