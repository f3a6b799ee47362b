// The app shell: header (home, rules, replay, language), the router and the lazy routes.
// The replay viewer, rules pages and the judge/display/protocol routes load on demand so the
// first screen stays small.
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from './lib/i18n.js';
import { Link, matchPath, useLocation } from './lib/router.js';
import { AccountBadge } from './account/AccountBadge.js';
import { HomePage } from './pages/HomePage.js';
import { CreatedPage } from './pages/CreatedPage.js';
import { PlayPage } from './pages/PlayPage.js';
import { ForumNeeds } from './forum/ForumNeeds.js';

const ReplayPage = lazy(() => import('./pages/ReplayPage.js'));
const RulesPage = lazy(() => import('./pages/RulesPage.js'));
const JudgePage = lazy(() => import('./judge/JudgePage.js'));
const DisplayPage = lazy(() => import('./display/DisplayPage.js'));
const ProtocolPage = lazy(() => import('./protocol/ProtocolPage.js'));
const BalancePage = lazy(() => import('./pages/BalancePage.js'));
const ForumPage = lazy(() => import('./forum/ForumPage.js'));
const AccountPage = lazy(() => import('./account/AccountPage.js'));
const ClubAdminPage = lazy(() => import('./account/ClubAdminPage.js'));
// Tournaments, players and clubs: one lazily loaded group of chunks (issue 17).
const TournamentsPage = lazy(() => import('./tournament/TournamentsPage.js'));
const NewTournamentPage = lazy(() => import('./tournament/NewTournamentPage.js'));
const TournamentPage = lazy(() => import('./tournament/TournamentPage.js'));
const GamePage = lazy(() => import('./tournament/GamePage.js'));
const ScreenPage = lazy(() => import('./tournament/ScreenPage.js'));
const PlayerPage = lazy(() => import('./tournament/PlayerPage.js'));
const ClubPage = lazy(() => import('./tournament/ClubPage.js'));

interface Route {
  pattern: string;
  Page: ComponentType;
  /** Full-screen pages (the table display, the judge's console) draw without the app header. */
  bare?: boolean;
}

const ROUTES: Route[] = [
  { pattern: '/', Page: HomePage },
  { pattern: '/created/:id', Page: CreatedPage },
  { pattern: '/play/:id', Page: PlayPage },
  { pattern: '/replay', Page: ReplayPage },
  { pattern: '/replay/:id', Page: ReplayPage },
  { pattern: '/rules', Page: RulesPage },
  { pattern: '/rules/:preset', Page: RulesPage },
  { pattern: '/rules/:preset/full', Page: RulesPage },
  // The console has its own sticky header (phase, undo): every pixel of a phone goes to the game.
  { pattern: '/judge/:id', Page: JudgePage, bare: true },
  { pattern: '/display/:id', Page: DisplayPage, bare: true },
  { pattern: '/protocol/:id', Page: ProtocolPage },
  { pattern: '/balance', Page: BalancePage },
  // Forum games (docs/forum.md): the list, a game and its tabs, seasons (/f/s/…), players (/f/p/…).
  ...['/f', '/f/:id', '/f/:id/:tab'].map((pattern) => ({ pattern, Page: ForumPage })),
  { pattern: '/account', Page: AccountPage },
  { pattern: '/account/clubs/:club', Page: ClubAdminPage },
  { pattern: '/t', Page: TournamentsPage },
  { pattern: '/t/new', Page: NewTournamentPage },
  { pattern: '/t/:id', Page: TournamentPage },
  { pattern: '/t/:id/game/:round/:table', Page: GamePage },
  // The hall's screen is for a projector or a stream overlay: no app header.
  { pattern: '/t/:id/screen', Page: ScreenPage, bare: true },
  { pattern: '/players/:nickname', Page: PlayerPage },
  { pattern: '/clubs/:club', Page: ClubPage },
];

export function LangSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'ru' : 'en';
  return (
    <button type="button" className="btn btn-small lang-switch" onClick={() => setLang(next)} aria-label={t('nav.switchLang')} data-testid="lang-switch">
      {next === 'en' ? 'EN' : 'RU'}
    </button>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <h1>{t('nav.notFound')}</h1>
      <Link to="/">{t('nav.home')}</Link>
    </main>
  );
}

export function App() {
  const { t } = useTranslation();
  const path = useLocation().split('?')[0]!;
  const route = ROUTES.find((r) => matchPath(r.pattern, path) !== null);
  const Page = route?.Page ?? NotFound;
  return (
    <div className="app" lang={currentLang()}>
      {!route?.bare && (
        <header className="app-header">
          <Link to="/" className="logo">
            {t('app.name')}
          </Link>
          <nav className="app-nav" aria-label={t('nav.main')}>
            <Link to="/t">{t('nav.tournaments')}</Link>
            <Link to="/rules">{t('nav.rules')}</Link>
            <Link to="/replay">{t('nav.replay')}</Link>
            <Link to="/balance">{t('nav.balance')}</Link>
            <Link to="/f">{t('forum.title')}</Link>
          </nav>
          <AccountBadge />
          <LangSwitch />
        </header>
      )}
      {!route?.bare && <ForumNeeds />}
      <Suspense fallback={<p className="page muted">{t('app.loading')}</p>}>
        <Page key={path} />
      </Suspense>
    </div>
  );
}
