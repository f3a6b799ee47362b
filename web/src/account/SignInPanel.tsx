// Signing in and up: a passkey first (one button, no nickname to type to sign in), a password as
// the fallback (a phone without a passkey, an old browser).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.js';
import { currentLang } from '../lib/i18n.js';
import { accountApi, passkeysAvailable } from './account-api.js';
import { refreshMe } from './session.js';

/** What a refused or cancelled passkey ceremony says (the browser's own errors are in English). */
function passkeyError(e: unknown, t: (k: string) => string): string {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return t('account.passkeyCancelled');
  if (name && name !== 'ApiError' && !(e as { status?: number }).status) return t('account.passkeyUnsupported');
  return errorText(e, currentLang());
}

export function SignInPanel() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'signin' | 'signup'>('signin');
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeys = passkeysAvailable();

  const run = async (fn: () => Promise<unknown>, passkey: boolean): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      await refreshMe();
    } catch (e) {
      setError(passkey ? passkeyError(e, t) : errorText(e, currentLang()));
    } finally {
      setBusy(false);
    }
  };
  const submitPassword = (e: FormEvent): void => {
    e.preventDefault();
    void run(() => (mode === 'signup' ? accountApi.signUp(nickname.trim(), password) : accountApi.signIn(nickname.trim(), password)), false);
  };

  return (
    <main className="page narrow account-page">
      <h1>{mode === 'signin' ? t('account.signInTitle') : t('account.signUpTitle')}</h1>
      <p className="hint">{t('account.why')}</p>
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'signin'} className={`btn btn-small${mode === 'signin' ? ' btn-primary' : ''}`} onClick={() => setMode('signin')} data-testid="tab-signin">
          {t('account.signIn')}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'signup'} className={`btn btn-small${mode === 'signup' ? ' btn-primary' : ''}`} onClick={() => setMode('signup')} data-testid="tab-signup">
          {t('account.signUp')}
        </button>
      </div>
      {passkeys ? (
        <section className="panel">
          <h2>{t('account.passkey')}</h2>
          <p className="option-doc">{t('account.passkeyHelp')}</p>
          {mode === 'signin' ? (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(() => accountApi.passkeySignIn(), true)} data-testid="passkey-signin">
              {t('account.passkeySignIn')}
            </button>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void run(() => accountApi.passkeyRegister(nickname.trim()), true);
              }}
            >
              <label htmlFor="pk-nick">{t('account.nickname')}</label>
              <input id="pk-nick" value={nickname} maxLength={32} autoComplete="username webauthn" onChange={(e) => setNickname(e.target.value)} data-testid="passkey-nickname" />
              <button type="submit" className="btn btn-primary" disabled={busy || nickname.trim().length < 2} data-testid="passkey-signup">
                {t('account.passkeySignUp')}
              </button>
            </form>
          )}
        </section>
      ) : (
        <p className="hint">{t('account.passkeyUnavailable')}</p>
      )}
      <details className="panel" open={!passkeys}>
        <summary data-testid="password-toggle">{mode === 'signin' ? t('account.withPassword') : t('account.signUpPassword')}</summary>
        <form onSubmit={submitPassword}>
          <label htmlFor="pw-nick">{t('account.nickname')}</label>
          <input id="pw-nick" value={nickname} maxLength={32} autoComplete="username" onChange={(e) => setNickname(e.target.value)} data-testid="password-nickname" />
          <label htmlFor="pw">{t('account.password')}</label>
          <input
            id="pw"
            type="password"
            value={password}
            maxLength={256}
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="password"
          />
          {mode === 'signup' && <p className="option-doc">{t('account.passwordRule')}</p>}
          <button type="submit" className="btn" disabled={busy || !nickname.trim() || !password} data-testid="password-submit">
            {mode === 'signin' ? t('account.signIn') : t('account.signUp')}
          </button>
        </form>
      </details>
      {error && (
        <p className="error" role="alert" data-testid="account-error">
          {error}
        </p>
      )}
    </main>
  );
}
