// What needs me now in my forum games, on every page of the app: the open vote I have not cast,
// a night move owed, an unread message from the host, a deadline within the hour. While a tab
// is open the browser's notifications say so too (once per need), if the player allows them.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.js';
import { call, FORUM_CHANGED, keys, type Need } from './api.js';

interface Owed {
  id: string;
  title: string;
  needs: Need[];
}

const POLL_MS = 60_000;

export function ForumNeeds() {
  const { t } = useTranslation();
  const [owed, setOwed] = useState<Owed[]>([]);
  const told = useRef(new Set<string>());
  const [perm, setPerm] = useState<string>(() => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission));
  useEffect(() => {
    let stop = false;
    const poll = () => {
      const games = Object.entries(keys()).map(([id, key]) => ({ id, key }));
      if (games.length === 0) return;
      call<{ games: Owed[] }>('POST', '/needs', undefined, { games: games.slice(0, 50) }).then(
        (r) => {
          if (stop) return;
          setOwed(r.games);
          if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
            for (const g of r.games)
              for (const n of g.needs) {
                const id = `${g.id}:${n.kind}:${n.deadline ?? ''}:${n.soon ? 1 : 0}`;
                if (told.current.has(id)) continue;
                told.current.add(id);
                new Notification(g.title, { body: `${t(`forum.needs.${n.kind}`)}${n.soon ? ` — ${t('forum.needs.soon')}` : ''}`, tag: id });
              }
        },
        () => undefined,
      );
    };
    poll();
    const h = setInterval(poll, POLL_MS);
    // A key just kept, a vote cast, a message read: the banner says so now, not a minute later.
    let soon: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(soon);
      soon = setTimeout(poll, 300);
    };
    window.addEventListener(FORUM_CHANGED, again);
    return () => {
      stop = true;
      clearInterval(h);
      clearTimeout(soon);
      window.removeEventListener(FORUM_CHANGED, again);
    };
  }, [t]);
  if (owed.length === 0) return null;
  return (
    <div className="f-needs" role="status" data-testid="forum-needs">
      {owed.map((g) =>
        g.needs.map((n) => (
          <Link key={`${g.id}${n.kind}`} to={n.kind === 'vote' ? `/f/${g.id}/votes` : n.kind === 'message' || n.kind === 'night' || n.kind === 'lawyer' || n.kind === 'kamikaze' ? `/f/${g.id}/private` : `/f/${g.id}`} className={n.soon ? 'soon' : ''}>
            {g.title}: {t(`forum.needs.${n.kind}`)}
            {n.soon ? ` — ${t('forum.needs.soon')}` : ''}
          </Link>
        )),
      )}
      {perm === 'default' && (
        <button type="button" className="btn btn-small" onClick={() => void Notification.requestPermission().then(setPerm)}>
          {t('forum.needs.enable')}
        </button>
      )}
    </div>
  );
}
