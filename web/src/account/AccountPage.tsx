// /account: sign in or up (SignInPanel) for a guest; for a player, their account — seats and
// games, nickname and its history, clubs, a claim code from an organizer, passkeys and password,
// the data export and the deletion.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { Link } from '../lib/router.js';
import { accountApi, passkeysAvailable, type Me, type MySeat } from './account-api.js';
import { refreshMe, useMe } from './session.js';
import { SignInPanel } from './SignInPanel.js';
import './account.css';

/** A one-field form with its own result line. */
function MiniForm({ label, id, submit, button, type = 'text', testId, max = 64 }: { label: string; id: string; submit: (v: string) => Promise<ReactNode>; button: string; type?: string; testId?: string; max?: number }) {
  const [v, setV] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: ReactNode } | null>(null);
  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    try {
      setMsg({ ok: true, text: await submit(v.trim()) });
      setV('');
    } catch (x) {
      setMsg({ ok: false, text: errorText(x, currentLang()) });
    }
  };
  return (
    <form className="mini-form" onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input id={id} type={type} value={v} maxLength={max} onChange={(e) => setV(e.target.value)} {...(testId ? { 'data-testid': testId } : {})} />
        <button type="submit" className="btn" disabled={!v.trim()}>
          {button}
        </button>
      </div>
      {msg && <p className={msg.ok ? 'hint' : 'error'}>{msg.text}</p>}
    </form>
  );
}

/** A new password; an existing one is changed only with the current one. */
function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    try {
      await accountApi.setPassword(next, hasPassword ? current : undefined);
      await refreshMe();
      setMsg({ ok: true, text: t('account.passwordSaved') });
      setCurrent('');
      setNext('');
    } catch (x) {
      setMsg({ ok: false, text: errorText(x, currentLang()) });
    }
  };
  return (
    <form className="mini-form" onSubmit={(e) => void onSubmit(e)}>
      {hasPassword && (
        <>
          <label htmlFor="current-password">{t('account.currentPassword')}</label>
          <input id="current-password" type="password" autoComplete="current-password" value={current} maxLength={256} onChange={(e) => setCurrent(e.target.value)} />
        </>
      )}
      <label htmlFor="new-password">{t('account.newPassword')}</label>
      <div className="row">
        <input id="new-password" type="password" autoComplete="new-password" value={next} maxLength={256} onChange={(e) => setNext(e.target.value)} />
        <button type="submit" className="btn" disabled={!next || (hasPassword && !current)}>
          {t('account.savePassword')}
        </button>
      </div>
      {msg && <p className={msg.ok ? 'hint' : 'error'}>{msg.text}</p>}
    </form>
  );
}

function SeatLine({ s }: { s: MySeat }) {
  const { t } = useTranslation();
  const when = s.finishedAt ?? s.createdAt;
  const label = (
    <>
      {s.preset ? t(`preset.${s.preset}`, { defaultValue: s.preset }) : t('account.table')}{' '}
      <span className="muted">
        {t('account.seatN', { n: s.seat })} · {s.status === 'finished' && s.winner ? t(`winner.${s.winner}`, { defaultValue: t('account.status.finished') }) : t(`account.status.${s.status}`)}
        {when ? ` · ${new Date(when).toLocaleString(dateLocale(), { dateStyle: 'short', timeStyle: 'short' })}` : ''}
      </span>
    </>
  );
  if (s.status === 'lobby' || s.status === 'playing') return <Link to={`/play/${encodeURIComponent(s.table)}`} data-testid="my-seat">{label}</Link>;
  if (s.status === 'finished') return <Link to={`/replay/${encodeURIComponent(s.table)}`} data-testid="my-game">{label}</Link>;
  return <span>{label}</span>;
}

function Signed({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const date = (ms: number): string => new Date(ms).toLocaleDateString(dateLocale());
  const act = (fn: () => Promise<unknown>, done?: string) => () =>
    void fn().then(
      async () => {
        setNote(done ?? null);
        await refreshMe();
      },
      (e: unknown) => setNote(errorText(e, currentLang())),
    );
  return (
    <main className="page account-page">
      <div className="account-head">
        <h1 data-testid="account-nickname">{me.nickname}</h1>
        <button type="button" className="btn btn-small" onClick={act(() => accountApi.signOut())} data-testid="sign-out">
          {t('account.signOut')}
        </button>
      </div>
      <p className="muted">{t('account.since', { date: date(me.createdAt) })}</p>
      {note && <p className="hint" role="status">{note}</p>}

      <section className="panel">
        <h2>{t('account.games')}</h2>
        {me.seats.length === 0 ? (
          <p className="hint">{t('account.noGames')}</p>
        ) : (
          <ul className="link-list" data-testid="my-seats">
            {me.seats.map((s) => (
              <li key={`${s.table}/${s.seat}`}>
                <SeatLine s={s} />
              </li>
            ))}
          </ul>
        )}
        <p className="option-doc">{t('account.gamesHelp')}</p>
      </section>

      <section className="panel">
        <h2>{t('account.clubs')}</h2>
        {me.clubs.length === 0 ? (
          <p className="hint">{t('account.noClubs')}</p>
        ) : (
          <ul className="link-list">
            {me.clubs.map((c) => (
              <li key={c.id}>
                <Link to={`/account/clubs/${encodeURIComponent(c.id)}`}>{c.name}</Link> <span className="muted">{t(`account.role.${c.role}`)}</span>
              </li>
            ))}
          </ul>
        )}
        <details>
          <summary>{t('account.newClub')}</summary>
          <NewClub />
        </details>
      </section>

      <section className="panel">
        <h2>{t('account.tournaments')}</h2>
        {me.players.length > 0 && (
          <ul className="link-list">
            {me.players.map((p) => (
              <li key={`${p.tournamentId}/${p.playerId}`}>
                {p.playerName} <span className="muted">{t('account.claimedAt', { date: date(p.claimedAt) })}</span>
              </li>
            ))}
          </ul>
        )}
        <MiniForm
          id="claim-code"
          label={t('account.claimCode')}
          button={t('account.claim')}
          max={40}
          testId="claim-code"
          submit={async (v) => {
            const r = await accountApi.claim(v);
            await refreshMe();
            return t('account.claimed', { nickname: r.nickname });
          }}
        />
      </section>

      <section className="panel">
        <h2>{t('account.nicknameTitle')}</h2>
        {me.nicknames.length > 1 && <p className="hint">{t('account.history', { names: me.nicknames.map((n) => n.nickname).join(' → ') })}</p>}
        <MiniForm
          id="rename"
          label={t('account.newNickname')}
          button={t('account.rename')}
          max={32}
          submit={async (v) => {
            await accountApi.rename(v);
            await refreshMe();
            return t('account.renamed');
          }}
        />
        <p className="option-doc">{t('account.mergeConsentHelp')}</p>
        <MiniForm
          id="merge-consent"
          label={t('account.mergeConsent')}
          button={t('account.mergeConsentDo')}
          testId="merge-consent"
          submit={async (v) => {
            const r = await accountApi.consentMerge(v);
            return t('account.mergeConsented', { nickname: r.nickname, date: date(r.until) });
          }}
        />
      </section>

      <section className="panel">
        <h2>{t('account.security')}</h2>
        <p>{t('account.passkeys', { count: me.passkeys.length })}</p>
        {passkeysAvailable() && (
          <button type="button" className="btn" onClick={act(() => accountApi.passkeyRegister(), t('account.passkeyAdded'))} data-testid="add-passkey">
            {t('account.addPasskey')}
          </button>
        )}
        <p>{me.hasPassword ? t('account.hasPassword') : t('account.noPassword')}</p>
        <PasswordForm hasPassword={me.hasPassword} />
      </section>

      <section className="panel">
        <h2>{t('account.privacy')}</h2>
        <p className="option-doc">{t('account.privacyHelp')}</p>
        <a className="btn" href="/api/me/export" download="gorod-account.json" data-testid="export">
          {t('account.export')}
        </a>{' '}
        {confirmDelete ? (
          <span className="confirm">
            <button type="button" className="btn btn-danger" onClick={act(() => accountApi.deleteAccount())} data-testid="delete-confirm">
              {t('account.deleteConfirm')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirmDelete(false)}>
              {t('account.cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="btn" onClick={() => setConfirmDelete(true)} data-testid="delete">
            {t('account.delete')}
          </button>
        )}
      </section>
    </main>
  );
}

function NewClub() {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    accountApi.createClub(id.trim().toLowerCase(), name.trim()).then(
      () => void refreshMe(),
      (x: unknown) => setError(errorText(x, currentLang())),
    );
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor="club-name">{t('account.clubName')}</label>
      <input id="club-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="club-id">{t('account.clubId')}</label>
      <input id="club-id" value={id} maxLength={32} pattern="[a-z0-9-]+" onChange={(e) => setId(e.target.value)} />
      <button type="submit" className="btn" disabled={!id.trim() || !name.trim()}>
        {t('account.createClub')}
      </button>
      {error && <p className="error">{error}</p>}
    </form>
  );
}

export default function AccountPage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me === undefined) return <p className="page muted">{t('app.loading')}</p>;
  return me ? <Signed me={me} /> : <SignInPanel />;
}
