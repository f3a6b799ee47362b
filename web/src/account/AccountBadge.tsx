// The header's account link: the signed-in nickname (to the account page) or "Sign in".
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.js';
import { useMe } from './session.js';

export function AccountBadge() {
  const { t } = useTranslation();
  const me = useMe();
  if (me === undefined) return null;
  return (
    <Link to="/account" className="account-badge" data-testid="account-badge">
      {me ? me.nickname : t('account.signIn')}
    </Link>
  );
}
