// `/t/:id`: one tournament — its players, seating, rounds and standings, as tabs (`?tab=`). The
// organizer (this browser holds the token) gets the controls; everyone else reads.
import { useLocation, Link, routeParam } from '../lib/router.js';
import { currentLang, dateLocale } from '../lib/i18n.js';
import { ErrorLine, useTournament } from './common.js';
import { useT } from './i18n.js';
import { PlayersTab } from './PlayersTab.js';
import { RoundsTab } from './RoundsTab.js';
import { SeatingTab } from './SeatingTab.js';
import { StandingsTab } from './StandingsTab.js';
import './tournament.css';

const TABS = ['players', 'seating', 'rounds', 'standings'] as const;
type Tab = (typeof TABS)[number];

export default function TournamentPage() {
  const { t } = useT();
  const id = routeParam('/t/:id', 'id') ?? '';
  const loc = useLocation();
  const q = new URLSearchParams(loc.split('?')[1] ?? '');
  const want = q.get('tab') as Tab | null;
  const L = useTournament(id);
  const doc = L.t;
  const tab: Tab = want && TABS.includes(want) ? want : doc && doc.rounds.length > 0 ? 'standings' : 'players';
  if (!doc) {
    return (
      <main className="page tpage">
        <ErrorLine error={L.error} />
        {!L.error && <p className="muted">{t('loading')}</p>}
      </main>
    );
  }
  const sch = doc.options.schedule;
  const dates = sch?.from ? (sch.to && sch.to !== sch.from ? `${fmtDate(sch.from)} — ${fmtDate(sch.to)}` : fmtDate(sch.from)) : null;
  return (
    <main className="page tpage" data-testid="t-page" data-revision={doc.revision}>
      <header className="thead">
        <h1 data-testid="t-title">{doc.name}</h1>
        <p className="muted small">
          {[dates, doc.scoring.name[currentLang()], t('head.players', { count: doc.players.length }), sch?.finished ? t('head.finished') : null].filter(Boolean).join(' · ')}
        </p>
        <div className="thead-links no-print">
          <Link to={`/t/${id}/screen`} data-testid="screen-link">
            {t('head.screen')}
          </Link>
          {!L.token && <span className="muted small">{t('head.readOnly')}</span>}
        </div>
      </header>
      <nav className="ttabs no-print" role="tablist" aria-label={t('head.tabs')}>
        {TABS.map((x) => (
          <Link key={x} to={`/t/${id}?tab=${x}`} role="tab" aria-selected={tab === x} className={tab === x ? 'on' : ''} data-testid={`tab-${x}`}>
            {t(`tabs.${x}`)}
          </Link>
        ))}
      </nav>
      <ErrorLine error={L.error} />
      {tab === 'players' && <PlayersTab L={L} doc={doc} />}
      {tab === 'seating' && <SeatingTab L={L} doc={doc} />}
      {tab === 'rounds' && <RoundsTab L={L} doc={doc} />}
      {tab === 'standings' && <StandingsTab L={L} doc={doc} />}
    </main>
  );
}

export function fmtDate(iso: string): string {
  const d = new Date(`${iso}T12:00:00`);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(dateLocale(), { day: 'numeric', month: 'long', year: 'numeric' });
}
