// /account/clubs/:club: a club for its members — who is in it with which role; owners change
// roles, add and remove members and merge duplicate accounts; owners and judges ban players from
// a forum season, make the club's forum seasons, hand out claim codes and read the audit log (who
// did what, when).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { Link, routeParam } from '../lib/router.js';
import { call as forumCall, ForumApiError } from '../forum/api.js';
import { accountApi, type ClubAdmin, type ClubRole } from './account-api.js';
import { useMe } from './session.js';
import './account.css';

const ROLES: ClubRole[] = ['owner', 'judge', 'member'];

/** The words an audit line names from its detail: a season, a role (in the reader's language). */
function auditWords(detail: unknown, t: (k: string) => string): Record<string, string> {
  const d = (detail ?? {}) as { season?: unknown; role?: unknown };
  return {
    season: typeof d.season === 'string' ? d.season : '',
    role: typeof d.role === 'string' ? t(`account.role.${d.role}`) : '',
  };
}

function Form({ fields, button, submit, done }: { fields: { id: string; label: string; options?: string[] }[]; button: string; submit: (v: Record<string, string>) => Promise<unknown>; done: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.id, f.options?.[0] ?? ''])));
  const [msg, setMsg] = useState<string | null>(null);
  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    submit(v).then(
      () => {
        setMsg(null);
        done();
      },
      (x: unknown) => setMsg(errorText(x, currentLang())),
    );
  };
  return (
    <form className="mini-form" onSubmit={onSubmit}>
      {fields.map((f) => (
        <div key={f.id}>
          <label htmlFor={`f-${f.id}`}>{f.label}</label>
          {f.options ? (
            <select id={`f-${f.id}`} value={v[f.id]} onChange={(e) => setV({ ...v, [f.id]: e.target.value })}>
              {f.options.map((o) => (
                <option key={o} value={o}>
                  {t(`account.role.${o}`)}
                </option>
              ))}
            </select>
          ) : (
            <input id={`f-${f.id}`} value={v[f.id]} maxLength={64} onChange={(e) => setV({ ...v, [f.id]: e.target.value })} />
          )}
        </div>
      ))}
      <button type="submit" className="btn">
        {button}
      </button>
      {msg && <p className="hint" data-testid="club-form-result">{msg}</p>}
    </form>
  );
}

/** A one-time code for one registered player of one of the club's tournaments, both picked by name. */
function ClaimCodeForm({ club }: { club: ClubAdmin }) {
  const { t } = useTranslation();
  const [tid, setTid] = useState(club.tournaments[0]?.id ?? '');
  const players = club.tournaments.find((x) => x.id === tid)?.players ?? [];
  const [pid, setPid] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    accountApi.claimCode(club.id, tid, pid || players[0]!.id).then(
      (r) => setMsg(t('club.codeFor', { code: r.code, nickname: r.nickname })),
      (x: unknown) => setMsg(errorText(x, currentLang())),
    );
  };
  return (
    <form className="mini-form" onSubmit={submit}>
      <label htmlFor="code-tournament">{t('club.tournament')}</label>
      <select id="code-tournament" value={tid} onChange={(e) => (setTid(e.target.value), setPid(''))}>
        {club.tournaments.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      <label htmlFor="code-player">{t('club.player')}</label>
      <select id="code-player" value={pid || players[0]?.id || ''} onChange={(e) => setPid(e.target.value)}>
        {players.map((p) => (
          <option key={p.id} value={p.id}>
            {p.nickname}
          </option>
        ))}
      </select>
      <button type="submit" className="btn" disabled={players.length === 0}>
        {t('club.makeCode')}
      </button>
      {msg && (
        <p className="hint" data-testid="claim-code-result">
          {msg}
        </p>
      )}
    </form>
  );
}

interface ClubSeason {
  id: string;
  name: string;
  club?: { id: string; season: string };
}

/**
 * The club's forum seasons, and a new one (owners and judges): the club's bans for its season name
 * keep banned players out of the season's games. The season's admin key is shown once.
 */
function ForumSeasons({ club }: { club: ClubAdmin }) {
  const { t } = useTranslation();
  const [seasons, setSeasons] = useState<ClubSeason[]>([]);
  const [name, setName] = useState('');
  const [clubSeason, setClubSeason] = useState('');
  const [made, setMade] = useState<{ id: string; adminKey: string } | null>(null);
  const [msg, setMsg] = useState<string | null>(null);
  const lang = currentLang();
  const load = useCallback(() => {
    forumCall<{ seasons: ClubSeason[] }>('GET', '/seasons').then((r) => setSeasons(r.seasons.filter((x) => x.club?.id === club.id)), () => undefined);
  }, [club.id]);
  useEffect(load, [load]);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const body = { name: name.trim(), club: club.id, ...(clubSeason.trim() ? { clubSeason: clubSeason.trim() } : {}) };
    forumCall<{ id: string; adminKey: string }>('POST', '/seasons', undefined, body).then(
      (r) => {
        setMade(r);
        setMsg(null);
        load();
      },
      (x: unknown) => setMsg(x instanceof ForumApiError ? x.error.message[lang] : errorText(x, lang)),
    );
  };
  return (
    <>
      {seasons.length > 0 && (
        <ul className="link-list" data-testid="club-seasons">
          {seasons.map((x) => (
            <li key={x.id}>
              <Link to={`/f/s/${x.id}`}>{x.name}</Link> <span className="muted">{t('club.seasonBans', { season: x.club?.season ?? x.name })}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="mini-form" onSubmit={submit}>
        <label htmlFor="season-name">{t('club.seasonName')}</label>
        <input id="season-name" value={name} maxLength={120} required onChange={(e) => setName(e.target.value)} />
        <label htmlFor="season-club-name">{t('club.seasonClubName')}</label>
        <input id="season-club-name" value={clubSeason} maxLength={40} placeholder={name} onChange={(e) => setClubSeason(e.target.value)} />
        <button type="submit" className="btn">
          {t('club.seasonCreate')}
        </button>
        {msg && <p className="hint">{msg}</p>}
        {made && (
          <p className="hint" data-testid="season-made">
            {t('club.seasonMade', { key: made.adminKey })} <Link to={`/f/s/${made.id}`}>{`/f/s/${made.id}`}</Link>
          </p>
        )}
      </form>
    </>
  );
}

export default function ClubAdminPage() {
  const { t } = useTranslation();
  const clubId = routeParam('/account/clubs/:club', 'club') ?? '';
  const me = useMe();
  const [club, setClub] = useState<ClubAdmin | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    accountApi.club(clubId).then(setClub, (e: unknown) => setError(errorText(e, currentLang())));
  }, [clubId]);
  useEffect(() => {
    if (me) load();
  }, [me, load]);
  if (me === undefined) return <p className="page muted">{t('app.loading')}</p>;
  if (me === null) {
    return (
      <main className="page narrow">
        <p>{t('account.signInFirst')}</p>
        <Link to="/account">{t('account.signIn')}</Link>
      </main>
    );
  }
  if (error) return <main className="page narrow"><p className="error">{error}</p></main>;
  if (!club) return <p className="page muted">{t('app.loading')}</p>;
  const owner = club.role === 'owner';
  const staff = club.role !== 'member';
  const when = (ms: number): string => new Date(ms).toLocaleString(dateLocale(), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <main className="page account-page">
      <h1>{club.name}</h1>
      <p className="muted">{t('club.yourRole', { role: t(`account.role.${club.role}`) })}</p>
      <section className="panel">
        <h2>{t('club.members')}</h2>
        <ul className="link-list" data-testid="club-members">
          {club.members.map((m) => (
            <li key={m.nickname}>
              {m.nickname} <span className="muted">{t(`account.role.${m.role}`)}</span>
              {owner && m.nickname !== me.nickname && (
                <button type="button" className="btn btn-small" onClick={() => void accountApi.removeMember(club.id, m.nickname).then(load, (e: unknown) => setError(errorText(e, currentLang())))}>
                  {t('club.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {owner && (
          <Form
            fields={[
              { id: 'nickname', label: t('account.nickname') },
              { id: 'role', label: t('club.role'), options: ROLES.slice().reverse() },
            ]}
            button={t('club.setRole')}
            submit={(v) => accountApi.setRole(club.id, v['nickname']!, v['role'] as ClubRole)}
            done={load}
          />
        )}
      </section>
      {staff && (
        <section className="panel">
          <h2>{t('club.bans')}</h2>
          {club.bans && club.bans.length > 0 && (
            <ul className="link-list">
              {club.bans.map((b) => (
                <li key={`${b.nickname}/${b.season}`}>
                  {b.nickname} <span className="muted">{t('club.banLine', { season: b.season, reason: b.reason ?? '—' })}</span>
                </li>
              ))}
            </ul>
          )}
          <Form
            fields={[
              { id: 'nickname', label: t('account.nickname') },
              { id: 'season', label: t('club.season') },
              { id: 'reason', label: t('club.reason') },
            ]}
            button={t('club.ban')}
            submit={(v) => accountApi.ban(club.id, v['nickname']!, v['season']!, v['reason'])}
            done={load}
          />
        </section>
      )}
      {staff && (
        <section className="panel">
          <h2>{t('club.forumSeasons')}</h2>
          <p className="option-doc">{t('club.forumSeasonsHelp')}</p>
          <ForumSeasons club={club} />
        </section>
      )}
      {staff && club.tournaments.length > 0 && (
        <section className="panel">
          <h2>{t('club.claimCodes')}</h2>
          <p className="option-doc">{t('club.claimHelp')}</p>
          <ClaimCodeForm club={club} />
        </section>
      )}
      {owner && (
        <section className="panel">
          <h2>{t('club.merge')}</h2>
          <p className="option-doc">{t('club.mergeHelp')}</p>
          <Form
            fields={[
              { id: 'from', label: t('club.mergeFrom') },
              { id: 'into', label: t('club.mergeInto') },
            ]}
            button={t('club.mergeDo')}
            submit={(v) => accountApi.merge(club.id, v['from']!, v['into']!)}
            done={load}
          />
        </section>
      )}
      {club.audit && (
        <section className="panel">
          <h2>{t('club.audit')}</h2>
          <ul className="audit" data-testid="club-audit">
            {club.audit.map((e) => (
              <li key={e.id}>
                <span className="muted">{when(e.at)}</span> <b>{e.byToken ? t('club.byToken') : e.actor}</b> {t(`club.action.${e.action}`, { defaultValue: e.action, ...auditWords(e.detail, t) })} {e.target && <span>{e.target}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
