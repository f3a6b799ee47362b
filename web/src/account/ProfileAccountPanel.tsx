// A player's account as the public sees it, by nickname: registered since, earlier nicknames,
// clubs, tournament players claimed. For the public player profile (/players/:nickname) to show;
// renders nothing for a nickname no account has (a guest's name).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../lib/i18n.js';
import { accountApi, type PublicAccount } from './account-api.js';

export function ProfileAccountPanel({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const [acc, setAcc] = useState<PublicAccount | null>(null);
  useEffect(() => {
    let live = true;
    accountApi.account(nickname).then(
      (a) => live && setAcc(a),
      () => live && setAcc(null),
    );
    return () => {
      live = false;
    };
  }, [nickname]);
  if (!acc) return null;
  const earlier = acc.nicknames.filter((n) => n !== acc.nickname);
  return (
    <section className="panel account-panel" aria-label={t('account.profile.title')} data-testid="profile-account">
      <p>
        <span className="badge">{t('account.profile.registered')}</span> {t('account.profile.since', { date: new Date(acc.since).toLocaleDateString(dateLocale()) })}
      </p>
      {earlier.length > 0 && <p>{t('account.profile.earlier', { names: earlier.join(', ') })}</p>}
      {acc.clubs.length > 0 && (
        <p>
          {t('account.profile.clubs')}: {acc.clubs.map((c) => `${c.name} (${t(`account.role.${c.role}`)})`).join(', ')}
        </p>
      )}
      {acc.players.length > 0 && <p>{t('account.profile.claimed', { count: acc.players.length })}</p>}
    </section>
  );
}
