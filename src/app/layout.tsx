// SPEC §2 "Shared chrome": header navigation, menu overlay, Sign in / avatar menu, footers, cookie banner.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { AccountMenu } from './account-menu.tsx';
import { CONSENT_KEY, trackPageView } from './analytics.ts';
import { InsecureNotice } from './insecure-notice.tsx';
import { InstallButton } from './install-button.tsx';
import { MenuOverlay } from './menu-overlay.tsx';
import { useOfflineReady } from './offline-ready.ts';
import { offlineReadyState } from './offline-ready-said.ts';
import { OfflineReadyNotice } from './offline-ready-notice.tsx';
import { ReadyForTheHall } from '../features/offline/ready-for-the-hall.tsx';
import { SEARCH_LINK_LABEL, SEARCH_PATH } from '../features/search/search-route.ts';
import { OutdatedMessage } from './outdated-message.tsx';
import { RemindersSlot } from './reminders-slot.tsx';
import { StorageMessage } from './storage-message.tsx';
import { SyncIndicator } from './sync-indicator.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { focusWasLost } from '../ui/focus.ts';
import { GeocodeCacheContext } from '../ui/map/geocode-cache.ts';
import type { GeocodeCache } from '../ui/map/geo.ts';
import { APP_NAME } from '../ui/use-document-title.ts';
import { paths } from '../../shared/paths.ts';
// The outbox panel's styles come with the shell's, though the panel loads later: a file of their own would
// cost a first visit a request for less than a kilobyte.
import './outbox-panel.css';

// Maps keep geocoded addresses in the mirror's meta table, so a second visit needs no request. Reached
// through a dynamic import: the shell carries no Dexie (src/data/mirror-start.ts).
const mirrorMeta = () => import('../data/mirror.ts').then((m) => m.db.meta);
const mirrorGeocodeCache: GeocodeCache = {
  get: async (key) => (await mirrorMeta()).get(key),
  put: async (entry) => (await mirrorMeta()).put(entry),
};

// The outbox's badge reads the outbox (Dexie): its own chunk, shown as soon as it has loaded.
const OutboxPanel = lazy(() => import('./outbox-panel.tsx').then((m) => ({ default: m.OutboxPanel })));

const NAV = [
  { to: '/breeds', label: 'Breeds' },
  { to: '/kittens', label: 'Kittens' },
  { to: '/breeders', label: 'Breeders' },
  { to: '/catalogue', label: 'Catalogue' },
  { to: '/pet-products', label: 'Pet Products' },
  { to: '/visitors-choice', label: "Visitor's Choice" },
  { to: '/schedule', label: 'Schedule' },
  { to: '/my-show', label: 'My show' },
] as const;

/**
 * The menu overlay's links: the header's, the floor plan, the rings and the results after the schedule, and
 * the glossary last (eight links already fill a desktop header; they are one tap from the event page and
 * home there, the glossary from About).
 */
const MENU = [
  ...NAV.slice(0, NAV.findIndex((n) => n.to === '/schedule') + 1),
  { to: paths.floorPlan(), label: 'Floor plan' },
  { to: paths.rings(), label: 'Rings' },
  { to: paths.results(), label: 'Results' },
  ...NAV.slice(NAV.findIndex((n) => n.to === '/schedule') + 1),
  { to: paths.glossary(), label: 'Glossary' },
];

const BANNER_DISMISSED_KEY = 'cookie-banner-dismissed';

function CookieBanner() {
  const [visible, setVisible] = useState(() => localStorage.getItem(CONSENT_KEY) === null && sessionStorage.getItem(BANNER_DISMISSED_KEY) === null);
  const location = useLocation();
  if (!visible) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies to remember your choices and, with your consent, to count page views. Read our <Link to="/privacy">privacy policy</Link>.
      </p>
      <button
        type="button"
        onClick={() => {
          localStorage.setItem(CONSENT_KEY, 'true');
          setVisible(false);
          trackPageView(location.pathname);
        }}
      >
        Accept
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Close"
        onClick={() => {
          // Closing without accepting hides the banner for this session only.
          sessionStorage.setItem(BANNER_DISMISSED_KEY, 'true');
          setVisible(false);
        }}
      >
        ×
      </button>
    </section>
  );
}

export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const offline = offlineReadyState(useOfflineReady(), 'serviceWorker' in navigator);
  useEffect(() => trackPageView(location.pathname), [location.pathname]);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const shownPath = useRef(location.pathname);
  // After a route change, focus lost with the link that was followed (a card, an overlay entry) goes to
  // the new content rather than back to the top of the document.
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (focusWasLost()) mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          {APP_NAME}
        </Link>
        <nav aria-label="Main" className="main-nav">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        {/* On a phone these take a second row of the header, so the name and the account never squeeze. */}
        <div className="header-status">
          <SyncIndicator />
          <Suspense fallback={null}>
            <OutboxPanel />
          </Suspense>
          <InstallButton />
          {/* Search, last in the row (on a phone the second one); app.css draws its magnifier. */}
          <Link to={SEARCH_PATH} className="search-link" aria-label={SEARCH_LINK_LABEL} />
        </div>
        {/* In the banner landmark; drawn under the header (offline-ready-notice.css). */}
        <OfflineReadyNotice />
        <AccountMenu />
        <button type="button" ref={menuToggle} className="menu-button" aria-expanded={menuOpen} aria-controls="menu-overlay" onClick={() => setMenuOpen((o) => !o)}>
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </header>
      {menuOpen && <MenuOverlay links={MENU} toggle={menuToggle} onClose={() => setMenuOpen(false)} />}
      <StorageMessage />
      <OutdatedMessage />
      <InsecureNotice />
      {/* The skip link's target; behind the open overlay the page is inert. */}
      <div id="main" ref={mainRef} tabIndex={-1} inert={menuOpen}>
        <GeocodeCacheContext.Provider value={mirrorGeocodeCache}>
          <Outlet />
        </GeocodeCacheContext.Provider>
      </div>
      <footer className="site-footer" inert={menuOpen}>
        <ReadyForTheHall offline={offline} />
        <nav aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
        </nav>
        {/* The second footer-like block (SPEC §2) shares the one contentinfo landmark. */}
        <div className="site-copyright">
          <p>© {new Date().getFullYear()} PurrFect Show · an offline-first companion for the show floor</p>
        </div>
      </footer>
      <CookieBanner />
      <UpdatePrompt />
      <RemindersSlot />
    </>
  );
}
