// `/t`: the tournaments on this server, newest first, and the way to a new one.
import { useEffect, useState } from 'react';
import { dateLocale } from '../lib/i18n.js';
import { Link } from '../lib/router.js';
import { ErrorLine, useErr } from './common.js';
import { useT } from './i18n.js';
import { organizerToken, tapi } from './tapi.js';
import './tournament.css';

export default function TournamentsPage() {
  const { t } = useT();
  const [list, setList] = useState<Awaited<ReturnType<typeof tapi.list>> | null>(null);
  const [err, setErr] = useErr();
  useEffect(() => {
    tapi.list().then(setList, setErr);
  }, []);
  return (
    <main className="page narrow tpage" data-testid="tournaments">
      <h1>{t('list.title')}</h1>
      <Link to="/t/new" className="btn btn-primary" data-testid="new-tournament">
        {t('list.new')}
      </Link>
      <ErrorLine error={err} />
      <ul className="tlist">
        {(list ?? []).map((x) => (
          <li key={x.id}>
            <Link to={`/t/${x.id}`}>{x.name}</Link>{' '}
            <span className="muted small">
              {new Date(x.createdAt).toLocaleDateString(dateLocale())} · {t('head.players', { count: x.players })}
              {organizerToken(x.id) ? ` · ${t('list.yours')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {list && list.length === 0 && <p className="muted">{t('list.none')}</p>}
    </main>
  );
}
