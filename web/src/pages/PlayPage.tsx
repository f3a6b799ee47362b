// The player's (or spectator's) page at /play/:id?token=…[&seat=N]: nickname, lobby, then the
// table. Connection trouble is said out loud; the client reconnects and resumes by itself.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../lib/api.js';
import { currentLang } from '../lib/i18n.js';
import type { TableInfo } from '../lib/protocol.js';
import { Link, queryParam, routeParam } from '../lib/router.js';
import { nickname, setNickname } from '../lib/storage.js';
import { accountApi } from '../account/account-api.js';
import { loadMe, useMe } from '../account/session.js';
import { useGameClient, useGameSnapshot, type ConnStatus, type GameClient } from '../lib/ws.js';
import { GameOver } from '../table/GameOver.js';
import { HostClock } from '../table/HostClock.js';
import { TableView } from '../table/TableView.js';

export function ConnectionNotice({ status, reconnects }: { status: ConnStatus; reconnects: number }) {
  const { t } = useTranslation();
  const [shownBack, setShownBack] = useState(0);
  const back = reconnects > shownBack && status === 'open';
  useEffect(() => {
    if (!back) return;
    const id = setTimeout(() => setShownBack(reconnects), 4000);
    return () => clearTimeout(id);
  }, [back, reconnects]);
  if (status === 'reconnecting') return <div className="conn conn-lost" role="status" data-testid="conn">{t('conn.reconnecting')}</div>;
  if (status === 'connecting') return <div className="conn" role="status" data-testid="conn">{t('conn.connecting')}</div>;
  if (status === 'closed') return <div className="conn conn-lost" role="status" data-testid="conn">{t('conn.closed')}</div>;
  if (back) return <div className="conn conn-back" role="status" data-testid="conn">{t('conn.back')}</div>;
  return null;
}

function NicknameForm({ id, seat, token, onDone }: { id: string; seat: number; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  // A signed-in player's seat already has the account's nickname: offered first.
  const me = useMe();
  const [name, setName] = useState(me?.nickname ?? nickname());
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    try {
      await api.setName(id, seat, token, n);
      setNickname(n);
      onDone();
    } catch (x) {
      // A started game keeps its names; go to the table anyway.
      if (x instanceof ApiError && x.status === 409) onDone();
      else setError(x instanceof ApiError && x.text ? x.text[currentLang()] : t('join.failed'));
    }
  };
  return (
    <main className="page narrow">
      <form className="panel" onSubmit={(e) => void submit(e)}>
        <h1>{t('join.title', { n: seat })}</h1>
        <label htmlFor="nick">{t('join.nickname')}</label>
        <input id="nick" value={name} maxLength={64} autoFocus onChange={(e) => setName(e.target.value)} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
            {t('join.sit')}
          </button>
          <button type="button" className="btn" onClick={onDone}>
            {t('join.skip')}
          </button>
        </div>
        {error && <p className="error">{error}</p>}
      </form>
    </main>
  );
}

function Lobby({ table, client, host }: { table: TableInfo; client: GameClient; host: boolean }) {
  const { t } = useTranslation();
  const humans = table.seats.filter((s) => !s.bot);
  return (
    <main className="page narrow">
      <section className="panel lobby" aria-label={t('lobby.title')}>
        <h1>{t('lobby.title')}</h1>
        <p className="hint">{t('lobby.waiting', { n: humans.filter((s) => s.connected).length, of: humans.length })}</p>
        <ol className="lobby-seats">
          {table.seats.map((s) => (
            <li key={s.seat} className={s.connected || s.bot ? 'here' : 'away'}>
              <span className="seat-no">{s.seat}</span> {s.name && s.name !== String(s.seat) ? s.name : t('seat.player', { n: s.seat })}{' '}
              <span className="muted">{s.bot ? t('lobby.bot') : s.connected ? t('lobby.here') : t('lobby.away')}</span>
            </li>
          ))}
        </ol>
        {host && (
          <button type="button" className="btn btn-primary" onClick={() => client.start()}>
            {t('lobby.start')}
          </button>
        )}
      </section>
    </main>
  );
}

function Table({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation();
  const client = useGameClient(token);
  const snap = useGameSnapshot(client);
  const [announced, setAnnounced] = useState<string | null>(null);
  // The commitment as published before the game, kept to compare with the final record.
  useEffect(() => {
    if (snap.table?.commitment && announced === null) setAnnounced(snap.table.commitment);
  }, [snap.table?.commitment, announced]);
  useEffect(() => {
    // A handle for the browser tests (they cut the connection to watch the reconnect).
    (window as unknown as { __gorod?: GameClient | null }).__gorod = client;
  }, [client]);
  const notice = <ConnectionNotice status={snap.status} reconnects={snap.reconnects} />;
  if (!client) return null;
  if (snap.status === 'closed' && !snap.view) {
    return (
      <main className="page narrow">
        {notice}
        <p className="error">{snap.error ? snap.error.message[currentLang()] : t('conn.badLink')}</p>
        <Link to="/">{t('nav.home')}</Link>
      </main>
    );
  }
  if (snap.table?.status === 'lobby' || (!snap.view && snap.table)) {
    return (
      <>
        {notice}
        {snap.table && <Lobby table={snap.table} client={client} host={snap.you?.host ?? false} />}
      </>
    );
  }
  if (!snap.view) return <main className="page">{notice}</main>;
  return (
    <main className="page page-table">
      {notice}
      {snap.you?.host && !snap.you.judge && snap.timer && !snap.view.finished && <HostClock client={client} timer={snap.timer} />}
      <TableView
        view={snap.view}
        timer={snap.timer}
        legal={snap.legal}
        send={(c) => client.send(c)}
        over={<GameOver view={snap.view} tableId={id} recordUrl={snap.recordUrl} announced={announced} />}
      />
    </main>
  );
}

/**
 * The seat's credential: the link's token, or — for a signed-in player — the seat bound to the
 * account. A seat link opened while signed in is bound to the account and taken out of the
 * address bar (the session brings it back on any device). Guests: the link as it is.
 */
function useSeatToken(id: string): { token: string | null; seat: number; pending: boolean } {
  const [urlToken] = useState(() => queryParam('token'));
  const [found, setFound] = useState<{ token: string; seat: number } | null>(null);
  const [pending, setPending] = useState(urlToken === null);
  useEffect(() => {
    let live = true;
    void loadMe().then(async (me) => {
      if (!me) return;
      // Only a seat's link (`&seat=N`) is bound: the host's and the spectators' links are not seats.
      if (urlToken && queryParam('seat')) {
        const r = await accountApi.bindSeat(urlToken).catch(() => null);
        if (r && live) window.history.replaceState(window.history.state, '', `/play/${encodeURIComponent(id)}?seat=${r.seat}`);
      } else if (!urlToken) {
        const r = await accountApi.mySeat(id).catch(() => null);
        if (r && live) setFound({ token: r.token, seat: r.seat });
      }
    }).finally(() => live && setPending(false));
    return () => {
      live = false;
    };
  }, [id, urlToken]);
  if (urlToken) return { token: urlToken, seat: Number(queryParam('seat') ?? 0), pending: false };
  return { token: found?.token ?? null, seat: found?.seat ?? Number(queryParam('seat') ?? 0), pending };
}

export function PlayPage() {
  const { t } = useTranslation();
  const id = routeParam('/play/:id', 'id') ?? '';
  const { token, seat, pending } = useSeatToken(id);
  const namedKey = `gorod.named.${id}.${seat}`;
  const [named, setNamed] = useState(() => seat === 0 || sessionStorage.getItem(namedKey) === '1');
  const [info, setInfo] = useState<TableInfo | null>(null);
  useEffect(() => {
    if (named) return;
    api.table(id).then(setInfo, () => setNamed(true));
  }, [id, named]);
  if (!token && pending) return <p className="page muted">{t('app.loading')}</p>;
  if (!token) {
    return (
      <main className="page narrow">
        <h1>{t('join.needLink')}</h1>
        <p className="hint">{t('account.seatFromAccount')}</p>
        <Link to="/account">{t('account.signIn')}</Link> · <Link to="/">{t('nav.home')}</Link>
      </main>
    );
  }
  if (!named) {
    if (!info) return <p className="page muted">{t('app.loading')}</p>;
    if (info.status !== 'lobby') {
      sessionStorage.setItem(namedKey, '1');
      setNamed(true);
      return null;
    }
    return (
      <NicknameForm
        id={id}
        seat={seat}
        token={token}
        onDone={() => {
          sessionStorage.setItem(namedKey, '1');
          setNamed(true);
        }}
      />
    );
  }
  return <Table id={id} token={token} />;
}
