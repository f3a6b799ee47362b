// A table was created: its links (each seat's join link, spectator, display, host/judge), kept in
// this browser so the host can come back to them.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../account/account-api.js';
import { api, errorText } from '../lib/api.js';
import { currentLang } from '../lib/i18n.js';
import { Link, routeParam } from '../lib/router.js';
import { absolute, createdTable, judgeLink, playLink, rememberCreated, seatLink } from '../lib/storage.js';

function Copy({ text }: { text: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true), () => setDone(false));
      }}
    >
      {done ? t('created.copied') : t('created.copy')}
    </button>
  );
}

/** The host seats a registered player by nickname: the seat opens from that player's account. */
function SeatPlayer({ id, hostToken, seats }: { id: string; hostToken: string; seats: number[] }) {
  const { t } = useTranslation();
  const [seat, setSeat] = useState(seats[0] ?? 1);
  const [name, setName] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  if (seats.length === 0) return null;
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    accountApi.seatPlayer(id, seat, hostToken, name.trim()).then(
      (r) => setMsg(t('account.seated', { n: r.seat, nickname: r.nickname })),
      (x: unknown) => setMsg(errorText(x, currentLang())),
    );
  };
  return (
    <section className="panel">
      <h2>{t('account.seatPlayer')}</h2>
      <p className="option-doc">{t('account.seatPlayerHelp')}</p>
      <form className="seat-player" onSubmit={submit}>
        <label htmlFor="seat-player-seat">{t('account.seatNo')}</label>
        <select id="seat-player-seat" value={seat} onChange={(e) => setSeat(Number(e.target.value))}>
          {seats.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <label htmlFor="seat-player-name">{t('account.nickname')}</label>
        <input id="seat-player-name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} data-testid="seat-player-name" />
        <button type="submit" className="btn" disabled={!name.trim()} data-testid="seat-player">
          {t('account.seatPlayerDo')}
        </button>
      </form>
      {msg && <p className="hint" data-testid="seat-player-result">{msg}</p>}
    </section>
  );
}

export function CreatedPage() {
  const { t } = useTranslation();
  const id = routeParam('/created/:id', 'id') ?? '';
  const [tbl, setTbl] = useState(() => createdTable(id));
  const [started, setStarted] = useState<string | null>(null);
  if (!tbl) {
    return (
      <main className="page">
        <h1>{t('created.unknown')}</h1>
        <Link to="/">{t('nav.home')}</Link>
      </main>
    );
  }
  const watch = playLink(id, tbl.spectatorToken);
  const display = `/display/${encodeURIComponent(id)}?token=${encodeURIComponent(tbl.spectatorToken)}`;
  return (
    <main className="page created">
      <h1>{t('created.title', { preset: t(`preset.${tbl.preset}`, { defaultValue: tbl.preset }) })}</h1>
      <p className="hint">{t('created.help')}</p>
      {tbl.commitment && (
        <p className="muted">
          {t('created.commitment')}: <code className="hash">{tbl.commitment}</code>
        </p>
      )}
      <section className="panel">
        <h2>{t('created.seats')}</h2>
        {tbl.seats.some((s) => !s.bot && !s.token) && <p className="hint">{t('created.freeHelp')}</p>}
        <ul className="link-list">
          {tbl.seats.map((s) => (
            <li key={s.seat} data-seat={s.seat}>
              <span className="seat-no">{s.seat}</span>
              {s.bot ? (
                <span className="muted">{t('created.bot')}</span>
              ) : !s.token ? (
                // An open table's seat left to the lobby: nobody holds a link to it until a guest
                // claims it, or the host asks for one to invite someone.
                <>
                  <span className="muted">{t('created.free')}</span>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => {
                      api.seatLink(id, s.seat, tbl.hostToken).then(
                        (r) => {
                          const next = { ...tbl, seats: tbl.seats.map((x) => (x.seat === s.seat ? { ...x, token: r.token, hold: 'reserved' as const } : x)) };
                          rememberCreated(next);
                          setTbl(next);
                        },
                        () => setStarted(t('created.linkFailed')),
                      );
                    }}
                  >
                    {t('created.invite')}
                  </button>
                </>
              ) : (
                <>
                  <Link to={seatLink(id, s.token, s.seat)} className="seat-link">
                    {t('created.playSeat', { n: s.seat })}
                  </Link>
                  <Copy text={absolute(seatLink(id, s.token, s.seat))} />
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <SeatPlayer id={id} hostToken={tbl.hostToken} seats={tbl.seats.filter((s) => !s.bot).map((s) => s.seat)} />
      <section className="panel">
        <h2>{t('created.others')}</h2>
        <ul className="link-list">
          <li>
            <Link to={watch} data-testid="watch-link">
              {t('created.watch')}
            </Link>
            <Copy text={absolute(watch)} />
          </li>
          <li>
            <Link to={display}>{t('created.display')}</Link>
            <Copy text={absolute(display)} />
          </li>
          <li>
            {tbl.mode === 'judge' ? (
              <Link to={judgeLink(id, tbl.hostToken)}>{t('created.judge')}</Link>
            ) : (
              <Link to={playLink(id, tbl.hostToken)}>{t('created.host')}</Link>
            )}
            <span className="muted">{t('created.secret')}</span>
          </li>
        </ul>
        <button
          type="button"
          className="btn"
          onClick={() => {
            api.start(id, tbl.hostToken).then(
              () => setStarted(t('created.started')),
              () => setStarted(t('created.startFailed')),
            );
          }}
        >
          {t('created.startNow')}
        </button>
        {started && <p className="hint">{started}</p>}
        <p className="option-doc">{t('created.autoStart')}</p>
      </section>
    </main>
  );
}
