// SPEC §2 "Shared chrome": header navigation, menu overlay, Sign in / avatar menu, footers, cookie banner.
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useStore } from 'zustand';
import { client } from '../data/app-data.ts';
import { authStore, signOut } from '../data/auth.ts';
import { CONSENT_KEY, trackPageView } from './analytics.ts';
import { InstallButton } from './install-button.tsx';
import { OutboxPanel } from './outbox-panel.tsx';
import { SyncIndicator } from './sync-indicator.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

const NAV = [
  { to: '/breeds', label: 'Breeds' },
  { to: '/kittens', label: 'Kittens' },
  { to: '/breeders', label: 'Breeders' },
  { to: '/pet-products', label: 'Pet Products' },
  { to: '/visitors-choice', label: "Visitor's Choice" },
  { to: '/schedule', label: 'Schedule' },
] as const;

const BANNER_DISMISSED_KEY = 'cookie-banner-dismissed';

function CookieBanner() {
  const [visible, setVisible] = useState(
    () => localStorage.getItem(CONSENT_KEY) === null && sessionStorage.getItem(BANNER_DISMISSED_KEY) === null,
  );
  const location = useLocation();
  if (!visible) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies to remember your choices and, with your consent, to count page views. Read our{' '}
        <Link to="/privacy">privacy policy</Link>.
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

function AccountMenu() {
  const { user } = useStore(authStore);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  if (!user) {
    return (
      <Link to="/login" className="sign-in">
        Sign in
      </Link>
    );
  }
  return (
    <div className="account-menu">
      <button type="button" className="avatar" aria-haspopup="menu" aria-expanded={open} aria-label={`Account menu for ${user.name}`} onClick={() => setOpen((o) => !o)}>
        {user.avatar_url ? <img src={user.avatar_url} alt="" width={32} height={32} /> : user.name.slice(0, 1).toUpperCase()}
      </button>
      {open && (
        // Choosing an entry closes the menu.
        <ul className="account-menu-list" role="menu" onClick={() => setOpen(false)}>
          <li role="none">
            <Link role="menuitem" to="/profile">Profile</Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/settings">Settings</Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={async () => {
                await signOut(client);
                navigate('/');
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => trackPageView(location.pathname), [location.pathname]);

  return (
    <>
      <a href="#main" className="skip-link">Skip to content</a>
      <header className="site-header">
        <Link to="/" className="brand">
          PurrFect Show
        </Link>
        <nav aria-label="Main" className="main-nav">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <InstallButton />
        <OutboxPanel />
        <SyncIndicator />
        <AccountMenu />
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="menu-overlay"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </header>
      {menuOpen && (
        // Following a link closes the overlay.
        <nav id="menu-overlay" className="menu-overlay" aria-label="Menu" onClick={() => setMenuOpen(false)}>
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to}>
              {n.label}
            </NavLink>
          ))}
        </nav>
      )}
      <div id="main">
        <Outlet />
      </div>
      <footer className="site-footer">
        <nav aria-label="Footer">
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
        </nav>
      </footer>
      <footer className="site-copyright">
        <p>© {new Date().getFullYear()} PurrFect Show · an offline-first companion for the show floor</p>
      </footer>
      <CookieBanner />
      <UpdatePrompt />
    </>
  );
}
